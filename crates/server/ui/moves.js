// moves.js: sending what the player chose. One action (after its odds or its risk), one
// click's several actions (a destination's path, an Assault and the selected brigade
// joining it), and Undo, which takes back one click's actions together while no die has
// rolled in between (issue 15 F5). Also the reach rings that a click on a destination sends.

import { api, ApiError, el, errorText, showNotice, clearNotice, stopText } from './app.js';
import { ui, SVG_NS } from './page.js';
import { confirmOdds, confirmDialog } from './dialogs.js';
import { accept, refresh, closePopups } from './game.js';

/** Whether an action is an attack whose odds are asked before it is sent. */
const isCombat = (a) => a.kind === 'fire' || a.kind === 'melee';

/**
 * An action chosen: ask the odds first for fire and melee, say first what else it does (a
 * forced march's risk, 13.5; the move of another unit that choosing this one ends, F7), then
 * send it. `follow` (F13): a unit selected on the page that may join what the action began
 * (an Assault announced on the hex it was clicked for): its joining is sent next, by the
 * same click, its odds already shown with the announcement's.
 */
export async function choose(a, follow = null) {
  if (ui.busy || !ui.state || !ui.state.yours) return;
  const combat = isCombat(a);
  if (combat && !(await confirmOdds(a, follow))) return;
  if (!combat && (a.warning || a.ends) && !(await confirmWarning(a))) return;
  const start = ui.state.ply;
  if (!(await send(a))) return;
  if (follow !== null && combat) await sendFollow(a, follow, start);
}

/**
 * After an attack `a` announced on a hex with `unit` selected: the one action now offered
 * for that unit on that hex (its joining the Assault), sent by the same click; Undo takes
 * both back.
 */
async function sendFollow(a, unit, start) {
  const s = ui.state;
  if (!s.yours || !a.hex) return;
  if (a.unit !== unit && a.unit !== null && a.unit !== undefined && !(a.together || []).includes(unit)) return;
  const join = (s.actions || []).filter((x) => x.unit === unit && x.hex === a.hex && isCombat(x));
  if (join.length !== 1) return;
  // The action just sent, offered again, is its undoing (a brigade's joining toggles, 15.4):
  // the click that joined the Assault must not leave it (fourth playtest).
  if (sameAction(join[0].action, a.action)) return;
  if (await send(join[0])) recordClick(start);
}

/** Whether two actions' JSON are the same action. */
const sameAction = (x, y) => JSON.stringify(x) === JSON.stringify(y);

/** What an action does beside itself, in words, then Confirm. */
function confirmWarning(a) {
  const parts = [a.warning, a.ends ? `This ${a.ends}.` : null].filter(Boolean);
  return confirmDialog(a.label, parts.map((w) => el('p', { class: 'warning' }, w))).answer;
}

/** POSTs the action; true once it is in force. A stale or illegal answer is shown, the board redrawn. */
export async function send(a) {
  setBusy(true);
  try {
    const start = ui.state.ply;
    const body = { seat: ui.token, seq: ui.state.seq, action: a.action, log_from: ui.log.length };
    const state = await api(`/api/games/${encodeURIComponent(ui.id)}/actions`, { body });
    clearNotice();
    closePopups();
    await accept(state); // the unit stays selected while it can still act
    recordClick(start);
    return true;
  } catch (e) {
    await refused(e);
    return false;
  } finally {
    setBusy(false);
  }
}

/**
 * Takes back the seat's last click: every action it sent (a destination's five steps) by one
 * undo to the ply before it, when nothing has happened since (F5); else the last action.
 */
/**
 * Records one click's actions, from ply `from` to the plies now in force, for Undo to take
 * back together; a click on top of undone ones forgets them. The page keeps every click of
 * the session, not only the last (the eighth and ninth playtests: a path a few clicks back
 * came undone a step at a time).
 */
function recordClick(from) {
  ui.clicks = (ui.clicks || []).filter((c) => c.to <= from);
  ui.clicks.push({ from, to: ui.state.ply });
}

export async function undo() {
  if (ui.busy || !ui.state || !ui.state.can_undo || ui.replay) return;
  setBusy(true);
  const url = `/api/games/${encodeURIComponent(ui.id)}/undo`;
  const body = { seat: ui.token, seq: ui.state.seq };
  const clicks = ui.clicks || [];
  // The latest click, if its actions are the last in force (nobody has acted since).
  const top = clicks[clicks.length - 1];
  const click = top && top.to === ui.state.ply ? top : null;
  try {
    let state;
    if (click && click.from < ui.state.ply - 1) {
      try {
        state = await api(url, { body: { ...body, ply: click.from } });
      } catch (e) {
        // A die rolled on the way (a forced march): the last action alone.
        if (!(e instanceof ApiError && e.status === 422)) throw e;
      }
    }
    state = state || (await api(url, { body }));
    clearNotice();
    await accept(state);
    // The clicks undone are forgotten; a click cut short keeps the rest.
    ui.clicks = clicks.filter((c) => c.to <= ui.state.ply);
    const last = ui.clicks[ui.clicks.length - 1];
    if (last && last.from >= ui.state.ply) ui.clicks.pop();
  } catch (e) {
    await refused(e);
  } finally {
    setBusy(false);
  }
}

