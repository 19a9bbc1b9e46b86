// app.js: helpers shared by the lobby (lobby.js) and the game page (game.js).
//
// Three parts: talking to the server (api, fetchText, ApiError, errorText), building the
// page (el, showNotice), and the browser's own list of games ("My games", kept in
// localStorage). Then the game page's pure helpers: indexing the legal actions by unit
// and hex, merging the log, formatting odds. Nothing here touches the DOM when imported,
// so tests/app.test.mjs runs it under `node --test`.

// ---------------------------------------------------------------- talking to the server

/** An HTTP answer that is not 2xx: its status and its JSON body (API.md's error shape). */
export class ApiError extends Error {
  constructor(status, body, message) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * Fetches JSON from the server. `body`, if given, is sent as JSON (POST unless `method`
 * says otherwise). Throws ApiError for any answer that is not 2xx, and for network
 * failures (status 0).
 */
export async function api(path, { method, body } = {}) {
  const init = { method: method || (body === undefined ? 'GET' : 'POST'), headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, null, `Cannot reach the server (${e.message})`);
  }
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const message = (json && json.message) || text.slice(0, 200) || res.statusText;
    throw new ApiError(res.status, json, message);
  }
  if (json === null && text) throw new ApiError(res.status, null, `The server sent something that is not JSON from ${path}`);
  return json;
}

/** Fetches a text document (the map SVG); throws ApiError like `api`. */
export async function fetchText(path) {
  let res;
  try {
    res = await fetch(path);
  } catch (e) {
    throw new ApiError(0, null, `Cannot reach the server (${e.message})`);
  }
  const text = await res.text();
  if (!res.ok) {
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    throw new ApiError(res.status, json, (json && json.message) || res.statusText || `HTTP ${res.status}`);
  }
  return text;
}

/** A sentence for any error: the rule and reason of an illegal action, else the message. */
export function errorText(err) {
  if (err instanceof ApiError) {
    const b = err.body || {};
    if (b.rule && b.reason) return `${b.rule}: ${b.reason}`;
    if (b.reason) return b.reason;
    const what = err.status ? `${err.message} (HTTP ${err.status}${b.error ? `, ${b.error}` : ''})` : err.message;
    return what;
  }
  return String((err && err.message) || err);
}

// ---------------------------------------------------------------- building the page

/**
 * Creates an element: `attrs` are attributes (`class`, `data-*`, ...) except `on*`
 * functions, which become listeners, and `hidden`/`disabled`/`checked`/`value`, set as
 * properties. Children are nodes or strings; null and false are skipped.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (['hidden', 'disabled', 'checked', 'value'].includes(k)) node[k] = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

/** Shows `text` in #notice; kind is `error` (stays) or `info` (fades after a few seconds). */
export function showNotice(text, kind = 'error') {
  const box = document.getElementById('notice');
  if (!box) return;
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
  clearTimeout(showNotice.timer);
  if (kind === 'info') showNotice.timer = setTimeout(clearNotice, 5000);
}

/** Hides #notice. */
export function clearNotice() {
  const box = document.getElementById('notice');
  if (box) box.hidden = true;
}

/** Copies text to the clipboard, falling back to a hidden text field where the API is missing. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = el('textarea', { style: 'position:fixed;opacity:0' }, text);
    document.body.append(field);
    field.select();
    const ok = document.execCommand('copy');
    field.remove();
    return ok;
  }
}

/** "union" -> "Union". */
export function sideName(side) {
  if (!side) return '';
  return side.charAt(0).toUpperCase() + side.slice(1);
}

// ---------------------------------------------------------------- My games (localStorage)

const STORE = 'muster.games';

/** The games this browser has created or opened, newest first: [{id, title, seat, link, created}]. */
export function loadGames(storage = globalThis.localStorage) {
  try {
    const list = JSON.parse(storage.getItem(STORE) || '[]');
    return Array.isArray(list) ? list.filter((g) => g && g.id && g.link) : [];
  } catch {
    return [];
  }
}

