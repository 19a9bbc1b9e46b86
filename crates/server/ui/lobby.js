// lobby.js: the lobby page (`/`). Lists the scenarios with their optional rules, lets
// each side be a human or a computer player, creates the game (POST /api/games) and
// shows the private seat links and the spectator link. "My games" lists every game this
// browser created or opened (kept in localStorage by app.js) so it can be resumed.

import { api, ApiError, errorText, el, showNotice, clearNotice, copyText, sideName, loadGames, rememberGame, forgetGame } from './app.js';

const SIDES = ['union', 'confederate'];
const $ = (id) => document.getElementById(id);

/** The scenarios as the server sent them, by id. */
let scenarios = new Map();

async function main() {
  $('create-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    create();
  });
  $('scenarios').addEventListener('change', showScenario);
  renderMyGames();
  window.addEventListener('storage', renderMyGames);
  try {
    const [list, bots] = await Promise.all([api('/api/scenarios'), api('/api/bots')]);
    fillScenarios(list);
    fillSeats((bots && bots.bots) || [], (bots && bots.about) || {});
    if (bots && bots.ceiling) {
      $('bot-ceiling').textContent =
        `This server lets a computer seat think at most ${bots.ceiling.seconds} s a decision ` +
        `(mcts:SECONDSs up to that, or mcts:ITERATIONS up to ${bots.ceiling.iterations}).`;
    }
  } catch (e) {
    showNotice(`Could not load the lobby: ${errorText(e)}`);
  }
}

function fillScenarios(list) {
  scenarios = new Map(list.map((s) => [s.id, s]));
  const select = $('scenarios');
  select.replaceChildren(...list.map((s) => el('option', { value: s.id }, s.title)));
  showScenario();
}

/** The chosen scenario's description and its options as checkboxes. */
function showScenario() {
  const s = scenarios.get($('scenarios').value);
  $('scenario-description').textContent = s ? s.description : '';
  const options = (s && s.options) || [];
  $('options-box').hidden = options.length === 0;
  $('options').replaceChildren(
    ...options.map((o) =>
      el(
        'label',
        { class: 'option' },
        el('input', { type: 'checkbox', name: 'option', value: o.name }),
        el('span', { class: 'name' }, o.name),
        el('span', { class: 'description' }, o.description),
      ),
    ),
  );
}

/** Each side's seat chooser: human or any bot the server offers, with what the choice is. */
function fillSeats(bots, about) {
  const humanText = 'A person: you on this screen, or a friend you send the seat link to.';
  for (const side of SIDES) {
    const select = document.querySelector(`select[name=${side}]`);
    const choices = ['human', ...bots.filter((b) => b !== 'human')];
    const otherText = 'A computer player you name: mcts:SECONDSs (mcts:1s) or mcts:ITERATIONS (mcts:500), within this server\'s ceiling below.';
    select.replaceChildren(
      ...choices.map((c) =>
        el('option', { value: c, title: c === 'human' ? humanText : about[c] || '' }, c === 'human' ? 'human' : `computer: ${c}`),
      ),
      // The tenth playtest: the ceiling note invited mcts:1s and nothing let one type it.
      ...(bots.length ? [el('option', { value: OTHER, title: otherText }, 'computer: other…')] : []),
    );
    select.value = side === 'union' || bots.length === 0 ? 'human' : bots[0];
    let help = select.parentNode.querySelector('.seat-help');
    if (!help) {
      help = el('span', { class: 'seat-help' }, '');
      select.parentNode.append(help);
    }
    let spec = select.parentNode.querySelector('input.bot-spec');
    if (!spec) {
      spec = el('input', { class: 'bot-spec', name: `spec-${side}`, type: 'text', placeholder: 'mcts:1s', size: '10', 'aria-label': `${side} computer player` });
      select.parentNode.append(spec);
    }
    const explain = () => {
      spec.hidden = select.value !== OTHER;
      help.textContent = select.value === 'human' ? humanText : select.value === OTHER ? otherText : about[select.value] || '';
    };
    select.addEventListener('change', explain);
    explain();
  }
}

/** The "other…" entry of a seat chooser: the spec typed beside it. */
const OTHER = 'other';

/** What a side's seat chooser says: human, a bot offered, or the spec typed for "other…". */
function seatChoice(side) {
  const value = document.querySelector(`select[name=${side}]`).value;
  if (value !== OTHER) return value;
  return document.querySelector(`input[name=spec-${side}]`).value.trim() || 'mcts:1s';
}

