// game.js: the game page, one for every ruleset (crates/server/API.md is its contract).
//
// The map SVG is fetched once and inlined into #map; each state's counters_svg goes into
// its <g id="counters">, highlights into <g id="overlay">. Everything the player may do
// comes from the state's `actions` list and nowhere else: clicking a counter (or a unit
// chip) selects that unit and marks the hexes its actions name; clicking a marked hex
// sends the action (or offers a menu when several match); actions without a hex are
// buttons. A WebSocket says when the game changed; the page then fetches the state.

import {
  api, fetchText, ApiError, errorText, el, showNotice, sideName, rememberGame,
  wsUrl, backoff, indexActions, targetsFor, actionsAt, soleUnit,
  defaultButton, groupBy, unitName, mergeLog, oddsSummary, turnText, outcomeText, fmt, facingBearing,
  reachStopsText, menuEntries,
} from './app.js';
import { startChat } from './chat.js';
import { ui, $, SVG_NS } from './page.js';
import {
  renderCompass, focusActing, panTo, setView, zoom, wirePathPreview, wirePanZoom, bringIntoView,
} from './mapview.js';
import { renderLog, pinLog, renderRecent, renderDice } from './logview.js';
import { choose, moveTo, undo, showReach } from './moves.js';
import { drawMarks } from './marks.js';
import { pickerBox, overBudget } from './dialogs.js';
import { renderReplayControl, showReplay, renderReplayBanner, backToLive, jumpMark, stepReplay } from './replay.js';

/** More button actions than this are grouped by unit in collapsible lists. */
const LONG_LIST = 40;
/** The most hex actions of one unit the panel also lists as buttons. */
const FEW_ON_MAP = 3;

// ---------------------------------------------------------------- start

async function main() {
  wireControls();
  if (!ui.id) {
    showNotice('This page needs a game: /game/ID.');
    return;
  }
  try {
    await loadMap();
  } catch (e) {
    $('map').replaceChildren(el('p', { class: 'loading' }, `The map could not be loaded: ${errorText(e)}`));
  }
  $('record-link').href = `/api/games/${encodeURIComponent(ui.id)}/record`;
  await refresh();
  if (ui.missing) return noSuchGame(); // nothing to listen to
  ui.chat = startChat($('chat-box'), { id: ui.id, token: ui.token, seat: ui.state ? ui.state.seat : null });
  connect();
  loadLegend();
  // A link to a position (`?ply=K`, the replay banner's "link") opens the replay there.
  const ply = new URLSearchParams(location.search).get('ply');
  if (ply !== null && /^\d+$/.test(ply)) showReplay(Number(ply));
}

/** What the page marks on the map, in words (issue 15: a legend a wargamer reads at a glance). */
const MARKS = [
  ['move', 'lit: the unit selected may move there'],
  ['fire', 'lit: fire or melee on that hex'],
  ['place', 'lit: a placement (set-up, reinforcement)'],
  ['retreat', 'lit: a retreat hex'],
  ['other', 'lit: another choice on that hex'],
  ['reach', 'ringed: reachable later this phase; click to go (dashed orange: forced march, red: a rule stops the move, dotted: the move may pass but not end there)'],
  ['arrow', 'arrows: the latest shots and melees; red with a dot: a melee marker or an Assault under way'],
];

/** The ruleset's player aids (its charts, the turn record), each a table, in the panel. */
function renderAids(aids) {
  $('aids-box').hidden = aids.length === 0;
  $('aids').replaceChildren(
    ...aids.map((a) =>
      el(
        'section',
        { class: 'aid' },
        el('h3', {}, a.title, ' ', el('span', { class: 'rule' }, a.rule)),
        el(
          'table',
          {},
          el('thead', {}, el('tr', {}, ...a.columns.map((c) => el('th', {}, c)))),
          el('tbody', {}, ...a.rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c))))),
        ),
        a.key ? el('p', { class: 'key' }, a.key) : null,
      ),
    ),
  );
}

async function loadLegend() {
  let terrain = [];
  let aids = [];
  let north = null;
  try {
    ({ terrain, aids, north } = await api(`/api/games/${encodeURIComponent(ui.id)}/legend`));
  } catch {
    // the marks alone
  }
  renderAids(aids || []);
  renderCompass(north);
  const swatch = (fill, cls) => el('span', { class: `swatch ${cls || ''}`, style: fill ? `background:${fill}` : null });
  // The key as the map draws it (every fill, level shade and line); the names alone if it
  // does not load.
  const key = el('img', { class: 'key', alt: terrain.map((t) => t.name).join(', '), src: `/api/games/${encodeURIComponent(ui.id)}/legend.svg` });
  $('legend').replaceChildren(
    key,
    el('ul', { class: 'marks' }, ...MARKS.map(([kind, text]) => el('li', {}, swatch(null, `mark-${kind}`), text))),
  );
}

/** An unknown game id: a clear page, never an endless "Loading". */
function noSuchGame() {
  document.title = 'No such game · muster';
  $('title').textContent = 'No such game';
  $('prompt').replaceChildren(
    el('p', {}, `This server has no game "${ui.id}". It may have expired, or the link may be mistyped.`),
    el('p', {}, el('a', { href: '/' }, 'Back to the lobby'), ' to start or find a game.'),
  );
  $('map').replaceChildren();
  $('conn').textContent = 'no game';
}

