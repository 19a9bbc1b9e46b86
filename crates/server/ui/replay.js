// replay.js: replay by ply, turn and phase (issue 15 item 7): the position after the first K
// actions in force (`GET /replay`), the turn and side marks (`GET /marks`), the banner with a
// link to the position, and the way back to live play.

import { api, el, errorText, showNotice, sideName } from './app.js';
import { ui, $ } from './page.js';
import { drawMarks } from './marks.js';
import { markReplayedLog } from './logview.js';
import { closePopups, render, renderCounters, renderOutcome, renderSelection, renderStatus } from './game.js';

export function renderReplayControl(s) {
  const range = $('replay-range');
  range.max = String(s.ply);
  range.value = String(ui.replay ? ui.replay.ply : s.ply);
  $('replay-where').textContent = ui.replay ? `ply ${ui.replay.ply} of ${s.ply}` : `ply ${s.ply} (live)`;
  document.body.classList.toggle('replaying', !!ui.replay);
}

/** Shows the position after the first k actions in force; k at the live ply goes back to live. */
export async function showReplay(k) {
  if (!ui.state) return;
  const n = ui.state.ply;
  k = Math.max(0, Math.min(n, k));
  if (k === n) return backToLive();
  const ticket = ++ui.replaySeq;
  ui.replay = { ply: k, data: ui.replay && ui.replay.data };
  closePopups();
  renderReplayControl(ui.state);
  try {
    const data = await api(`/api/games/${encodeURIComponent(ui.id)}/replay?ply=${k}`);
    if (ticket !== ui.replaySeq || !ui.replay) return;
    ui.replay = { ply: k, data };
    loadMarks().then(() => ui.replay && renderReplayBanner()).catch(() => {});
    renderCounters(data.counters_svg);
    drawMarks(ui.svg, ui.hexes, data.marks, []);
    renderSelection();
    renderStatus(data.tracks, data.vp);
    renderOutcome(data.outcome);
    renderReplayBanner();
    markReplayedLog();
  } catch (e) {
    showNotice(`Could not replay ply ${k}: ${errorText(e)}`);
  }
}

export function renderReplayBanner() {
  const r = ui.replay;
  const banner = $('replay-banner');
  banner.hidden = !r;
  if (!r) return;
  const label = r.data && r.data.label ? `: ${r.data.label}` : '';
  const where = markLabel(r.ply);
  // A spectator's link: sharing a position must not share this seat's private token.
  const link = new URL(location.href);
  link.searchParams.delete('seat');
  link.searchParams.set('ply', String(r.ply));
  banner.replaceChildren(
    el('strong', {}, `Replaying ply ${r.ply} of ${ui.state.ply}`),
    where ? ` (${where})` : '',
    label,
    ' ',
    el('a', { class: 'position-link', href: link.pathname + link.search, title: 'A link to this position' }, 'link'),
    ' ',
    el('button', { class: 'live', onclick: backToLive }, 'back to live'),
  );
  renderReplayControl(ui.state);
}

export function backToLive() {
  ui.replaySeq += 1;
  ui.replay = null;
  $('replay-banner').hidden = true;
  // A reload goes on with the live game, not back into the replay the page opened at.
  const here = new URL(location.href);
  if (here.searchParams.has('ply')) {
    here.searchParams.delete('ply');
    history.replaceState(null, '', here.pathname + here.search);
  }
  render();
  markReplayedLog();
}

/** The replay marks (`GET /marks`: where each turn and each side's play begins), fetched once a ply. */
async function loadMarks() {
  const n = ui.state.ply;
  if (ui.marks?.ply !== n) {
    const list = await api(`/api/games/${encodeURIComponent(ui.id)}/marks`);
    ui.marks = { ply: n, list };
  }
  return ui.marks.list;
}

/** The mark a ply falls in: "Turn 3 (9 AM) · Union", or ''. */
function markLabel(ply) {
  const list = ui.marks?.list || [];
  let m = null;
  for (const x of list) if (x.ply <= ply) m = x;
  if (!m) return '';
  return [m.turn ? `Turn ${m.turn}` : null, sideName(m.actor)].filter(Boolean).join(' · ');
}

/** Replay by turn and phase: to the start of the next side's stretch of play (d = 1) or back (-1). */
export async function jumpMark(d) {
  if (!ui.state) return;
  let list;
  try {
    list = await loadMarks();
  } catch (e) {
    return showNotice(`Could not find the turns: ${errorText(e)}`);
  }
  const at = ui.replay ? ui.replay.ply : ui.state.ply;
  const plies = list.map((m) => m.ply);
  const target = d > 0 ? plies.find((p) => p > at) : [...plies].reverse().find((p) => p < at);
  showReplay(target ?? (d > 0 ? ui.state.ply : 0));
}

/** Steps the replay by d actions from where it is (from the live position when live). */
export function stepReplay(d) {
  if (!ui.state) return;
  const at = ui.replay ? ui.replay.ply : ui.state.ply;
  showReplay(at + d);
}

