// The game page's pure helpers (app.js), run with `node --test crates/server/ui/tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  indexActions, targetsFor, actionsAt, soleUnit, defaultButton, groupBy, unitName, mergeLog,
  percent, oddsRows, oddsSummary, changeText, stopText, reachStopsText, wsUrl, backoff, gameIdFromPath, seatFromSearch, turnText, outcomeText,
  loadGames, rememberGame, forgetGame, errorText, ApiError, recentRows, logKey, facingBearing,
  togetherGroups, pickedOption, menuEntries,
} from '../app.js';

test('a counter\'s facing as a page bearing: vertices between hexsides, hexsides on them', () => {
  assert.equal(facingBearing({ facing: 0 }), 30, 'vertex 0 lies between N and NE');
  assert.equal(facingBearing({ facing: 5 }), 330);
  assert.equal(facingBearing({ faces_side: 3 }), 180, 'hexside S');
  assert.equal(facingBearing({ facing: null }), null, 'Belmont counters face no way');
  assert.equal(facingBearing(undefined), null);
});

test('log events fold by the other side and unit; the reader\'s own and unit-less ones do not', () => {
  const e = (by, unit) => ({ rule: 'r', text: 't', ply: 3, by, unit });
  assert.equal(logKey(e('confederate', 'cox'), 'union'), 'confederate/cox');
  assert.equal(logKey(e('union', 'cox'), 'union'), null, 'the reader\'s own events stay lines');
  assert.equal(logKey(e('union', 'cox'), null), 'union/cox', 'a spectator folds both sides');
  assert.equal(logKey(e('confederate', undefined), 'union'), null, 'no unit, no fold');
  assert.equal(logKey({ rule: 'r', text: 't' }, 'union'), null, 'set-up events stay lines');
});

const act = (index, kind, unit, hex, label = `${kind} ${unit} ${hex}`) => ({ index, kind, unit, hex, from: null, label, action: { index } });

test('actions are indexed by unit and hex, buttons apart', () => {
  const list = [
    act(0, 'done', null, null, 'Done'),
    act(1, 'move', 'u1', '0101'),
    act(2, 'move', 'u1', '0102'),
    act(3, 'fire', 'u1', '0102'),
    act(4, 'place', 'u2', '0303'),
    act(5, 'rally', 'u3', null),
    act(6, 'choice', null, '0505'),
  ];
  const ix = indexActions(list);
  assert.deepEqual(ix.units, ['u1', 'u2']);
  assert.deepEqual(ix.buttons.map((a) => a.index), [0, 5]);
  assert.deepEqual([...targetsFor(ix, 'u1')], [['0101', 'move'], ['0102', 'fire']]);
  assert.deepEqual([...targetsFor(ix, null)], [['0505', 'choice']]);
  assert.deepEqual(actionsAt(ix, 'u1', '0102').map((a) => a.index), [2, 3]);
  assert.equal(soleUnit(ix), null);
  assert.equal(soleUnit(indexActions(list.slice(0, 3))), 'u1');
});

test('Enter presses the only button, else the only done', () => {
  assert.equal(defaultButton([act(0, 'choice', null, null)]).index, 0);
  assert.equal(defaultButton([act(0, 'choice', null, null), act(1, 'done', null, null)]).index, 1);
  assert.equal(defaultButton([act(0, 'choice', null, null), act(1, 'choice', null, null)]), null);
  assert.equal(defaultButton([]), null);
});

test('groups keep first-seen order', () => {
  const g = groupBy([act(0, 'a'), act(1, 'b'), act(2, 'a')], (a) => a.kind);
  assert.deepEqual(g.map(([k, v]) => [k, v.length]), [['a', 2], ['b', 1]]);
});

test('a unit off the map is named by the words its labels share', () => {
  const list = [act(1, 'place', 'u9', '3326', 'set up 13TN-C at 3326'), act(2, 'place', 'u9', '3327', 'set up 13TN-C at 3327')];
  assert.equal(unitName('u9', [], list), 'set up 13TN-C');
  assert.equal(unitName('u9', [], list.slice(0, 1)), 'set up 13TN-C');
  assert.equal(unitName('u9', [{ id: 'u9', name: '13TN C' }], list), '13TN C');
  assert.equal(unitName('u9', [], [act(1, 'x', 'u9', '1', 'alpha'), act(2, 'x', 'u9', '2', 'beta')]), 'u9');
});