/** Fetches the map once and inlines it into #map. */
async function loadMap() {
  const text = await fetchText(`/api/games/${encodeURIComponent(ui.id)}/map.svg`);
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  let svg = doc.documentElement;
  if (svg.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
    throw new Error('the map is not an SVG document');
  }
  svg = document.importNode(svg, true);
  const vb = svg.viewBox.baseVal;
  ui.fit = vb && vb.width ? { x: vb.x, y: vb.y, w: vb.width, h: vb.height } : { x: 0, y: 0, w: 1000, h: 1000 };
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  if (!svg.querySelector('#counters')) svg.append(document.createElementNS(SVG_NS, 'g')).id = 'counters';
  if (!svg.querySelector('#overlay')) svg.append(document.createElementNS(SVG_NS, 'g')).id = 'overlay';
  $('map').replaceChildren(svg);
  ui.svg = svg;
  ui.hexes = new Map([...svg.querySelectorAll('.hex[data-hex]')].map((p) => [p.dataset.hex, p]));
  setView({ ...ui.fit });
  wirePanZoom(svg);
  wirePathPreview(svg);
}

// ---------------------------------------------------------------- state

function stateUrl(logFrom) {
  const q = new URLSearchParams();
  if (ui.token) q.set('seat', ui.token);
  q.set('log_from', String(logFrom));
  return `/api/games/${encodeURIComponent(ui.id)}/state?${q}`;
}

/** Fetches the state (the log from what the page has), one fetch at a time. */
export async function refresh() {
  if (ui.refreshing) {
    ui.refreshAgain = true;
    return ui.refreshing;
  }
  ui.refreshing = (async () => {
    try {
      do {
        ui.refreshAgain = false;
        const state = await api(stateUrl(ui.log.length));
        await accept(state);
        // A state carries a page of the log (API.md): ask again until the page has it all.
        if (ui.state && ui.log.length < ui.state.log_len && (state.log || []).length) ui.refreshAgain = true;
      } while (ui.refreshAgain);
    } catch (e) {
      ui.missing = !ui.state && e instanceof ApiError && e.status === 404;
      showNotice(`Could not fetch the game: ${errorText(e)}`);
    } finally {
      ui.refreshing = null;
    }
  })();
  return ui.refreshing;
}

/** Refreshes soon, once for a burst of updates. */
function scheduleRefresh(delay = 120) {
  clearTimeout(ui.refreshTimer);
  ui.refreshTimer = setTimeout(refresh, delay);
}

/** Takes a State from any answer: merges its log (fetching it whole after an undo) and draws it. */
export async function accept(state) {
  if (ui.state && state.seq < ui.state.seq) return; // an older answer overtaken by a newer one
  // The socket's update and the POST's answer, say (a further page of the log is news).
  if (sameState(ui.state, state) && !(state.log || []).length) return;
  let merged = mergeLog(ui.log, ui.undone, state);
  if (merged.refetch) {
    state = await api(stateUrl(0));
    merged = mergeLog([], null, state);
    ui.logShown = 0;
    $('log').replaceChildren();
  }
  ui.log = merged.log;
  ui.undone = merged.undone;
  const wasYours = !!(ui.state && ui.state.yours);
  const seqBefore = ui.state ? ui.state.seq : null;
  ui.state = state;
  if (state.yours && !wasYours && ui.state.seq > 0) notifyYourMove(state);
  ui.index = indexActions(state.actions);
  ui.acting = new Set((state.actions || []).map((a) => a.unit).filter((u) => u !== null && u !== undefined));
  // A long list (a set-up) comes as counts by unit; each unit's actions are fetched when it
  // is selected (API.md, `unit_actions`).
  ui.counts = new Map((state.unit_actions || []).map((u) => [u.unit, u.count]));
  for (const u of ui.counts.keys()) {
    ui.acting.add(u);
    if (!ui.index.units.includes(u)) ui.index.units.push(u);
  }
  const changed = seqBefore !== null && state.seq !== seqBefore;
  // The selection comes from the new position (F8: after an undo the map kept the unit
  // picked on the page, with its rings, while the panel showed the unit moving): the unit
  // acting now when there is one, else the one picked while it can still act.
  const sole = soleUnit(ui.index);
  if (changed && sole !== null) ui.selected = sole;
  if (ui.selected !== null && !ui.acting.has(ui.selected)) ui.selected = null;
  if (ui.selected === null) ui.selected = sole;
  if (!ui.remembered) remember(state);
  // A popup shows the position it was opened on: a new position closes it, and an odds
  // dialog still open answers Cancel (F13: a stale one stayed on screen).
  if (changed) {
    followPopups();
    if (ui.oddsOpen) ui.oddsOpen(false);
  }
  render();
  // A new decision of this seat's whose places are all off-screen comes into view.
  if (state.yours && state.seq !== seqBefore && ui.focused && !ui.replay) {
    bringIntoView([...targetsFor(ui.index, ui.selected).keys()].filter(Boolean));
  }
  if (ui.selected !== null) loadUnit(ui.selected);
  if (ui.log.length < state.log_len) scheduleRefresh(0); // the rest of the log, a page at a time
}

/** Fetches the actions of `unit` when the state only counted them, then redraws the selection. */
async function loadUnit(unit) {
  if (!ui.counts.has(unit) || ui.index.byUnit.has(unit) || !ui.state.yours) return;
  const seq = ui.state.seq;
  const q = new URLSearchParams({ unit });
  if (ui.token) q.set('seat', ui.token);
  try {
    const got = await api(`/api/games/${encodeURIComponent(ui.id)}/actions?${q}`);
    if (got.seq !== seq || ui.state.seq !== seq) return;
    ui.index.byUnit.set(unit, got.actions.filter((a) => a.hex));
    if (ui.selected === unit) renderSelection();
  } catch (e) {
    showNotice(`Could not fetch ${unit}'s actions: ${errorText(e)}`);
  }
}

/** Whether a state shows nothing new: same entries, log, bot and undo status. */
function sameState(a, b) {
  return (
    !!a &&
    a.seq === b.seq &&
    a.ply === b.ply &&
    a.log_len === b.log_len &&
    a.thinking === b.thinking &&
    a.can_undo === b.can_undo &&
    a.seat === b.seat
  );
}