async function create() {
  const scenario = $('scenarios').value;
  if (!scenario) return showNotice('Choose a scenario first.');
  const options = [...document.querySelectorAll('#options input[name=option]:checked')].map((i) => i.value);
  const seats = Object.fromEntries(SIDES.map((side) => [side, seatChoice(side)]));
  // A webhook only for a human seat that was given one.
  const webhooks = Object.fromEntries(SIDES
    .map((side) => [side, document.querySelector(`input[name=webhook-${side}]`).value.trim()])
    .filter(([side, url]) => url && seats[side] === 'human'));
  $('create').disabled = true;
  try {
    const game = await api('/api/games', { body: { scenario, options, seats, webhooks } });
    clearNotice();
    showCreated(game);
    rememberCreated(game);
    renderMyGames();
  } catch (e) {
    showNotice(`Could not create the game: ${errorText(e)}`);
  } finally {
    $('create').disabled = false;
  }
}

/** An absolute address for a link the server gave as a path. */
function absolute(link) {
  return new URL(link, location.href).href;
}

/** One link row: the address, a Copy button and an Open link. */
function linkRow(label, link, attrs) {
  const href = absolute(link);
  const copy = el('button', { type: 'button', class: 'copy' }, 'Copy');
  copy.addEventListener('click', async () => {
    copy.textContent = (await copyText(href)) ? 'Copied' : 'Copy failed';
    setTimeout(() => (copy.textContent = 'Copy'), 1500);
  });
  return el(
    'li',
    {},
    el('span', { class: 'label' }, label),
    el('a', { ...attrs, href }, href),
    copy,
    el('a', { class: 'open', href }, 'Open'),
  );
}

function showCreated(game) {
  const rows = [];
  for (const side of SIDES) {
    const seat = (game.seats || {})[side] || {};
    if (seat.link) {
      rows.push(linkRow(`${sideName(side)} (private: only this seat's player)`, seat.link, { class: 'seat-link', 'data-seat': side }));
    } else {
      rows.push(el('li', { class: 'bot' }, el('span', { class: 'label' }, sideName(side)), `played by the computer (${seat.player})`));
    }
  }
  rows.push(linkRow('Spectators', game.spectator, { class: 'spectator-link' }));
  const box = $('created');
  box.replaceChildren(el('h3', {}, `Created: ${game.title}`), el('ul', { class: 'links' }, ...rows));
  box.hidden = false;
  box.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

/** Remembers each human seat of a new game (or its spectator link when no seat is human). */
function rememberCreated(game) {
  const created = new Date().toISOString();
  const human = SIDES.filter((side) => game.seats && game.seats[side] && game.seats[side].link);
  for (const side of human) {
    rememberGame({ id: game.id, title: game.title, seat: side, link: game.seats[side].link, created });
  }
  if (human.length === 0) rememberGame({ id: game.id, title: game.title, seat: 'spectator', link: game.spectator, created });
}

function renderMyGames() {
  const games = loadGames();
  const list = $('mygames');
  if (!games.length) {
    list.replaceChildren(el('li', { class: 'empty' }, 'No games yet.'));
    return;
  }
  list.replaceChildren(
    ...games.map((g) =>
      el(
        'li',
        { 'data-game': g.id, 'data-seat': g.seat },
        el('a', { class: 'resume', href: g.link }, g.title || g.id),
        el('span', { class: 'seat' }, g.seat === 'spectator' ? 'watching' : sideName(g.seat)),
        el('span', { class: 'status' }, ''),
        el('time', { datetime: g.created }, when(g.created)),
        el('button', { type: 'button', class: 'remove', title: 'Remove from this list (the game itself stays)', onclick: () => { forgetGame(g.id, g.seat); renderMyGames(); } }, 'Remove'),
      ),
    ),
  );
  fillStatus(games);
}

/** Fills in each remembered game's status from the server: whose move, against whom, the result. */
async function fillStatus(games) {
  for (const g of games) {
    const row = document.querySelector(`#mygames li[data-game="${CSS.escape(g.id)}"][data-seat="${CSS.escape(g.seat)}"] .status`);
    if (!row) continue;
    try {
      row.textContent = statusText(await api(`/api/games/${encodeURIComponent(g.id)}/summary`), g.seat);
    } catch (e) {
      row.textContent = e instanceof ApiError && e.status === 404 ? 'gone from the server' : '';
    }
  }
}

/** "your move · against greedy · turn 3 of 12", "finished: Union wins", ... */
function statusText(s, seat) {
  if (s.outcome) return `finished: ${s.outcome.winner ? `${sideName(s.outcome.winner)} wins` : 'a draw'}`;
  const other = seat === 'union' ? 'confederate' : seat === 'confederate' ? 'union' : null;
  const whose = s.actor === seat ? 'your move' : s.actor === 'chance' ? 'dice rolling' : `${sideName(s.actor)} to move`;
  const against = other ? `against ${s.players[other] === 'human' ? 'a person' : s.players[other]}` : null;
  return [whose, against, s.turn ? `turn ${s.turn}` : null].filter(Boolean).join(' · ');
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

main();