test('the log merges, and is fetched whole after an undo', () => {
  const ev = (n) => ({ rule: 'R', text: `e${n}` });
  const have = [ev(0), ev(1), ev(2)];
  const st = (over) => ({ seq: 10, ply: 10, log_from: 3, log_len: 5, log: [ev(3), ev(4)], ...over });
  assert.deepEqual(mergeLog(have, 0, st()).log.map((e) => e.text), ['e0', 'e1', 'e2', 'e3', 'e4']);
  assert.equal(mergeLog(have, 0, st()).undone, 0);
  assert.deepEqual(mergeLog(have, 0, st({ log_from: 0, log: [ev(9)] })).log.map((e) => e.text), ['e9']);
  assert.equal(mergeLog(have, 0, st({ ply: 8 })).refetch, true, 'an undo happened');
  assert.equal(mergeLog(have, 0, st({ log_len: 2, log_from: 3, log: [] })).refetch, true, 'the log shrank');
  assert.equal(mergeLog(have, 0, st({ log_from: 4 })).refetch, true, 'a gap');
  assert.deepEqual(mergeLog(have, 0, st({ log_from: 2, log: [ev(7)] })).log.map((e) => e.text), ['e0', 'e1', 'e7']);
});

test('the last actions, newest first, say who acted', () => {
  const recent = [
    { ply: 7, actor: 'union', label: '27IL A moves to 1012' },
    { ply: 8, actor: 'chance', label: 'Rolled 5' },
    { ply: 9, actor: 'confederate', label: 'Done' },
  ];
  assert.deepEqual(recentRows(recent, 'union'), [
    { ply: 9, actor: 'confederate', who: 'Confederate', label: 'Done', mine: false },
    { ply: 8, actor: 'chance', who: 'dice', label: 'Rolled 5', mine: false },
    { ply: 7, actor: 'union', who: 'Union', label: '27IL A moves to 1012', mine: true },
  ]);
  assert.equal(recentRows(recent, null).filter((r) => r.mine).length, 0, 'a spectator took none');
  assert.deepEqual(recentRows(undefined, 'union'), []);
  assert.equal(recent[0].ply, 7, 'the state is left as it was');
});

test('odds are percentages, most likely first', () => {
  assert.equal(percent(0.42), '42.0%');
  assert.equal(percent(0.0046), '0.46%');
  assert.equal(percent(1e-7), '<0.01%');
  assert.equal(percent(0), '0%');
  const rows = oddsRows([
    { probability: 0.25, changes: [] },
    { probability: 0.75, changes: [['union companies broken', 1], ['confederate vp x4', -2]] },
  ]);
  assert.deepEqual(rows, [
    { pct: '75.0%', text: 'Union companies broken +1, Confederate VP -0.5' },
    { pct: '25.0%', text: 'no change' },
  ]);
});

test('a tally change in whole units: quarter points as VP, the side first', () => {
  assert.equal(changeText('confederate vp x4', 20), 'Confederate VP +5');
  assert.equal(changeText('union vp x4', -3), 'Union VP -0.75');
  assert.equal(changeText('union steps lost', 2), 'Union steps lost +2', 'an unscaled key keeps its count');
});

test('a click beyond a cut-short ring hears where the move stops, grouped by rule', () => {
  assert.equal(reachStopsText([{ hex: '1620' }, { hex: '1621' }]), null, 'nothing stops it');
  assert.equal(reachStopsText([]), null);
  assert.equal(
    reachStopsText([
      { hex: '1621', stops: 'Belmont 5.2' },
      { hex: '1620' },
      { hex: '1722', stops: 'Belmont 5.2' },
      { hex: '1823', stops: 'FotM 13.5' },
    ]),
    'Its move stops at 1621, 1722 (Belmont 5.2); 1823 (FotM 13.5): go there first.',
  );
});

test('addresses: the game id, the seat token, the socket', () => {
  assert.equal(gameIdFromPath('/game/k3j9x2m4q7'), 'k3j9x2m4q7');
  assert.equal(gameIdFromPath('/'), null);
  assert.equal(seatFromSearch('?seat=ABC'), 'ABC');
  assert.equal(seatFromSearch(''), null);
  assert.equal(wsUrl({ protocol: 'http:', host: 'h:8' }, 'g1', 'T'), 'ws://h:8/api/games/g1/ws?seat=T');
  assert.equal(wsUrl({ protocol: 'https:', host: 'h' }, 'g1', null), 'wss://h/api/games/g1/ws');
});

test('reconnects back off from half a second to fifteen', () => {
  assert.equal(backoff(0, () => 0.5), 500);
  assert.equal(backoff(3, () => 0.5), 4000);
  assert.equal(backoff(40, () => 0.5), 15000);
  assert.ok(backoff(0, () => 0) >= 375 && backoff(0, () => 1) <= 625);
});