function remember(state) {
  ui.remembered = true;
  rememberGame({
    id: state.id,
    title: state.title,
    seat: state.seat || 'spectator',
    link: location.pathname + location.search,
  });
}

// ---------------------------------------------------------------- drawing

/** Draws the whole panel and the counters from ui.state (the board only when live). */
export function render() {
  const s = ui.state;
  if (!s) return;
  setTitle();
  $('title').textContent = s.title;
  renderSeat(s);
  renderLog();
  renderRecent(s);
  renderDice(s);
  renderReplayControl(s);
  if (ui.replay) {
    renderReplayBanner();
  } else {
    renderStatus(s.tracks, s.vp);
    renderPrompt(s);
    renderCounters(s.counters_svg);
    drawMarks(ui.svg, ui.hexes, s.marks, s.recent);
    renderActions();
    renderSelection();
    $('undo').hidden = !s.can_undo;
  }
  // Last: the tracks, actions and lists above the log have their final size now, so the
  // log's box does too (a ResizeObserver keeps it pinned through later layout changes).
  pinLog();
  if (!ui.focused && ui.svg && !ui.replay) {
    ui.focused = true;
    focusActing();
  }
}

/** The tab's title: the game's, marked while it is this seat's move and the tab is hidden. */
function setTitle() {
  const s = ui.state;
  if (!s) return;
  document.title = `${s.yours && document.hidden ? '● Your move · ' : ''}${s.title} · muster`;
}

/**
 * "Your move" (issue 15 item 9, a move a day): a browser notification when the decision comes
 * back to this seat while the tab is hidden, once the player has allowed them (the seat line's
 * "notify me"); the title shows it in any case.
 */
function notifyYourMove(s) {
  if (!document.hidden) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const n = new Notification(`Your move: ${s.title}`, { body: `${s.prompt.rule}: ${s.prompt.text}`, tag: `muster-${s.id}` });
  n.onclick = () => window.focus();
}

/** The "notify me" link: asks the browser for permission to show "your move" notifications. */
function notifyToggle() {
  if (typeof Notification === 'undefined' || !ui.state || !ui.state.seat) return null;
  if (Notification.permission === 'granted') return el('span', { class: 'notify on' }, ' · notifications on');
  if (Notification.permission === 'denied') return null;
  return el(
    'button',
    { class: 'notify', type: 'button', title: 'A browser notification when it is your move and this tab is hidden', onclick: async () => { await Notification.requestPermission(); renderSeat(ui.state); } },
    'notify me',
  );
}

function renderSeat(s) {
  const seat = s.seat
    ? `You play the ${sideName(s.seat)}.`
    : ui.token
      ? 'This seat link is not recognised: you are watching as a spectator.'
      : 'You are watching as a spectator.';
  $('seat').replaceChildren(seat, ' ', notifyToggle() || '');
  $('seat').dataset.seat = s.seat || 'spectator';
  const players = Object.entries(s.players || {}).map(([side, p]) => `${sideName(side)}: ${p}`);
  $('players').textContent = players.join(' · ');
}

export function renderStatus(tracks, vp) {
  $('turn').textContent = turnText(tracks) || '';
  $('vp').textContent = vp ? `VP: Union ${fmt(vp[0])} · Confederate ${fmt(vp[1])}` : '';
  const rows = (tracks || []).map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, k), el('td', {}, v || '(empty)')));
  $('tracks').replaceChildren(...rows);
}

function renderPrompt(s) {
  const box = $('prompt');
  const who =
    s.actor === 'over'
      ? 'Game over'
      : s.actor === 'chance'
        ? 'The dice'
        : s.yours
          ? 'Your decision'
          : `${sideName(s.actor)} to decide`;
  box.className = s.yours ? 'yours' : '';
  box.dataset.actor = s.actor;
  box.replaceChildren(
    el('div', { class: 'who' }, who),
    s.prompt ? el('div', { class: 'text' }, s.prompt.text) : null,
    s.prompt && s.prompt.rule ? el('span', { class: 'rule' }, s.prompt.rule) : null,
  );
  $('thinking').hidden = !s.thinking || s.yours;
  $('thinking').textContent = s.waiting
    ? 'the computer is waiting for a thinking slot (the server is busy)…'
    : s.bot_run
      ? `the computer is thinking… (${s.bot_run} decision${s.bot_run === 1 ? '' : 's'} made since your last)`
      : 'the computer is thinking…';
  renderOutcome(s.outcome);
}

/** The result banner, for the position shown (live, or the one replayed). */
export function renderOutcome(outcome) {
  const out = $('outcome');
  out.hidden = !outcome;
  out.textContent = outcomeText(outcome);
}

/** Puts the counters into the map's <g id="counters"> and marks the ones that can act. */
export function renderCounters(svgText) {
  const layer = ui.svg && ui.svg.querySelector('#counters');
  if (!layer) return;
  layer.innerHTML = svgText || '';
  if (ui.replay) return;
  for (const g of layer.querySelectorAll('.counter[data-counter]')) {
    if (ui.acting.has(g.dataset.counter)) g.classList.add('actionable');
  }
}

