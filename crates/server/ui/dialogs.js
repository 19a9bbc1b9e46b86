// dialogs.js: the confirm dialog (#odds) and the odds shown in it before a fire or melee.

import { api, ApiError, el, errorText, oddsRows, oddsSummary } from './app.js';
import { ui, $ } from './page.js';

/** Shows the odds of a fire or melee action; resolves true on Confirm. A 404 confirms at once. */
export function confirmOdds(a) {
  const q = new URLSearchParams({ seq: String(ui.state.seq), index: String(a.index) });
  if (ui.token) q.set('seat', ui.token);
  const d = confirmDialog(a.label, [el('p', { class: 'loading' }, 'Working out the odds…')]);
  api(`/api/games/${encodeURIComponent(ui.id)}/odds?${q}`)
    .then((odds) => {
      const note = odds.assumption ? el('p', { class: 'assumption' }, `Assumes ${odds.assumption}.`) : null;
      d.show(odds.label || a.label, [...oddsParts(odds), note]);
    })
    .catch((e) => {
      if (!d.open()) return;
      if (e instanceof ApiError && e.status === 404) return d.done(true);
      const text =
        e instanceof ApiError && e.status === 422 && e.body && e.body.error === 'too_large'
          ? 'Too many outcomes to work out the exact odds of this one.'
          : `No odds: ${errorText(e)}`;
      d.show(a.label, [el('p', { class: 'too-large' }, text)]);
    });
  return d.answer;
}

/**
 * The #odds dialog with Confirm and Cancel under `parts`: `answer` resolves true on Confirm
 * (or Enter), false on Cancel (or Esc); `show` redraws it while it is open.
 */
export function confirmDialog(title, parts) {
  const box = $('odds');
  let resolve;
  const answer = new Promise((r) => {
    resolve = r;
  });
  const done = (ok) => {
    box.hidden = true;
    ui.oddsOpen = null;
    resolve(ok);
  };
  ui.oddsOpen = done;
  const open = () => ui.oddsOpen === done;
  const buttons = el(
    'div',
    { class: 'buttons' },
    el('button', { class: 'confirm', onclick: () => done(true) }, 'Confirm'),
    el('button', { class: 'cancel', onclick: () => done(false) }, 'Cancel'),
  );
  const show = (t, ps) => {
    if (open()) box.replaceChildren(el('h3', {}, t), ...ps.filter(Boolean), buttons);
  };
  show(title, parts);
  box.hidden = false;
  return { answer, show, done, open };
}

/** How many outcomes show unfolded: more are listed folded below the summary. */
const FEW_OUTCOMES = 6;

/**
 * The odds as a player reads them (F12): the summary first (the chance of each key of the
 * tally moving, `oddsSummary`), then every outcome, folded when there are many.
 */
export function oddsParts(odds) {
  const classes = odds.classes || [];
  const summary = oddsSummary(classes);
  const list = el('ul', { class: 'odds-summary' }, ...summary.map((r) => el('li', {}, el('span', { class: 'pct' }, r.pct), r.text)));
  const table = oddsTable(odds);
  const all = el('details', { class: 'all-odds', open: classes.length <= FEW_OUTCOMES }, el('summary', {}, `All ${classes.length} outcomes`), table);
  return [list, all];
}

export function oddsTable(odds) {
  const rows = oddsRows(odds.classes).map((r) => el('tr', {}, el('td', { class: 'pct' }, r.pct), el('td', {}, r.text)));
  return el(
    'table',
    { class: 'odds' },
    el('thead', {}, el('tr', {}, el('th', {}, 'chance'), el('th', {}, 'what follows'))),
    el('tbody', {}, ...rows),
  );
}