test('tracks and outcome in words', () => {
  assert.equal(turnText([['VP', '1'], ['Turn', '3 of 9']]), 'Turn 3 of 9');
  assert.equal(turnText([['Orientation', 'x']]), null);
  assert.equal(outcomeText({ winner: 'union', vp: [12, 5] }), 'The Union wins (VP 12 to 5)');
  assert.equal(outcomeText({ winner: null, vp: [2.5, 2.5] }), 'A draw (VP 2.5 to 2.5)');
  // The ruleset's level, where it gives one (FotM 18.1: a win by the gaps, a draw by margin).
  assert.equal(
    outcomeText({ winner: 'confederate', vp: [4, 5], level: 'Decisive Victory: both gaps held (18.1)' }),
    'The Confederate wins: Decisive Victory: both gaps held (18.1) (VP 4 to 5)',
  );
  assert.equal(outcomeText({ winner: null, vp: [9, 5], level: 'a Draw: the gaps split' }), 'A Draw: the gaps split (VP 9 to 5)');
});

test('errors in words: the rule and reason of an illegal action', () => {
  assert.equal(errorText(new ApiError(422, { error: 'illegal', rule: 'Belmont 4.2', reason: 'overstacked' }, 'x')), 'Belmont 4.2: overstacked');
  assert.equal(errorText(new ApiError(404, { error: 'not_found', message: 'no game' }, 'no game')), 'no game (HTTP 404, not_found)');
  assert.equal(errorText(new ApiError(0, null, 'Cannot reach the server')), 'Cannot reach the server');
});

test('My games: remembered by id and seat, first time kept, removable', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  rememberGame({ id: 'a', title: 'A', seat: 'union', link: '/game/a?seat=1', created: '2024-01-01T00:00:00Z' }, storage);
  rememberGame({ id: 'b', title: 'B', seat: 'spectator', link: '/game/b', created: '2024-02-01T00:00:00Z' }, storage);
  rememberGame({ id: 'a', title: 'A!', seat: 'union', link: '/game/a?seat=1' }, storage);
  const list = loadGames(storage);
  assert.deepEqual(list.map((g) => [g.id, g.title, g.created]), [
    ['b', 'B', '2024-02-01T00:00:00Z'],
    ['a', 'A!', '2024-01-01T00:00:00Z'],
  ]);
  assert.deepEqual(forgetGame('a', 'union', storage).map((g) => g.id), ['b']);
  store.set('muster.games', 'not json');
  assert.deepEqual(loadGames(storage), []);
});

test('the odds in short: each tally key\'s chance up and down, most likely first, then no change', () => {
  const classes = [
    { probability: 0.5, changes: [['union steps lost', 1]] },
    { probability: 0.2, changes: [['union steps lost', 2], ['confederate vp x4', 2]] },
    { probability: 0.1, changes: [['confederate vp x4', -4]] },
    { probability: 0.2, changes: [] },
  ];
  const rows = oddsSummary(classes);
  assert.deepEqual(rows.map((r) => [r.pct, r.text]), [
    ['70.0%', 'Union steps lost ≥ 1'],
    ['20.0%', 'Confederate VP ≥ 0.5'],
    ['10.0%', 'Confederate VP down by ≥ 1'],
    ['20.0%', 'nothing changes'],
  ]);
  assert.deepEqual(oddsSummary([{ probability: 1, changes: [] }]).map((r) => r.text), ['nothing changes']);
  assert.deepEqual(oddsSummary([]), []);
});

test('the odds in short carry the range over the other side\'s first choice (issue 15)', () => {
  const best = [
    { probability: 0.4, changes: [['confederate brigades eliminated', 1]] },
    { probability: 0.6, changes: [] },
  ];
  const garland = [
    { probability: 0.4, changes: [['confederate brigades eliminated', 1], ['union vp', 2]] },
    { probability: 0.6, changes: [] },
  ];
  const rows = oddsSummary(best, [{ choice: 'Rosser leads', classes: best }, { choice: 'Garland leads', classes: garland }]);
  const by = Object.fromEntries(rows.map((r) => [r.text, r]));
  assert.equal(by['Confederate brigades eliminated ≥ 1'].range, undefined, 'the same under every option');
  assert.equal(by['Union VP ≥ 2'].pct, '0%', 'not under the best reply');
  assert.equal(by['Union VP ≥ 2'].range, '0%–40.0%', 'but shown, with its range');
  assert.equal(rows.at(-1).text, 'nothing changes', 'no change stays last');
  assert.deepEqual(oddsSummary(best, []), oddsSummary(best), 'no options: as before');
});

test('one row per key and way over every option, worded by the smallest move (fifth playtest)', () => {
  const best = [
    { probability: 0.069, changes: [['confederate brigades routed', 3]] },
    { probability: 0.931, changes: [] },
  ];
  const other = [
    { probability: 0.2, changes: [['confederate brigades routed', 1]] },
    { probability: 0.165, changes: [['confederate brigades routed', 3]] },
    { probability: 0.635, changes: [] },
  ];
  const rows = oddsSummary(best, [{ choice: 'A leads', classes: best }, { choice: 'B leads', classes: other }]);
  const routed = rows.filter((r) => /routed/.test(r.text));
  assert.equal(routed.length, 1, JSON.stringify(rows));
  assert.equal(routed[0].text, 'Confederate brigades routed ≥ 1');
  assert.equal(routed[0].pct, '6.9%', 'the best reply\'s chance of any rout');
  assert.equal(routed[0].range, '6.9%–36.5%');
});