/** The actions panel: unit chips for hex actions, buttons for the rest. */
function renderActions() {
  const s = ui.state;
  const box = $('actions');
  const parts = [];
  if (!s.yours) {
    const why = s.actor === 'over' ? 'The game is over.' : s.seat ? 'Not your turn.' : '';
    if (why) parts.push(el('p', { class: 'idle' }, why));
  }
  const buttons = actionButtons(ui.index.buttons);
  const few = ui.index.buttons.length <= LONG_LIST;
  if (few) parts.push(...buttons); // Done and the like first, where they show
  if (ui.index.units.length) parts.push(unitChips());
  if (ui.index.byUnit.has(null)) parts.push(el('p', { class: 'hint' }, 'Click a highlighted hex.'));
  // A decision of one unit with a few hex actions (a single retreat hex, a vessel's path):
  // its buttons too, so the panel never leaves the player hunting for the hex (the eighth
  // playtest).
  const onMap = [...new Map([...ui.index.byUnit.values()].flat().map((a) => [a.index, a])).values()];
  if (s.yours && onMap.length && onMap.length <= FEW_ON_MAP && ui.index.units.length <= 1) {
    parts.push(...actionButtons(onMap));
  }
  if (!few) parts.push(...buttons);
  if (s.yours && !ui.index.buttons.some((a) => a.kind === 'done')) parts.push(doneBlocked());
  box.replaceChildren(...parts);
  if (s.yours) choiceOdds();
}

/** The most small choices whose odds the page asks for at once. */
const CHOICE_ODDS_MAX = 8;

/**
 * Small decisions that roll dice (keep or re-roll, 6.8; a rally, 12.2; the lead brigade
 * that resolves an Assault): each one's odds under its button, in short, so the player weighs
 * them before a click sends it (issue 15; the README promises odds for small choices).
 */
function choiceOdds() {
  const small = (a) => a.kind === 'choice' || a.kind === 'rally';
  const choices = ui.index.buttons.filter(small);
  // A decision among small choices (and Done), not a phase's list of units to move.
  if (!choices.length || choices.length > CHOICE_ODDS_MAX) return;
  if (ui.index.buttons.some((a) => !small(a) && a.kind !== 'done')) return;
  const seq = ui.state.seq;
  const buttonOf = (a) => {
    const button = document.querySelector(`#actions button.action[data-index="${a.index}"]`);
    return !button || button.nextElementSibling?.classList.contains('choice-odds') ? null : button;
  };
  // One at a time: asked together they queued behind one another for the server's analysis
  // slot and ran out of time (the seventh playtest).
  const one = async (a) => {
    const q = new URLSearchParams({ seq: String(seq), index: String(a.index) });
    if (ui.token) q.set('seat', ui.token);
    try {
      const odds = await api(`/api/games/${encodeURIComponent(ui.id)}/odds?${q}`);
      if (ui.state.seq !== seq) return;
      const rows = oddsSummary(odds.classes, odds.alternatives).slice(0, 3);
      if (!rows.length || (rows.length === 1 && rows[0].text === 'nothing changes')) return;
      const button = buttonOf(a);
      if (!button) return;
      // The range over the other side's first choice where it has one (the fourth playtest:
      // "97.8% eliminated" stood alone though the defender could still retreat).
      const pct = (r) => (r.range ? `${r.pct} (${r.range} by their choice)` : r.pct);
      button.after(el('span', { class: 'choice-odds' }, rows.map((r) => `${pct(r)} ${r.text}`).join(' · ')));
    } catch (e) {
      // Said, not swallowed (the seventh playtest: six refusals for time, two shown).
      if (ui.state.seq !== seq) return;
      const button = buttonOf(a);
      if (!button) return;
      const line = el('span', { class: 'choice-odds none' }, `No odds: ${errorText(e)}`);
      // Refused for time: the server keeps working and keeps the answer; a click asks again.
      if (overBudget(e)) line.append(' ', el('button', { class: 'ask-again', onclick: () => { line.remove(); one(a); } }, 'Ask again'));
      button.after(line);
    }
  };
  (async () => {
    for (const a of choices) {
      if (ui.state.seq !== seq) return;
      await one(a);
    }
  })();
}

/**
 * Done where the rules do not offer it yet: greyed, with the reason the engine gives
 * (`/why?finish=true`), so the player knows what is still owed.
 */
function doneBlocked() {
  const reason = el('span', { class: 'why' }, '');
  const button = el('button', { class: 'action done-blocked', disabled: true, 'data-kind': 'done' }, 'Done');
  const seq = ui.state.seq;
  whyNot({ finish: 'true' }).then((why) => {
    if (!why || ui.state.seq !== seq) return;
    const text = reasonsText(why);
    if (!text) return;
    reason.textContent = text;
    button.title = text;
  });
  return el('div', { class: 'group blocked', 'data-kind': 'done' }, button, reason);
}

/** Asks the engine why something is not offered (`GET /why`); null when it cannot say. */
async function whyNot(params) {
  const q = new URLSearchParams({ seq: String(ui.state.seq), ...params });
  if (ui.token) q.set('seat', ui.token);
  try {
    return await api(`/api/games/${encodeURIComponent(ui.id)}/why?${q}`);
  } catch (e) {
    // The position moved on (another tab of this seat, the ninth playtest: clicks went
    // unanswered until a reload): fetch it, so the next click asks about the new one.
    if (e instanceof ApiError && e.status === 409) scheduleRefresh(0);
    return null;
  }
}

/** The refusals of a why answer as one line: "reason (rule); ...". */
function reasonsText(why) {
  // A reason that already ends with its rule is not cited twice (the ninth playtest).
  return (why.refusals || []).map((r) => (r.reason.endsWith(`(${r.rule})`) ? r.reason : `${r.reason} (${r.rule})`)).join('; ');
}

/** A click on a hex nothing highlights: the engine's reason, beside the click. */
async function explainHex(hex, ev) {
  const got = await explainAt(hex);
  if (!got) return;
  if (got.offered.length && !got.text) return openMenu(hex, got.offered, ev);
  const box = $('menu');
  box.replaceChildren(
    el('h3', {}, `Hex ${hex}`, el('button', { class: 'close', title: 'Close', onclick: closePopups }, '×')),
    el('p', { class: 'why' }, got.text),
    ...choiceNodes(got.offered),
  );
  box.dataset.why = hex;
  place(box, ev);
}

