// dialogs.js: the confirm dialog (#odds) and the odds shown in it before a fire or melee;
// the picker of counters that act together (a volley's firers).

import { api, ApiError, el, errorText, oddsRows, oddsSummary, percent, pickedOption, unitName } from './app.js';
import { ui, $ } from './page.js';

/**
 * Shows the odds of a fire or melee action; resolves true on Confirm. A 404 confirms at once.
 * `follow`: the unit the same click then sends in (an Assault announced with a brigade
 * selected, which joins it): the odds are of the two together (the tenth playtest).
 */
export function confirmOdds(a, follow = null) {
  const q = new URLSearchParams({ seq: String(ui.state.seq), index: String(a.index) });
  if (ui.token) q.set('seat', ui.token);
  if (follow !== null && follow !== undefined) q.set('follow', follow);
  // What the choice does beside the attack (the seventh playtest: a click meant to add a
  // brigade to an Assault took it out), above the odds.
  const warn = a.warning ? el('p', { class: 'warning' }, a.warning) : null;
  const d = confirmDialog(a.label, [warn, el('p', { class: 'loading' }, 'Working out the odds…')].filter(Boolean));
  // Refused for time, the server works on and keeps the answer: asked again by itself a few
  // times while the dialog is open (the eighth playtest confirmed Assaults before its "Ask
  // again" did), then left to the button.
  let tries = 0;
  // Until the odds are in, Confirm says that it goes ahead without them.
  const confirm = (text) => {
    const b = $('odds').querySelector('button.confirm');
    if (b && d.open()) b.textContent = text;
  };
  confirm('Confirm without the odds');
  const ask = () =>
    api(`/api/games/${encodeURIComponent(ui.id)}/odds?${q}`)
      .then((odds) => {
        const note = odds.assumption ? el('p', { class: 'assumption' }, `Assumes ${odds.assumption}.`) : null;
        d.show(odds.label || a.label, [warn, ...oddsParts(odds), note]);
        confirm('Confirm');
      })
      .catch((e) => {
        if (!d.open()) return;
        if (e instanceof ApiError && e.status === 404) return d.done(true);
        // Over the time budget, the server's work goes on and keeps its answer: ask again.
        if (overBudget(e)) {
          const still = () => d.show(a.label, [warn, el('p', { class: 'loading' }, 'Still working out the odds…')]);
          if (tries < AUTO_ASKS) {
            tries += 1;
            still();
            setTimeout(() => d.open() && ask(), ASK_AGAIN_MS);
            return;
          }
          const again = el('button', { class: 'ask-again', onclick: () => { still(); ask(); } }, 'Ask again');
          return d.show(a.label, [warn, el('p', { class: 'too-large' }, `No odds yet: ${errorText(e)}. The server goes on working them out.`), again]);
        }
        const text =
          e instanceof ApiError && e.status === 422 && e.body && e.body.error === 'too_large'
            ? 'Too many outcomes to work out the exact odds of this one.'
            : `No odds: ${errorText(e)}`;
        d.show(a.label, [warn, el('p', { class: 'too-large' }, text)]);
      });
  ask();
  return d.answer;
}

/** Times an odds request refused for time is asked again by itself, and the wait between. */
const AUTO_ASKS = 3;
const ASK_AGAIN_MS = 2000;

/** Whether an odds request was refused for time (the server keeps working: asking again may answer). */
export function overBudget(e) {
  return e instanceof ApiError && e.status === 503 && e.body?.error === 'over_budget';
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
  const alternatives = odds.alternatives || [];
  const summary = oddsSummary(classes, alternatives);
  const range = (r) => (r.range ? el('span', { class: 'range', title: 'over the other side’s options at its first choice' }, ` (${r.range} by their choice)`) : null);
  const list = el('ul', { class: 'odds-summary' }, ...summary.map((r) => el('li', {}, el('span', { class: 'pct' }, r.pct), r.text, range(r))));
  // The share the odds could not follow to the end (too many decisions on the way): said,
  // never counted as what happens (the fourth playtest).
  if (odds.unfinished > 5e-5) {
    const text = odds.sampled
      ? `of these odds estimated by ${odds.sampled} sampled playouts (too many decisions on the way to follow each exactly); the rest is exact`
      : 'not worked out to the end (too many decisions on the way): the rows above may understate what follows';
    list.append(el('li', { class: 'unfinished' }, el('span', { class: 'pct' }, percent(odds.unfinished)), text));
  }
  const table = oddsTable(odds);
  const all = el('details', { class: 'all-odds', open: classes.length <= FEW_OUTCOMES }, el('summary', {}, `All ${classes.length} outcomes`), table);
  const rolls = (odds.rolls || []).length
    ? el('details', { class: 'odds-rolls' }, el('summary', {}, 'The dice on the way'), el('ul', {}, ...odds.rolls.map((r) => el('li', {}, r))))
    : null;
  return [list, toOwn(odds.to_own), choices(alternatives), rolls, all];
}