test('a count that falls reads as falling: a loss as a gain (fifth playtest), any other as down (seventh)', () => {
  for (const [key, p, text, pct] of [
    ['union steps lost', 1 / 3, 'Union steps regained ≥ 1', '33.3%'],
    ['confederate companies broken or eliminated', 1 / 6, 'Confederate companies broken or eliminated down by ≥ 1', '16.7%'],
  ]) {
    const rows = oddsSummary([
      { probability: p, changes: [[key, -1]] },
      { probability: 1 - p, changes: [] },
    ]);
    assert.equal(rows[0].text, text);
    assert.equal(rows[0].pct, pct);
  }
});

test('a move that stops says what comes next (fourth playtest)', () => {
  assert.equal(
    stopText({ stops: 'Belmont 3.2.2', after: 'Pull an order chit from the draw cup' }),
    'the move stops there; next: Pull an order chit from the draw cup (Belmont 3.2.2)',
  );
  assert.equal(stopText({ stops: 'Belmont 5.2', after: '' }), 'the move stops there (Belmont 5.2)');
});


test('actions some counters take together are one picker; apart sets and lone ones stay', () => {
  const v = (index, hex, together, label) => ({ index, kind: 'fire', unit: together[0], hex, from: null, label, together, action: { index } });
  const list = [
    v(0, '1329', ['a', 'b'], 'volley from 1328 at 1329 with A, B'),
    v(1, '1329', ['a'], 'volley from 1328 at 1329 with A'),
    v(2, '1329', ['b'], 'volley from 1328 at 1329 with B'),
    v(3, '1329', ['c'], 'volley from 1429 at 1329 with C'),
    v(4, '1330', ['a'], 'volley from 1328 at 1330 with A'),
    { index: 5, kind: 'done', label: 'done', action: { index: 5 } },
  ];
  const out = togetherGroups(list);
  assert.equal(out.length, 4, 'the three subsets of A and B are one entry');
  const p = out[0];
  assert.ok(p.picker);
  assert.deepEqual(p.members, ['a', 'b']);
  assert.equal(p.label, 'volley from 1328 at 1329');
  assert.deepEqual(p.options.map((a) => a.index), [0, 1, 2]);
  assert.equal(out[1].index, 3, 'C fires from another hex: no counter shared, its own button');
  assert.equal(out[2].index, 4, 'another target: its own button');
  assert.equal(pickedOption(p, ['b', 'a']).index, 0, 'order of ticks does not matter');
  assert.equal(pickedOption(p, ['b']).index, 2);
  assert.equal(pickedOption(p, []), null, 'nothing ticked is no action');
  assert.equal(pickedOption(p, ['a', 'b', 'c']), null, 'a counter of no option');
  // An action sharing counters with two groups joins them.
  const bridged = togetherGroups([v(0, 'h', ['a'], 'x a'), v(1, 'h', ['b'], 'x b'), v(2, 'h', ['a', 'b'], 'x a b')]);
  assert.equal(bridged.length, 1);
  assert.deepEqual(bridged[0].members, ['a', 'b']);
});

test('an action counters take together is indexed under each of them', () => {
  const a = { index: 0, kind: 'fire', unit: 'a', hex: '1329', label: 'volley', together: ['a', 'b'], action: {} };
  const idx = indexActions([a]);
  assert.deepEqual(idx.units, ['a', 'b']);
  assert.deepEqual(actionsAt(idx, 'b', '1329'), [a]);
});

test('a menu for one firer\'s hex holds every subset of its volley, the other firer alone too', () => {
  const v = (index, together) => ({ index, kind: 'fire', unit: together[0], hex: 'h', from: 'f', label: `volley ${together.join(' ')}`, together, action: { index } });
  const both = v(0, ['a', 'b']);
  const a = v(1, ['a']);
  const b = v(2, ['b']);
  const elsewhere = v(3, ['c']);
  const move = { index: 4, kind: 'move', unit: 'b', hex: 'h', label: 'move', action: {} };
  const idx = indexActions([both, a, b, elsewhere, move]);
  const out = menuEntries(idx, actionsAt(idx, 'a', 'h'));
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].options.map((x) => x.index), [0, 1, 2], 'b alone is offered though a is picked');
  assert.ok(!out.some((e) => e === elsewhere || e === move), 'other units\' actions stay out');
});