/**
 * What a click on `hex` would mean with the unit selected, asked of the engine: the actions
 * it means that are offered after all (a placement or volley the map does not light), else
 * the reason with its rule; null when the position changed meanwhile or it is not this
 * seat's decision. `quiet`: no words when the engine names nothing of the kind.
 */
async function explainAt(hex, quiet = false) {
  if (!ui.state || !ui.state.yours) return null;
  const params = { hex };
  if (ui.selected !== null) params.unit = ui.selected;
  const seq = ui.state.seq;
  const why = await whyNot(params);
  if (!why || ui.state.seq !== seq) return null;
  const offered = (why.actions || []).map((i) => (ui.state.actions || []).find((a) => a.index === i)).filter(Boolean);
  const who = ui.selected !== null ? unitName(ui.selected, ui.state.counters, []) : null;
  const said = reasonsText(why);
  // Offered with nothing said: the actions alone. Offered and a reason: the actions are not
  // the selected unit's to take, and the reason says what bars it (the eighth playtest).
  if (!said && (quiet || offered.length)) return { offered, text: '' };
  const reason = said || `Nothing to do in ${hex} now${who ? ` for ${who}` : ''}.`;
  // A hex beyond a ring that a rule cut short: say where the move stops, unless the
  // engine's answer already speaks of the reach.
  const reach = ui.selected !== null && ui.reach?.key === `${seq}/${ui.selected}` ? [...ui.reach.byHex.values()] : [];
  const stops = / reach this phase/.test(reason) ? null : reachStopsText(reach);
  return { offered, text: stops ? `${reason} ${stops}` : reason };
}

/** One chip per unit with hex actions: click it (or its counter), then a highlighted hex. */
function unitChips() {
  const chips = ui.index.units.map((u) => {
    const list = ui.index.byUnit.get(u) || [];
    const name = unitName(u, ui.state.counters, list);
    const n = ui.counts.get(u) ?? list.length;
    return el(
      'button',
      // A chip does what its counter does (F10): it picks the unit, never unpicks it.
      { class: 'chip', 'data-unit': u, title: `${n} action${n === 1 ? '' : 's'}`, onclick: () => pick(u, true) },
      name,
    );
  });
  const hint = ui.index.units.length === 1 ? 'Click a highlighted hex:' : 'Choose a unit, then a highlighted hex:';
  return el('div', { class: 'chips' }, el('p', { class: 'hint' }, hint), ...chips);
}

/** Buttons for actions with no hex: grouped by kind, or by unit when there are many. */
function actionButtons(buttons) {
  if (!buttons.length) return [];
  const button = (a) =>
    el('button', { class: 'action', 'data-index': a.index, 'data-kind': a.kind, 'data-unit': a.unit ?? null, 'data-ends': a.ends ?? null, title: a.ends ?? null, onclick: () => choose(a) }, a.label);
  if (buttons.length <= LONG_LIST) {
    return groupBy(buttons, (a) => a.kind).map(([kind, list]) =>
      el('div', { class: 'group', 'data-kind': kind }, el('h3', {}, kind), ...list.map(button)),
    );
  }
  return groupBy(buttons, (a) => a.unit ?? '').map(([unit, list]) => {
    const name = unit ? unitName(unit, ui.state.counters, list) : 'other';
    return el(
      'details',
      { class: 'group', 'data-unit': unit, open: list.length <= 6 || !unit },
      el('summary', {}, `${name} (${list.length})`),
      ...list.map(button),
    );
  });
}

/** Marks the selected counter and chip, and the hexes the selection may act on. */
export function renderSelection() {
  if (!ui.svg) return;
  for (const n of ui.svg.querySelectorAll('.selected, .hex.target, .hex.reach, .in-target')) {
    n.classList.remove('selected', 'target', 'reach', 'in-target');
  }
  for (const n of document.querySelectorAll('#actions .selected, #actions .mine')) n.classList.remove('selected', 'mine');
  const overlay = ui.svg.querySelector('#overlay');
  overlay.replaceChildren();
  if (ui.replay) return;
  const unit = ui.selected;
  if (unit !== null) {
    for (const g of ui.svg.querySelectorAll('.counter[data-counter]')) {
      if (g.dataset.counter === unit) {
        g.classList.add('selected');
        g.parentNode.append(g); // on top of its stack
      }
    }
    for (const c of document.querySelectorAll('#actions .chip[data-unit]')) {
      if (c.dataset.unit === unit) c.classList.add('selected');
    }
    for (const b of document.querySelectorAll('#actions button.action[data-unit]')) {
      if (b.dataset.unit === unit) b.classList.add('mine');
    }
    const first = document.querySelector('#actions .mine, #actions .chip.selected');
    if (first) first.scrollIntoView({ block: 'nearest' });
  }
  const targets = targetsFor(ui.index, unit);
  if (unit !== null && ui.index.byUnit.has(null)) {
    for (const [hex, kind] of targetsFor(ui.index, null)) if (!targets.has(hex)) targets.set(hex, kind);
  }
  for (const [hex, kind] of targets) {
    const warn = actionsAt(ui.index, unit, hex).find((a) => a.warning);
    markTarget(overlay, hex, kind, warn ? warn.warning : null);
  }
  for (const n of document.querySelectorAll('#actions .ends-note')) n.remove();
  if (unit !== null && ui.state.yours) showReach(unit, targets, (ends) => endsNote(unit, ends));
}

/**
 * F7: the unit picked on the page is not the one moving, and choosing it ends that one's
 * move: the panel says so at once (its rings and its button ask again before sending).
 */
function endsNote(unit, ends) {
  for (const n of document.querySelectorAll('#actions .ends-note')) n.remove();
  if (!ends || ui.selected !== unit) return;
  const name = unitName(unit, ui.state.counters, []);
  $('actions').prepend(el('p', { class: 'ends-note warning' }, `Moving ${name} ${ends}.`));
}

