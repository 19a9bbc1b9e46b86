// The chat's pure helpers (chat.js), run with `node --test crates/server/ui/tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeChat, chatTime } from '../chat.js';

const line = (n, text = `line ${n}`) => ({ n, at: 1_700_000_000 + n, seat: n % 2 ? 'union' : 'confederate', text });

test('chat lines merge one per number, in order, whatever order they arrive in', () => {
  const have = [line(0), line(2)];
  const merged = mergeChat(have, [line(3), line(1), line(2)]);
  assert.deepEqual(merged.map((l) => l.n), [0, 1, 2, 3]);
  // A line pushed twice (socket and fetch) is kept once; the input is not changed.
  assert.equal(mergeChat(merged, [line(3)]).length, 4);
  assert.equal(have.length, 2);
  assert.deepEqual(mergeChat([], []), []);
});

test('a chat time is hours and minutes', () => {
  assert.match(chatTime(0, 'en-GB'), /^\d\d:\d\d$/);
});
