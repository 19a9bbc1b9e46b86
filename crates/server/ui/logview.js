// logview.js: the log (folded by unit for the other side's play, greyed after a replayed
// position), the last actions and the dice.

import { el, logKey, recentRows, sideName, unitName } from './app.js';
import { ui, $ } from './page.js';

/** Appends the log events not shown yet (the log scrolls in pinLog, once the panel is laid out). */
export function renderLog() {
  const list = $('log');
  if (ui.logShown > ui.log.length) {
    list.replaceChildren();
    ui.logShown = 0;
  }
  if (ui.logShown === ui.log.length) return;
  const seat = ui.state ? ui.state.seat : null;
  for (const e of ui.log.slice(ui.logShown)) appendEvent(list, e, logKey(e, seat));
  ui.logShown = ui.log.length;
  markReplayedLog();
}

/** One log line: its rule, its words, and the ply that wrote it (for replay). */
function eventItem(e) {
  const li = el('li', {}, el('span', { class: 'rule' }, e.rule), ' ', e.text);
  if (e.ply) li.dataset.ply = String(e.ply);
  return li;
}

/**
 * Appends event `e` to the log. Events of the other side's decisions about one unit fold
 * together: the second in a row turns the first into a collapsible entry, "Confederate ·
 * Cox's brigade: 4 events", and later ones join it.
 */
function appendEvent(list, e, key) {
  const last = list.lastElementChild;
  if (!key || !last || last.dataset.key !== key) {
    const li = eventItem(e);
    if (key) li.dataset.key = key;
    list.append(li);
    return;
  }
  let group = last;
  if (!last.classList.contains('fold')) {
    const name = unitName(e.unit, ui.state && ui.state.counters, []);
    group = el('li', { class: 'fold' }, el('details', {}, el('summary', {}), el('ol', {})));
    group.dataset.key = key;
    group.dataset.title = `${sideName(e.by)} · ${name}`;
    group.dataset.ply = last.dataset.ply || '';
    last.replaceWith(group);
    delete last.dataset.key;
    group.querySelector('ol').append(last);
  }
  group.querySelector('ol').append(eventItem(e));
  const n = group.querySelectorAll('ol > li').length;
  group.querySelector('summary').textContent = `${group.dataset.title}: ${n} events`;
}

/** While replaying, the log's events after the replayed ply are greyed out. */
export function markReplayedLog() {
  const k = ui.replay ? ui.replay.ply : Infinity;
  for (const li of $('log').querySelectorAll('li[data-ply]')) {
    li.classList.toggle('future', Number(li.dataset.ply) > k);
  }
}

/**
 * Scrolls the log to its newest event unless the reader has scrolled up to read: now
 * (reading scrollHeight lays the page out as it stands) and again after the next frame,
 * in case something still changes the log's box.
 */
export function pinLog() {
  if (!ui.logPinned) return;
  const list = $('log');
  const bottom = () => {
    if (ui.logPinned) list.scrollTop = list.scrollHeight;
  };
  bottom();
  requestAnimationFrame(bottom);
}

/** "Last actions": who did what, newest first, the dice among them. */
export function renderRecent(s) {
  const rows = recentRows(s.recent, s.seat);
  $('recent').replaceChildren(
    ...rows.map((r) =>
      el(
        'li',
        { 'data-ply': r.ply, 'data-actor': r.actor, class: r.mine ? 'mine' : null, title: `#${r.ply} ${r.who}: ${r.label}` },
        el('span', { class: 'who' }, r.who),
        ' ',
        el('span', { class: 'label' }, r.label),
      ),
    ),
  );
  $('recent-box').hidden = rows.length === 0;
}

/** The dice alone, newest first, in one line. */
export function renderDice(s) {
  const rolls = (s.recent || []).filter((r) => r.actor === 'chance').reverse();
  $('dice').replaceChildren(
    ...rolls.map((r) => el('li', { 'data-ply': r.ply, title: `#${r.ply}` }, r.label)),
  );
  $('dice-box').hidden = rolls.length === 0;
}