/**
 * Gives hex polygon `hex` the class `target`, draws its highlight and lets clicks through its
 * enemy counters (a click on the enemy is a click on the target). The seat's own counters stay
 * clickable: a click on one picks it (issue 15), with the stack's popup offering the move there
 * beside it (the tenth playtest: a click on Benjamin's counter stepped Rush into his hex).
 */
function markTarget(overlay, hex, kind, warning = null) {
  const poly = ui.hexes.get(hex);
  if (!poly) return;
  poly.classList.add('target');
  poly.dataset.kind = kind;
  const mark = document.createElementNS(SVG_NS, 'polygon');
  mark.setAttribute('points', poly.getAttribute('points'));
  mark.setAttribute('class', warning ? 'target-mark forced' : 'target-mark');
  mark.dataset.hex = hex;
  mark.dataset.kind = kind;
  overlay.append(mark);
  for (const g of ui.svg.querySelectorAll(`.counter[data-hex="${CSS.escape(hex)}"]`)) {
    if (!ownCounter(g.dataset.counter)) g.classList.add('in-target');
  }
}

// ---------------------------------------------------------------- choosing

/** Selects a unit (toggles it off when chosen again). */
function select(unit) {
  ui.selected = ui.selected === unit ? null : unit;
  closePopups();
  renderSelection();
  if (ui.selected !== null) {
    loadUnit(ui.selected);
    panTo(ui.selected);
    idleNote(ui.selected);
  }
}

/**
 * A unit of the seat picked that has nothing to do now: the engine's reason, in the panel
 * (the fifth playtest: a looting company clicked said nothing).
 */
async function idleNote(unit) {
  for (const n of document.querySelectorAll('#actions .idle-note')) n.remove();
  if (!ui.state.yours || ui.acting.has(unit) || !ownCounter(unit)) return;
  const seq = ui.state.seq;
  const why = await whyNot({ unit });
  const text = why ? reasonsText(why) : '';
  if (!text || ui.state.seq !== seq || ui.selected !== unit) return;
  const name = unitName(unit, ui.state.counters, []);
  $('actions').prepend(el('p', { class: 'idle-note why' }, `${name}: ${text}.`));
}

function clearSelection() {
  ui.selected = null;
  closePopups();
  renderSelection();
}

/** A click on a target hex: the action there, or a menu when several match. */
function clickHex(hex, ev) {
  // The picked unit's actions there and the hex's own (resolve the fire at it): the sixth
  // playtest found "resolve" hidden behind a unit still able to add its share.
  const mine = ui.selected !== null ? actionsAt(ui.index, ui.selected, hex) : [];
  const list = [...new Set([...mine, ...actionsAt(ui.index, null, hex)])];
  if (list.length === 1) choose(list[0], ui.selected);
  else if (list.length > 1) openMenu(hex, list, ev, ui.selected);
}

/**
 * A click on a counter (not on a target hex): pick it; a stack lists its counters to pick
 * from. An enemy counter is not picked: its stack is listed with what the unit selected may
 * do there, or the engine's reason why not (F14: an Assault not offered said nothing).
 */
function clickCounter(g, ev) {
  const hex = g.dataset.hex;
  const id = g.dataset.counter;
  const stack = (ui.state.counters || []).filter((c) => c.hex === hex);
  // Not this seat's decision (the bot moving, a spectator): the stack is listed to read, and
  // follows the position while open.
  if (!ui.state.yours) {
    openStack(hex, stack, ev);
    return;
  }
  // The unit selected may act on this hex (join the stack, say): the stack's popup offers
  // that beside its counters, since a click on your own counter only ever picks it.
  const other = ui.selected !== null && ui.selected !== id;
  const here = other ? actionsAt(ui.index, ui.selected, hex) : [];
  // A ringed hex (moves by destination): the popup offers going there too.
  const dest = other && ui.hexes.get(hex)?.classList.contains('reach') ? hex : null;
  const enemy = ui.state.yours && !ownCounter(id);
  if (here.length || dest) {
    openStack(hex, stack, ev, here, dest);
  } else if (enemy) {
    openStack(hex, stack, ev);
    explainStack(hex, ev);
  } else if (other && ui.state.yours && !ui.acting.has(id)) {
    // Your own counter that cannot act now, clicked with a unit picked: the click most
    // likely meant "take the picked unit there" (the fourth playtest: it only ringed the
    // counter and said nothing). The stack is listed (a row still picks its unit) with the
    // engine's reason the picked unit may not go there; the move is never made.
    openStack(hex, stack, ev);
    explainStack(hex, ev);
  } else {
    // A unit under way (its move may be ended: a `done` of its own) and a click on another of
    // your counters: the click picks that one, and says why the one under way could not go
    // there (the ninth playtest: D. H. Hill, barred by 6.1, was simply swapped for Garland).
    const under = other && ui.state.yours && (ui.state.actions || []).some((a) => a.kind === 'done' && a.unit === ui.selected);
    if (under && nextTo(hexOf(ui.selected), hex)) explainSwitch(ui.selected, hex);
    pick(id);
    if (stack.length > 1) openStack(hex, stack, ev);
  }
}

/** The hex counter `id` stands on, or null. */
function hexOf(id) {
  const c = (ui.state.counters || []).find((x) => x.id === id);
  return c ? c.hex : null;
}

/** Whether hexes `a` and `b` are neighbours on the map as drawn (their centres a hex apart). */
function nextTo(a, b) {
  const pa = a && ui.hexes.get(a);
  const pb = b && ui.hexes.get(b);
  if (!pa || !pb || a === b) return false;
  const box = (p) => p.getBBox();
  const [ba, bb] = [box(pa), box(pb)];
  const dx = ba.x + ba.width / 2 - (bb.x + bb.width / 2);
  const dy = ba.y + ba.height / 2 - (bb.y + bb.height / 2);
  return Math.hypot(dx, dy) < 1.2 * Math.max(ba.width, ba.height);
}

