// The map marks' pure helpers (marks.js), run with `node --test crates/server/ui/tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fireArrows, FIRE_ARROWS } from '../marks.js';

test('arrows for the latest fire and melee actions with both hexes, newest first', () => {
  const recent = [
    { ply: 1, kind: 'fire', from: '0101', hex: '0102', label: 'old volley' },
    { ply: 2, kind: 'move', from: null, hex: '0203', label: 'a move' },
    { ply: 3, kind: 'chance', label: 'Rolled 6' },
    { ply: 4, kind: 'melee', from: '0301', hex: '0302', label: 'melee marker' },
    { ply: 5, kind: 'fire', hex: '0402', label: 'bombard, no firing hex' },
    { ply: 6, kind: 'fire', from: '0501', hex: '0501', label: 'same hex' },
  ];
  const arrows = fireArrows(recent);
  assert.deepEqual(arrows.map((a) => [a.label, a.age]), [['melee marker', 0], ['old volley', 1]]);
  assert.equal(arrows[0].kind, 'melee');
  const many = Array.from({ length: 9 }, (_, i) => ({ kind: 'fire', from: '0101', hex: '0102', label: `v${i}` }));
  assert.equal(fireArrows(many).length, FIRE_ARROWS);
  assert.equal(fireArrows(many)[0].label, 'v8');
  assert.deepEqual(fireArrows(undefined), []);
});