/**
 * The dice alone as far as the player's own next choice inside the action (fight on or
 * retreat), where the odds above made that choice as the greedy bot would (the eighth
 * playtest: "90.6% retreated" on a melee marker was the player's own retreat). Open.
 */
function toOwn(first) {
  if (!first || !(first.classes || []).length) return null;
  const rows = oddsSummary(first.classes).map((r) => el('li', {}, el('span', { class: 'pct' }, r.pct), r.text));
  if (first.unfinished > 5e-5) rows.push(el('li', { class: 'unfinished' }, el('span', { class: 'pct' }, percent(first.unfinished)), 'not worked out to the end'));
  const asked = first.question ? el('p', { class: 'question' }, `Then you choose: ${first.question}`) : null;
  return el('details', { class: 'odds-first', open: true }, el('summary', {}, 'Up to your own next choice (the dice alone)'), el('ul', { class: 'odds-first-rows' }, ...rows), asked);
}

/** Rows shown for each option of the other side's first choice. */
const CHOICE_ROWS = 4;

/** The odds for each option of the other side's first choice, folded (issue 15). */
function choices(alternatives) {
  if (!alternatives.length) return null;
  const items = alternatives.map((a) =>
    el(
      'li',
      {},
      el('b', { title: a.question || '' }, `If they choose “${a.choice}”`),
      a.question && a.question !== alternatives[0].question ? ` (${a.question})` : '',
      ': ',
      oddsSummary(a.classes)
        .slice(0, CHOICE_ROWS)
        .map((r) => `${r.pct} ${r.text}`)
        .join(' · '),
    ),
  );
  const asked = alternatives[0].question ? el('p', { class: 'question' }, `Their first choice: ${alternatives[0].question}`) : null;
  return el('details', { class: 'odds-choices' }, el('summary', {}, `By the other side's ${alternatives.length} options at its first choice`), asked, el('ul', {}, ...items));
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

/**
 * One choice for actions alike but for which counters act together in them
 * (`togetherGroups`): a tick per counter and one button, which sends the action for exactly
 * the ticked counters, or says there is none (the seventh playtest: 33 buttons, one per
 * subset of six batteries). Starts with the most counters an action takes ticked.
 */
export function pickerBox(picker, onChoose) {
  const widest = picker.options.reduce((a, b) => (b.together.length > a.together.length ? b : a));
  const ticks = picker.members.map((id) =>
    el('input', { type: 'checkbox', value: id, checked: widest.together.includes(id) ? true : null, onchange: () => update() }),
  );
  const rows = picker.members.map((id, i) => el('label', { class: 'member' }, ticks[i], ` ${unitName(id, ui.state.counters, [])}`));
  const go = el('button', { class: 'pick', 'data-kind': picker.kind }, '');
  const note = el('p', { class: 'why' }, '');
  const chosen = () => pickedOption(picker, ticks.filter((t) => t.checked).map((t) => t.value));
  const update = () => {
    const a = chosen();
    go.disabled = !a;
    go.dataset.index = a ? String(a.index) : '';
    go.textContent = a ? a.label : picker.label;
    note.textContent = a ? '' : 'Not offered with exactly these ticked: tick another set.';
  };
  go.onclick = () => {
    const a = chosen();
    if (a) onChoose(a);
  };
  update();
  return el('fieldset', { class: 'picker', 'data-kind': picker.kind }, el('legend', {}, picker.label), ...rows, go, note);
}