/** Why `unit`, under way, may not go to `hex`, as a short notice (see `clickCounter`). */
async function explainSwitch(unit, hex) {
  const why = await whyNot({ hex, unit });
  const text = why && !why.offered ? reasonsText(why) : '';
  if (!text) return;
  showNotice(`${unitName(unit, ui.state.counters, [])} may not go to ${hex}: ${text}.`, 'info');
}

/** The engine's answer about a click on a stack the unit picked may not act on, under its list in the popup. */
async function explainStack(hex, ev) {
  const box = $('stack');
  const got = await explainAt(hex, ui.selected === null);
  if (!got || box.hidden || !box.querySelector('h3')?.textContent.includes(hex)) return;
  const parts = got.offered.map((a) => el('button', { class: 'here', 'data-index': a.index, 'data-kind': a.kind, onclick: () => { closePopups(); choose(a); } }, a.label));
  if (got.text) parts.push(el('p', { class: 'why' }, got.text));
  box.append(...parts);
  place(box, ev);
}

/**
 * Picks a unit on the map or in a stack's popup: selects it and nothing more, however it
 * was clicked (the second playtest: the popup committed "move X" where the counter only
 * selected). Its lit and ringed hexes then take it there, the path beginning with choosing
 * it; its buttons ("move Garland's Brigade") still choose it outright.
 */
function pick(unit, pan = false) {
  if (ui.selected !== unit) select(unit);
  else if (pan) panTo(unit);
}

/** What a click on the map means. */
function onMapClick(ev) {
  if (ui.suppressClick) {
    ui.suppressClick = false;
    return;
  }
  if (ui.replay || !ui.state) return;
  const poly = ev.target.closest('.hex[data-hex]');
  const counter = ev.target.closest('.counter[data-counter]');
  // Your own counter is always picked, never the destination of the unit selected.
  if (counter && ownCounter(counter.dataset.counter)) return clickCounter(counter, ev);
  if (poly && poly.classList.contains('target')) {
    // A lit hex the unit only moves to, also among its destinations: the destination's path,
    // the way that leaves it the most (the tenth playtest: a click on a rear hex stepped
    // into it by orderly withdrawal at 4 MP where a turn, free, then a step cost 2).
    const h = poly.dataset.hex;
    const mine = ui.selected !== null ? actionsAt(ui.index, ui.selected, h) : [];
    const current = ui.reach?.key === `${ui.state.seq}/${ui.selected}`;
    const viaReach = current && ui.reach.byHex.get(h) && mine.length && mine.every((a) => a.kind === 'move') && !actionsAt(ui.index, null, h).length;
    return viaReach ? moveTo(h) : clickHex(h, ev);
  }
  // An enemy counter on a lit hex is that hex's target: the click targets it.
  if (counter && ui.hexes.get(counter.dataset.hex)?.classList.contains('target')) return clickHex(counter.dataset.hex, ev);
  // A ringed hex goes there, whether the click fell on the hex or on an enemy counter in
  // it (a melee hex).
  const at = poly ? poly.dataset.hex : counter ? counter.dataset.hex : null;
  if (at && ui.hexes.get(at)?.classList.contains('reach')) return moveTo(at);
  if (counter) return clickCounter(counter, ev);
  if (poly && ui.state.yours) return explainHex(poly.dataset.hex, ev);
  clearSelection();
}

/** Whether counter `id` is one of the seat's own. */
function ownCounter(id) {
  const c = (ui.state.counters || []).find((x) => x.id === id);
  return !!c && !!ui.state.seat && c.side === ui.state.seat;
}

/** The menu of the actions on one hex. */
function openMenu(hex, list, ev, follow = null) {
  $('menu').replaceChildren(el('h3', {}, `Hex ${hex}`), ...choiceNodes(list, follow), cancelLink());
  place($('menu'), ev);
}

/**
 * A popup's buttons for `list`, the actions on one hex: one each, but one picker for actions
 * some counters take together (`menuEntries`). `cls` is the buttons' class.
 */
function choiceNodes(list, follow = null, cls = null) {
  const send = (a) => {
    closePopups();
    choose(a, follow);
  };
  return menuEntries(ui.index, list).map((a) =>
    a.picker ? pickerBox(a, send) : el('button', { class: cls, 'data-index': a.index, 'data-kind': a.kind, onclick: () => send(a) }, a.label),
  );
}

/** A Cancel that is not a <button>, so that #menu's buttons are exactly its actions. */
function cancelLink() {
  const onkeydown = (e) => {
    if (e.key === 'Enter' || e.key === ' ') closePopups();
  };
  return el('span', { class: 'cancel', role: 'button', tabindex: '0', onclick: closePopups, onkeydown }, 'Cancel');
}

/** The popup listing a stack's counters, each selectable. */
/** A small arrow turned the way the counter faces (rulesets with facing), or nothing. */
function facingArrow(c) {
  const deg = facingBearing(c);
  if (deg === null) return null;
  return el('span', { class: 'facing', title: 'facing', 'aria-label': `facing ${deg} degrees`, style: `transform: rotate(${deg}deg)` }, '↑');
}