/** Shows why the server refused, and catches up when the page was behind. */
export async function refused(e) {
  if (e instanceof ApiError && e.status === 409) {
    if (e.body && e.body.state) await accept(e.body.state);
    else await refresh();
    showNotice('Another move landed first: the board now shows it.', 'info');
  } else if (e instanceof ApiError && e.status === 422 && e.body && e.body.rule) {
    showNotice(`Illegal under ${e.body.rule}: ${e.body.reason}`);
  } else {
    showNotice(errorText(e));
    if (e instanceof ApiError && e.status === 403) await refresh();
  }
}

export function setBusy(on) {
  ui.busy = on;
  document.body.classList.toggle('busy', on);
}

/**
 * Moves by destination: everywhere the selected unit can get to this phase beyond the hexes
 * already lit (`GET /reach`), ringed; forced-march hexes and hexes where a rule takes over
 * (opportunity fire, a roll) drawn apart, their reason in the tooltip. A click on one sends
 * the path's actions in turn. `onEnds` is told when choosing the unit ends another's move.
 */
export async function showReach(unit, targets, onEnds = () => {}) {
  const seq = ui.state.seq;
  const key = `${seq}/${unit}`;
  if (ui.reach?.key !== key) {
    const q = new URLSearchParams({ unit });
    if (ui.token) q.set('seat', ui.token);
    let got;
    try {
      got = await api(`/api/games/${encodeURIComponent(ui.id)}/reach?${q}`);
    } catch {
      return;
    }
    if (got.seq !== seq) return;
    ui.reach = { key, byHex: new Map(got.destinations.map((d) => [d.hex, d])) };
  }
  if (ui.selected !== unit || ui.state.seq !== seq || ui.replay) return;
  const overlay = ui.svg.querySelector('#overlay');
  let ends = null;
  for (const [hex, d] of ui.reach.byHex) {
    ends = ends || d.ends || null;
    if (targets.has(hex)) continue;
    const poly = ui.hexes.get(hex);
    if (!poly) continue;
    poly.classList.add('reach');
    const mark = document.createElementNS(SVG_NS, 'polygon');
    mark.setAttribute('points', poly.getAttribute('points'));
    mark.setAttribute('class', `reach-mark${d.warning ? ' forced' : ''}${d.stops ? ' stops' : ''}${d.ends ? ' ends' : ''}${d.alters?.length ? ' alters' : ''}${d.passes ? ' passes' : ''}`);
    mark.dataset.hex = hex;
    const title = document.createElementNS(SVG_NS, 'title');
    const passes = d.passes ? `passing through only: ${d.passes}` : null;
    title.textContent = [passes, d.after, ...(d.changes || []), d.warning, d.stops ? `stops for ${d.stops}` : null]
      .filter(Boolean)
      .join(' · ');
    mark.append(title);
    overlay.append(mark);
  }
  onEnds(ends);
}

/**
 * Sends a destination's path, one action at a time, stopping where the game goes elsewhere;
 * Undo then takes the whole path back. What the path risks or ends is asked first.
 */
export async function moveTo(hex) {
  const d = ui.reach?.byHex.get(hex);
  if (!d || ui.busy || !ui.state.yours) return;
  const alters = d.alters || [];
  if (d.warning || d.stops || d.ends || alters.length) {
    // A path that changes the unit's formation is asked first (the fifth playtest: a brigade
    // formed in line arrived in column, unasked).
    const formation = alters.length ? `On the way: ${alters.join('; ')}.` : null;
    const why = [d.ends ? `This ${d.ends}.` : null, formation, d.warning, d.stops ? stopText(d) : null].filter(Boolean);
    if (!(await confirmDialog(`Move to ${hex}`, why.map((w) => el('p', { class: 'warning' }, w))).answer)) return;
  }
  closePopups();
  setBusy(true);
  const start = ui.state.ply;
  try {
    for (const action of d.path) {
      if (!ui.state.yours) break; // a rule took over (opportunity fire, a roll)
      const body = { seat: ui.token, seq: ui.state.seq, action, log_from: ui.log.length };
      const state = await api(`/api/games/${encodeURIComponent(ui.id)}/actions`, { body });
      await accept(state);
      recordClick(start);
    }
    clearNotice();
  } catch (e) {
    await refused(e);
  } finally {
    setBusy(false);
  }
}