/** Adds or updates one game seat (keyed by id and seat), keeping when it was first seen. */
export function rememberGame(entry, storage = globalThis.localStorage) {
  const list = loadGames(storage);
  const old = list.find((g) => g.id === entry.id && g.seat === entry.seat);
  const merged = { ...old, ...entry, created: (old && old.created) || entry.created || new Date().toISOString() };
  const rest = list.filter((g) => g !== old);
  const next = [merged, ...rest].sort((a, b) => String(b.created).localeCompare(String(a.created)));
  try {
    storage.setItem(STORE, JSON.stringify(next.slice(0, 200)));
  } catch {
    // Storage full or refused (private browsing): the list is a convenience only.
  }
  return next;
}

/** Removes one game seat from the list. */
export function forgetGame(id, seat, storage = globalThis.localStorage) {
  const next = loadGames(storage).filter((g) => !(g.id === id && g.seat === seat));
  try {
    storage.setItem(STORE, JSON.stringify(next));
  } catch {
    // As above.
  }
  return next;
}

// ---------------------------------------------------------------- the game page's pure helpers

/** The game id from a page path `/game/{id}`. */
export function gameIdFromPath(pathname) {
  const m = /\/game\/([^/?#]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The seat token from a query string `?seat=TOKEN`, or null for a spectator. */
export function seatFromSearch(search) {
  const t = new URLSearchParams(search).get('seat');
  return t ? t : null;
}

/** The WebSocket address for a game, ws: or wss: as the page itself. */
export function wsUrl(loc, id, token) {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = token ? `?seat=${encodeURIComponent(token)}` : '';
  return `${proto}//${loc.host}/api/games/${encodeURIComponent(id)}/ws${q}`;
}

/** Milliseconds to wait before reconnect attempt `n` (0, 1, ...): doubling from 0.5 s to 15 s, with jitter. */
export function backoff(n, random = Math.random) {
  const base = Math.min(15000, 500 * 2 ** Math.min(n, 10));
  return Math.round(base * (0.75 + 0.5 * random()));
}

/**
 * Indexes a state's legal actions (API.md: {index, label, kind, unit, from, hex, action})
 * for the map: `byUnit` maps a unit to its actions that name a hex (`null` for hex
 * actions of no unit), `units` lists those units in first-seen order, `buttons` holds the
 * actions with no hex.
 */
export function indexActions(actions) {
  const byUnit = new Map();
  const buttons = [];
  for (const a of actions || []) {
    if (!a.hex) {
      buttons.push(a);
      continue;
    }
    // An action some counters take together (a volley's firers) is each one's to choose.
    const owners = a.together?.length ? [...new Set([a.unit ?? null, ...a.together])] : [a.unit ?? null];
    for (const unit of owners) {
      if (!byUnit.has(unit)) byUnit.set(unit, []);
      byUnit.get(unit).push(a);
    }
  }
  const units = [...byUnit.keys()].filter((u) => u !== null);
  return { byUnit, units, buttons };
}

/**
 * Actions alike but for which counters act together in them (a volley's subsets of firers,
 * Belmont 5.1): those of one kind on one hex whose counters overlap are one choice. Returns
 * the list with each such set of two or more replaced by a picker entry `{ kind, hex, label,
 * members, options }` in the place of its first action; `members` is every counter any of
 * them names, in first-seen order (the seventh playtest: 33 buttons, one per subset).
 */
export function togetherGroups(actions) {
  const groups = [];
  for (const a of actions) {
    if (!a.together?.length) continue;
    const mine = groups.filter((g) => g.kind === a.kind && g.hex === a.hex && a.together.some((u) => g.members.has(u)));
    const group = mine[0] ?? { kind: a.kind, hex: a.hex, members: new Set(), options: [] };
    if (!mine.length) groups.push(group);
    for (const other of mine.slice(1)) {
      // Two groups one action bridges become one.
      for (const u of other.members) group.members.add(u);
      group.options.push(...other.options);
      groups.splice(groups.indexOf(other), 1);
    }
    for (const u of a.together) group.members.add(u);
    group.options.push(a);
  }
  const entry = new Map();
  for (const g of groups) {
    if (g.options.length < 2) continue;
    const options = actions.filter((a) => g.options.includes(a)); // in listed order
    const picker = { kind: g.kind, hex: g.hex, label: sharedWords(options.map((a) => a.label)).join(' ') || options[0].label, members: [...g.members], options, picker: true };
    for (const a of options) entry.set(a, picker);
  }
  const out = [];
  for (const a of actions) {
    const e = entry.get(a) ?? a;
    if (!out.includes(e)) out.push(e);
  }
  return out;
}

/**
 * `list` (actions on one hex) as a menu shows it: the actions some counters take together
 * made pickers (`togetherGroups`), each with every subset the index holds, not only those
 * naming the counter picked (a volley by the other firer alone is a choice too).
 */
export function menuEntries(index, list) {
  const hexes = new Set(list.filter((a) => a.together?.length).map((a) => a.hex));
  const partners = [];
  for (const actions of index.byUnit.values()) {
    for (const a of actions) if (a.together?.length && hexes.has(a.hex)) partners.push(a);
  }
  const mine = new Set(list);
  const all = [...new Set([...list, ...partners])];
  return togetherGroups(all).filter((e) => (e.picker ? e.options.some((a) => mine.has(a)) : mine.has(e)));
}

/** The option of a picker whose counters are exactly `ticked`, if one is. */
export function pickedOption(picker, ticked) {
  const want = new Set(ticked);
  return picker.options.find((a) => a.together.length === want.size && a.together.every((u) => want.has(u))) ?? null;
}

/** Which kind wins when several kinds of action target one hex (for the highlight colour). */
const KIND_RANK = ['melee', 'fire', 'retreat', 'move', 'place', 'board', 'face', 'rally', 'select'];

/** The kind to draw a hex in, from the actions targeting it. */
export function targetKind(actions) {
  let best = null;
  let rank = Infinity;
  for (const a of actions) {
    const r = KIND_RANK.indexOf(a.kind);
    const rr = r < 0 ? KIND_RANK.length : r;
    if (rr < rank) {
      rank = rr;
      best = a.kind;
    }
  }
  return best || 'choice';
}

/** The hexes unit `unit` (null: actions of no unit) may act on: a Map from hex to kind. */
export function targetsFor(index, unit) {
  const byHex = new Map();
  for (const a of index.byUnit.get(unit ?? null) || []) {
    if (!byHex.has(a.hex)) byHex.set(a.hex, []);
    byHex.get(a.hex).push(a);
  }
  return new Map([...byHex].map(([hex, list]) => [hex, targetKind(list)]));
}

/** The actions of `unit` (null: of no unit) on `hex`. */
export function actionsAt(index, unit, hex) {
  return (index.byUnit.get(unit ?? null) || []).filter((a) => a.hex === hex);
}

/** The unit to pre-select: the only unit among the hex actions, if there is exactly one. */
export function soleUnit(index) {
  return index.units.length === 1 ? index.units[0] : null;
}

/** The button Enter presses: the only one, else the only `done` one, else none. */
export function defaultButton(buttons) {
  if (buttons.length === 1) return buttons[0];
  const done = buttons.filter((a) => a.kind === 'done');
  return done.length === 1 ? done[0] : null;
}

/** Actions grouped by a key function, in first-seen order: [[key, [actions]]]. */
export function groupBy(actions, key) {
  const groups = new Map();
  for (const a of actions) {
    const k = key(a);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  return [...groups];
}

const LINK_WORDS = new Set(['to', 'in', 'at', 'into', 'onto', 'from', 'on', 'by', 'with', 'toward', 'towards', '->', '→', '-', ':']);

/**
 * A name for a unit: its counter's name if it is on the map, else the words its actions'
 * labels share ("set up 13TN-C at 3326" and "... at 3327" give "set up 13TN-C"), else its id.
 */
export function unitName(unit, counters, actions) {
  const c = (counters || []).find((x) => x.id === unit);
  if (c) return c.name;
  if (!actions?.length) return String(unit);
  const hex = actions.length === 1 ? actions[0].hex : null;
  const common = sharedWords(actions.map((a) => a.label), hex);
  return common.length ? common.join(' ') : String(unit);
}

/**
 * The words all of `labels` begin with, cut before the word naming `hex` if given, less
 * trailing link words ("to", "with").
 */
function sharedWords(labels, hex = null) {
  const split = labels.map((l) => l.split(/\s+/));
  let common = split[0] ?? [];
  for (const words of split.slice(1)) {
    let n = 0;
    while (n < common.length && n < words.length && common[n] === words[n]) n += 1;
    common = common.slice(0, n);
  }
  if (hex) {
    const at = common.findIndex((w) => w.includes(hex));
    if (at >= 0) common = common.slice(0, at);
  }
  while (common.length && LINK_WORDS.has(common[common.length - 1].toLowerCase())) common = common.slice(0, -1);
  return common;
}

/**
 * Merges a state's log into the events the page already has. Returns {log} or
 * {refetch: true} when the page must fetch the whole log again: an undo happened (the
 * number of undone entries, seq minus ply, changed, or the log got shorter), or the
 * state's log starts past what the page has.
 */
export function mergeLog(have, prevUndone, state) {
  const undone = state.seq - state.ply;
  if (state.log_from === 0 || state.log_from === undefined) return { log: (state.log || []).slice(), undone };
  if (prevUndone !== null && prevUndone !== undefined && undone !== prevUndone) return { refetch: true };
  if (state.log_len < have.length || state.log_from > have.length) return { refetch: true };
  return { log: have.slice(0, state.log_from).concat(state.log || []), undone };
}

/**
 * Which way a counter faces, as a page bearing in degrees clockwise from up, or null: a
 * vertex `f` lies between hexside directions `f` and `f + 1` (N, NE, SE, S, SW, NW, each
 * 60 degrees on), so at 30 + 60f; a hexside `d` (GBACW 7.0) at 60d.
 */
export function facingBearing(counter) {
  if (counter && Number.isInteger(counter.facing)) return 30 + 60 * counter.facing;
  if (counter && Number.isInteger(counter.faces_side)) return 60 * counter.faces_side;
  return null;
}

/**
 * The key under which a log event folds with its neighbours (issue 15: the other side's
 * turn summarised per unit): `by/unit` for an event of the other side's (or, for a
 * spectator, either side's) decision that names a unit; null for the reader's own events
 * and those of no unit, which stay one line each.
 */
export function logKey(event, seat) {
  if (!event || !event.unit || !event.by || event.by === 'chance' || event.by === seat) return null;
  return `${event.by}/${event.unit}`;
}

/**
 * The state's `recent` actions (oldest first, API.md) as the "Last actions" rows, newest
 * first: [{ply, actor, who, label, mine}], `who` being "Union", "Confederate" or "dice"
 * and `mine` whether the seat `seat` (null for a spectator) took it.
 */
export function recentRows(recent, seat) {
  return [...(recent || [])].reverse().map((r) => ({
    ply: r.ply,
    actor: r.actor,
    who: r.actor === 'chance' ? 'dice' : sideName(r.actor),
    label: r.label,
    mine: !!seat && r.actor === seat,
  }));
}

/** A probability as a percentage: "42.0%", "0.46%", "<0.01%". */
export function percent(p) {
  const x = 100 * p;
  if (x >= 10) return `${x.toFixed(1)}%`;
  if (x >= 0.01) return `${x.toPrecision(2)}%`;
  return x > 0 ? '<0.01%' : '0%';
}

/** The odds endpoint's classes as table rows, most likely first: [{pct, text}]. */
export function oddsRows(classes) {
  return [...(classes || [])]
    .sort((a, b) => b.probability - a.probability)
    .map((c) => ({
      pct: percent(c.probability),
      text: (c.changes || []).length ? c.changes.map(([what, n]) => changeText(what, n)).join(', ') : 'no change',
    }));
}

/**
 * The odds in short (issue 15 F12: a list of 47 outcomes needed scrolling): for each tally
 * key, the chance that it goes up and the chance that it goes down, each as a row
 * [{pct, p, text}] ("62.5%", "Union steps lost ≥ 1"), most likely first, then the chance
 * nothing changes; the key's smallest move either way is named, in whole units.
 */
export function oddsSummary(classes, alternatives = []) {
  const rows = summaryRows(classes);
  if (!alternatives || !alternatives.length) return rows.map(finish);
  // Issue 15: beside the best reply, each option of the other side's first choice; a row's
  // range runs over all of them (a row missing from one has 0% there). Rows are matched by
  // what they count and which way, and worded by the smallest move in any of them: "routed
  // ≥ 3" in one and "≥ 1" in another are one row, "≥ 1" (the fifth playtest read "≥ 1: 0%"
  // beside "≥ 3: 6.9%").
  const all = [rows, ...alternatives.map((a) => summaryRows(a.classes))];
  const keys = [...new Set(all.flat().map((r) => r.key))];
  const out = keys.map((key) => {
    const found = all.map((rs) => rs.find((r) => r.key === key));
    const ps = found.map((r) => r?.p ?? 0);
    const [p, lo, hi] = [ps[0], Math.min(...ps), Math.max(...ps)];
    const any = found.filter(Boolean);
    const row = finish({ ...any[0], n: any.reduce((m, r) => (Math.abs(r.n) < Math.abs(m) ? r.n : m), any[0].n), p });
    if (hi - lo > 5e-4) row.range = `${percent(lo)}–${percent(hi)}`;
    return row;
  });
  out.sort((a, b) => (a.text === 'nothing changes') - (b.text === 'nothing changes') || b.p - a.p);
  return out;
}

/** A summary row's words and percentage from its key, move and chance. */
function finish(r) {
  const text = r.what === null ? 'nothing changes' : atLeast(r.what, r.n, r.n > 0 ? '≥' : '≤');
  return { p: r.p, text, pct: percent(r.p) };
}

/**
 * The summary rows of one distribution's classes (see `oddsSummary`), unworded: each tally
 * key that rises (or falls) with its chance and its smallest move, then "nothing changes".
 */
function summaryRows(classes) {
  const keys = new Map(); // key -> {up, down, minUp, maxDown}
  let none = 0;
  for (const c of classes || []) {
    if (!(c.changes || []).length) none += c.probability;
    for (const [what, n] of c.changes || []) {
      if (!keys.has(what)) keys.set(what, { up: 0, down: 0, minUp: Infinity, maxDown: -Infinity });
      const k = keys.get(what);
      if (n > 0) {
        k.up += c.probability;
        k.minUp = Math.min(k.minUp, n);
      } else if (n < 0) {
        k.down += c.probability;
        k.maxDown = Math.max(k.maxDown, n);
      }
    }
  }
  const rows = [];
  for (const [what, k] of keys) {
    if (k.up > 0) rows.push({ key: `${what}+`, what, n: k.minUp, p: k.up });
    if (k.down > 0) rows.push({ key: `${what}-`, what, n: k.maxDown, p: k.down });
  }
  rows.sort((a, b) => b.p - a.p);
  if (none > 0) rows.push({ key: 'none', what: null, n: 0, p: none });
  return rows;
}

/**
 * "Union steps lost ≥ 1" from a tally key and its smallest move (scaled keys in whole units).
 * A loss that falls is a gain: "Union steps regained ≥ 1", not "steps lost ≤ -1" (the fifth
 * playtest, on a rally's odds).
 */
function atLeast(what, n, sign) {
  if (n < 0 && / lost$/.test(what)) return atLeast(what.replace(/ lost$/, ' regained'), -n, '≥');
  if (n < 0) {
    // Any other count that falls: "broken or eliminated down by ≥ 1", not "≤ -1" (the
    // seventh playtest, on a rally's odds).
    const text = changeText(what, -n);
    const cut = text.lastIndexOf(' ');
    return `${text.slice(0, cut)} down by ${sign === '≤' ? '≥' : '≤'} ${text.slice(cut + 1).replace(/^\+/, '')}`;
  }
  const text = changeText(what, n);
  const cut = text.lastIndexOf(' ');
  return `${text.slice(0, cut)} ${sign} ${text.slice(cut + 1).replace(/^\+/, '')}`;
}

/**
 * One tally change in a player's words: a key counted in parts ("confederate vp x4", VP in
 * quarter points) shown in whole units, VP capitalised, the side named first as a title.
 */
export function changeText(what, n) {
  const scaled = /^(.*) x(\d+)$/.exec(what);
  const [key, value] = scaled ? [scaled[1], n / Number(scaled[2])] : [what, n];
  const words = key.replace(/\bvp\b/g, 'VP').replace(/^./, (ch) => ch.toUpperCase());
  return `${words} ${value > 0 ? '+' : ''}${fmt(value)}`;
}

/**
 * Where a unit's reach stops for a rule (opportunity fire, a forced-march roll), as one
 * sentence for a hex click beyond the ring: "Its move stops at 1621, 1622 (Belmont 5.2): go
 * there first." Null when nothing stops it. `destinations` is the reach endpoint's list.
 */
export function reachStopsText(destinations) {
  const byRule = new Map();
  for (const d of destinations || []) {
    if (!d.stops) continue;
    if (!byRule.has(d.stops)) byRule.set(d.stops, []);
    byRule.get(d.stops).push(d.hex);
  }
  if (!byRule.size) return null;
  const parts = [...byRule].map(([rule, hexes]) => `${hexes.join(', ')} (${rule})`);
  return `Its move stops at ${parts.join('; ')}: go there first.`;
}

/** The track named like "Turn", as "Turn 3 of 9", or null. */
export function turnText(tracks) {
  const t = (tracks || []).find(([name]) => /^turn\b/i.test(name));
  return t ? `${t[0]} ${t[1]}` : null;
}

/**
 * The outcome in words: "The Union wins (VP 12 to 5)" or "A draw (VP 3 to 3)", with the
 * ruleset's level where it gives one ("The Confederate wins: Decisive Victory: both gaps held
 * (18.1) (VP 4 to 5)"; the seventh playtest read a win by the gaps as a win by 1 VP).
 */
export function outcomeText(outcome) {
  if (!outcome) return '';
  const vp = outcome.vp ? ` (VP ${fmt(outcome.vp[0])} to ${fmt(outcome.vp[1])})` : '';
  const level = outcome.level ? `: ${outcome.level}` : '';
  if (outcome.winner) return `The ${sideName(outcome.winner)} wins${level}${vp}`;
  return outcome.level ? `${outcome.level[0].toUpperCase()}${outcome.level.slice(1)}${vp}` : `A draw${vp}`;
}

/** A number without a needless ".0". */
export function fmt(n) {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/**
 * Why a destination move stops where it does, in the words of what comes next (the fourth
 * playtest: "the move stops there for Belmont 3.2.2" told a player nothing; the next decision
 * was the chit pull that ends the activation). `d` is a reach destination: `stops` the rule,
 * `after` the prompt on arrival.
 */
export function stopText(d) {
  return d.after ? `the move stops there; next: ${d.after} (${d.stops})` : `the move stops there (${d.stops})`;
}