function openStack(hex, stack, ev, here = [], dest = null) {
  const box = $('stack');
  // A popup that only lists the stack (nothing to choose in it) follows the position while it
  // stays open (the tenth playtest: during the bot's turn a click showed nothing).
  box.dataset.info = here.length || dest ? '' : hex;
  const rows = [...stack].reverse().map((c) => {
    const status = (c.status || []).join(', ');
    const can = ui.acting.has(c.id);
    return el(
      'li',
      { 'data-counter': c.id, 'data-side': c.side, class: ui.selected === c.id ? 'selected' : null },
      el(
        'button',
        { onclick: () => { closePopups(); pick(c.id); }, class: can ? 'can-act' : null },
        el('span', { class: 'name' }, c.name),
        ' ',
        el('span', { class: 'strength' }, c.strength),
        status ? el('span', { class: 'status' }, ` ${status}`) : null,
        facingArrow(c),
      ),
    );
  });
  box.replaceChildren(
    el('h3', {}, `Stack in ${hex}`, el('button', { class: 'close', title: 'Close', onclick: closePopups }, '×')),
    el('ul', {}, ...rows),
    ...choiceNodes(here, null, 'here'),
    ...(dest ? [el('button', { class: 'here', 'data-reach': dest, onclick: () => { closePopups(); moveTo(dest); } }, `Move ${unitName(ui.selected, ui.state.counters, [])} here`)] : []),
  );
  if (ev) place(box, ev);
}

/**
 * After a new position: an open popup that only lists a stack is redrawn from it where it
 * stands (closed if the hex is empty now); any other popup closes, having shown choices of the
 * position it was opened on.
 */
function followPopups() {
  const box = $('stack');
  const info = box.dataset.info;
  $('menu').hidden = true;
  if (box.hidden || !info) {
    box.hidden = true;
    return;
  }
  const stack = (ui.state.counters || []).filter((c) => c.hex === info);
  if (stack.length) openStack(info, stack, null);
  else box.hidden = true;
}

/** Shows a popup beside the click, inside the map area. */
function place(box, ev) {
  const area = $('board').getBoundingClientRect();
  box.hidden = false;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  const x = Math.min(Math.max(8, ev.clientX - area.left + 12), area.width - w - 8);
  const y = Math.min(Math.max(8, ev.clientY - area.top + 12), area.height - h - 60);
  box.style.left = `${Math.max(8, x)}px`;
  box.style.top = `${Math.max(8, y)}px`;
}

export function closePopups() {
  $('menu').hidden = true;
  $('stack').hidden = true;
}

// ---------------------------------------------------------------- live updates

/** Opens the game's WebSocket; on close, reconnects with backoff and catches up. */
function connect() {
  let ws;
  try {
    ws = new WebSocket(wsUrl(location, ui.id, ui.token));
  } catch (e) {
    setConn('reconnecting');
    setTimeout(connect, backoff(ui.wsAttempt++));
    return;
  }
  ui.ws = ws;
  ws.addEventListener('open', () => {
    const again = ui.everOpen;
    ui.everOpen = true;
    ui.wsAttempt = 0;
    setConn('live');
    if (again) {
      scheduleRefresh(0);
      if (ui.chat) ui.chat.reconnected();
    }
  });
  ws.addEventListener('message', (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.type === 'update' && !(ui.state && msg.seq === ui.state.seq)) scheduleRefresh();
    else if (ui.chat) ui.chat.onMessage(msg);
  });
  ws.addEventListener('close', () => {
    if (ui.ws !== ws) return;
    setConn('reconnecting');
    setTimeout(connect, backoff(ui.wsAttempt++));
  });
}

function setConn(text) {
  const c = $('conn');
  c.textContent = text;
  c.className = text === 'live' ? 'live' : 'down';
}

// ---------------------------------------------------------------- pan and zoom

// ---------------------------------------------------------------- controls and keys

function wireControls() {
  document.addEventListener('visibilitychange', setTitle);
  $('map').addEventListener('click', onMapClick);
  $('undo').addEventListener('click', undo);
  const log = $('log');
  log.addEventListener('scroll', () => {
    ui.logPinned = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  });
  // The log's box changes with the panel above it (actions, tracks opened or closed, the
  // window): keep its newest events in view.
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => pinLog()).observe(log);
  $('zoom').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-zoom]');
    if (!b || !ui.svg) return;
    if (b.dataset.zoom === 'in') zoom(1 / 1.4);
    else if (b.dataset.zoom === 'out') zoom(1.4);
    else setView({ ...ui.fit });
  });
  const range = $('replay-range');
  let timer = null;
  range.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => showReplay(Number(range.value)), 80);
  });
  $('replay').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-step]');
    if (!b || !ui.state) return;
    const step = b.dataset.step;
    if (step === 'first') showReplay(0);
    else if (step === 'live') backToLive();
    else if (step === 'turn-back') jumpMark(-1);
    else if (step === 'turn-on') jumpMark(1);
    else stepReplay(Number(step));
  });
  document.addEventListener('keydown', onKey);
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ui.oddsOpen) {
    if (ev.key === 'Enter') ui.oddsOpen(true);
    else if (ev.key === 'Escape') ui.oddsOpen(false);
    else return;
    ev.preventDefault();
    return;
  }
  const t = ev.target;
  const typing = t && t.matches && t.matches('input, textarea, select');
  if (typing && ev.key !== 'Escape') return;
  if (ev.key === 'Enter' && t && t.matches && t.matches('button, a, summary')) return;
  switch (ev.key) {
    case 'Enter': {
      if (ui.replay || !ui.state || !ui.state.yours) return;
      const a = defaultButton(ui.index.buttons);
      if (a) choose(a);
      break;
    }
    case 'Escape':
      closePopups();
      clearSelection();
      break;
    case 'u':
    case 'U':
      undo();
      break;
    case 'ArrowLeft':
    case '[':
      stepReplay(-1);
      break;
    case 'ArrowRight':
    case ']':
      stepReplay(1);
      break;
    case '{':
      jumpMark(-1);
      break;
    case '}':
      jumpMark(1);
      break;
    default:
      return;
  }
  ev.preventDefault();
}

main();
