// Browser end-to-end tests of `muster serve`: the lobby and the game page in a real
// Chromium, against a real server. crates/cli/tests/e2e.rs starts the server and runs
// `node --test e2e/game.test.mjs` with MUSTER_URL set (so `cargo test --workspace` runs
// these); by hand: `muster serve --addr 127.0.0.1:8080 &` then
// `MUSTER_URL=http://127.0.0.1:8080/ node --test e2e/game.test.mjs`.
//
// The page's DOM contract (ids and classes) is in crates/server/API.md's users:
// ui/game.html, ui/game.js, ui/lobby.js. Chromium is Debian's (/usr/bin/chromium, or
// MUSTER_CHROMIUM), each context a fresh profile. On a failure every open page is
// screenshotted to /tmp/muster-e2e-*.png and its console errors are printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const BASE = process.env.MUSTER_URL;
if (!BASE) throw new Error('MUSTER_URL must name a running `muster serve` (crates/cli/tests/e2e.rs sets it)');
const CHROMIUM = process.env.MUSTER_CHROMIUM || '/usr/bin/chromium';
const TEST_TIMEOUT = 30_000;
const STEP = 15_000; // the longest wait for one thing on a page

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
});

// ------------------------------------------------------------------ helpers

const url = (path) => new URL(path, BASE).href;

async function apiJson(path, init = {}) {
  const res = await fetch(url(path), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers || {}) },
  });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** A game made through the API (POST /api/games). */
async function createGame(seats) {
  const { status, body } = await apiJson('/api/games', {
    method: 'POST',
    body: JSON.stringify({ scenario: 'belmont', options: [], seats }),
  });
  assert.equal(status, 201, `POST /api/games: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Runs `fn(open)` where `open()` gives a page in a new browser context (its own
 * storage). On failure screenshots every page and prints its console errors; always
 * closes the contexts. Uncaught page errors fail the test.
 */
async function withPages(name, fn) {
  const opened = [];
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP);
    const entry = { context, page, console: [], errors: [] };
    page.on('console', (m) => {
      if (m.type() === 'error') entry.console.push(`${m.text()} (${m.location().url || 'page'})`);
    });
    page.on('pageerror', (e) => entry.errors.push(String((e && e.stack) || e)));
    opened.push(entry);
    return page;
  };
  try {
    await fn(open);
    for (const [i, o] of opened.entries()) {
      assert.deepEqual(o.errors, [], `page ${i} (${o.page.url()}) threw uncaught errors`);
    }
  } catch (err) {
    const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    for (const [i, o] of opened.entries()) {
      const file = `/tmp/muster-e2e-${slug}-${i}.png`;
      try {
        await o.page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
        console.error(`screenshot of page ${i} (${o.page.url()}): ${file}`);
      } catch (e) {
        console.error(`no screenshot of page ${i}: ${e.message}`);
      }
      for (const line of o.console) console.error(`page ${i} console error: ${line}`);
      for (const line of o.errors) console.error(`page ${i} uncaught error: ${line}`);
      try {
        const notice = await o.page.locator('#notice:not([hidden])').textContent({ timeout: 500 });
        if (notice) console.error(`page ${i} #notice: ${notice}`);
      } catch {
        // no notice shown
      }
    }
    throw err;
  } finally {
    for (const o of opened) await o.context.close().catch(() => {});
  }
}

/** The live ply the page shows ("ply 7 (live)"): it changes with every action in force. */
const plyText = (page) => page.locator('#replay-where').textContent();

async function waitPlyChange(page, before) {
  await page.waitForFunction(
    (b) => {
      const t = document.querySelector('#replay-where');
      return t && t.textContent !== b && /live/.test(t.textContent);
    },
    before,
    { timeout: STEP },
  );
}

/** Waits until the game page has drawn a state and its socket is open. */
async function waitGameReady(page) {
  await page.waitForSelector('#prompt .who');
  await page.waitForSelector('#map svg .hex[data-hex]', { state: 'attached' });
  await page.waitForFunction(() => document.querySelector('#conn')?.textContent.trim() === 'live', null, { timeout: STEP });
}

const logCount = (page) => page.locator('#log li').count();

/** The log entries from index `from` on: [{rule, text}]. */
const logFrom = (page, from) =>
  page.locator('#log li').evaluateAll(
    (lis, f) => lis.slice(f).map((li) => ({ rule: li.querySelector('.rule')?.textContent ?? '', text: li.textContent })),
    from,
  );

/** The target hex nearest the middle of the visible map (so a click lands on it). */
async function pickTarget(page) {
  return page.evaluate(() => {
    const map = document.querySelector('#map').getBoundingClientRect();
    const cx = map.left + map.width / 2;
    const cy = map.top + map.height / 2;
    let best = null;
    for (const poly of document.querySelectorAll('#map .hex.target[data-hex]')) {
      const r = poly.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width < 4 || x < map.left || x > map.right || y < map.top || y > map.bottom) continue;
      // A hex holding the seat's own counters: a click there picks a counter (issue 15), so
      // such a hex comes last.
      const own = document.querySelector(`#map .counter[data-hex="${poly.dataset.hex}"]:not(.in-target)`) ? 1e6 : 0;
      const d = Math.hypot(x - cx, y - cy) + own;
      if (!best || d < best.d) best = { d, hex: poly.dataset.hex };
    }
    return best && best.hex;
  });
}

/** The first hex matching `selector` well inside the visible map with no counter on its centre. */
function freeHex(page, selector) {
  return page.evaluate((sel) => {
    const map = document.querySelector('#map').getBoundingClientRect();
    for (const poly of document.querySelectorAll(sel)) {
      const r = poly.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width < 8 || x < map.left + 20 || x > map.right - 20 || y < map.top + 20 || y > map.bottom - 20) continue;
      if (document.elementFromPoint(x, y)?.closest('.counter')) continue;
      return poly.dataset.hex;
    }
    return null;
  }, selector);
}

// ------------------------------------------------------------------ the tests

/** What the first test played, for the reload test. */
let played = null;

test('lobby creates a Belmont game against the random bot; the Union seat places a unit on the map', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('lobby-and-move', async (open) => {
    const page = await open();
    await page.goto(BASE);
    await page.waitForSelector('#scenarios option[value=belmont]', { state: 'attached' });
    await page.selectOption('#scenarios', 'belmont');
    await page.waitForSelector('select[name=confederate] option[value=random]', { state: 'attached' });
    await page.selectOption('select[name=union]', 'human');
    await page.selectOption('select[name=confederate]', 'random');
    await page.click('#create');
    const seatLink = page.locator('#created a.seat-link[data-seat=union]');
    await seatLink.waitFor();
    assert.equal(await page.locator('#created a.seat-link[data-seat=confederate]').count(), 0, 'a bot seat has no link');
    const spectator = await page.locator('#created a.spectator-link').getAttribute('href');
    const href = await seatLink.getAttribute('href');
    const id = new URL(href, BASE).pathname.split('/').pop();
    assert.match(href, /\/game\/[^/?]+\?seat=[a-z0-9]{26}$/, 'the seat link carries the token');
    assert.equal(new URL(spectator, BASE).pathname, `/game/${id}`, 'the spectator link has no token');
    await page.locator(`#mygames li[data-game="${id}"]`).first().waitFor();
    // My games says whose move it is and against whom (issue 15 item 8).
    await page.waitForFunction(
      (gid) => /your move · against random/.test(document.querySelector(`#mygames li[data-game="${gid}"] .status`)?.textContent || ''),
      id,
      { timeout: STEP },
    );

    await seatLink.click();
    await page.waitForURL(/\/game\//);
    await waitGameReady(page);
    await page.waitForSelector('#prompt.yours[data-actor=union]');
    assert.equal(await page.locator('#seat').getAttribute('data-seat'), 'union');
    assert.match(await page.locator('#prompt .rule').textContent(), /\d+\.\d+/, 'the prompt cites its rule');

    // Take the set-up decisions (buttons) until a unit can be put on a hex.
    for (let i = 0; i < 20 && (await page.locator('#actions .chip[data-unit]').count()) === 0; i++) {
      const button = page.locator('#actions button.action').first();
      await button.waitFor();
      const before = await plyText(page);
      await button.click();
      await waitPlyChange(page, before);
      await page.waitForSelector('#prompt.yours[data-actor=union]');
    }
    const chip = page.locator('#actions .chip[data-unit]').first();
    await chip.waitFor();
    const unit = await chip.getAttribute('data-unit');

    // Select the unit: its chip and counter are marked, the hexes it may go to lit.
    await chip.click();
    await page.waitForFunction(() => document.querySelectorAll('#map .hex.target').length > 0, null, { timeout: STEP });
    assert.ok((await page.locator('#map .hex.target').count()) > 0);
    await page.waitForSelector(`#actions .chip.selected[data-unit="${unit}"]`);
    if ((await page.locator(`#map .counter[data-counter="${unit}"]`).count()) > 0) {
      await page.waitForSelector(`#map .counter.selected[data-counter="${unit}"]`, { state: 'attached' });
    }

    const hex = await pickTarget(page);
    assert.ok(hex, 'a highlighted hex inside the visible map');
    const logBefore = await logCount(page);
    const before = await plyText(page);
    await page.locator(`#map .hex.target[data-hex="${hex}"]`).click();
    // Several actions on one hex: a menu; take its first.
    const menu = page.locator('#menu:not([hidden]) button:not(.cancel)').first();
    try {
      await menu.waitFor({ timeout: 750 });
      await menu.click();
    } catch {
      // a single action: sent at once
    }
    await waitPlyChange(page, before);

    // The counter stands on the hex, and the log says so with its rule number.
    await page.waitForSelector(`#map .counter[data-counter="${unit}"][data-hex="${hex}"]`, { state: 'attached' });
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, logBefore, { timeout: STEP });
    const fresh = await logFrom(page, logBefore);
    const entry = fresh.find((e) => e.text.includes(hex));
    assert.ok(entry, `a new log entry names hex ${hex}: ${JSON.stringify(fresh)}`);
    assert.match(entry.rule, /\d+\.\d+/, `the log entry cites a rule: ${JSON.stringify(entry)}`);

    // The action itself, as the server keeps it (the page's recent actions come from it).
    const token = new URL(page.url()).searchParams.get('seat');
    const { body: state } = await apiJson(`/api/games/${id}/state?seat=${token}`);
    const mine = (state.recent || []).filter((r) => r.actor === 'union').pop();
    assert.ok(mine && mine.label.includes(hex), `the last Union action is the one clicked: ${JSON.stringify(state.recent)}`);
    const shown = (await page.locator('#log').textContent()) + (await page.locator('#dice').textContent());
    assert.ok(shown.includes(unit.split('-')[0]), `the log names the unit ${unit}`);

    played = {
      link: page.url(),
      unit,
      hex,
      logLen: await logCount(page),
      ply: Number((await plyText(page)).match(/\d+/)[0]),
    };
  });
});

test('a reload shows the game as it was', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(played, 'needs the previous test to have played a move');
  await withPages('reload', async (open) => {
    const page = await open();
    await page.goto(played.link);
    await waitGameReady(page);
    await page.waitForSelector(`#map .counter[data-counter="${played.unit}"][data-hex="${played.hex}"]`, { state: 'attached' });
    await page.reload();
    await waitGameReady(page);
    const counter = page.locator(`#map .counter[data-counter="${played.unit}"]`);
    await counter.first().waitFor({ state: 'attached' });
    assert.equal(await counter.first().getAttribute('data-hex'), played.hex, 'the placed unit is where it was put');
    assert.ok((await logCount(page)) >= played.logLen, 'the log is whole (or longer: the bot may have moved)');
    const ply = Number((await plyText(page)).match(/\d+/)[0]);
    assert.ok(ply >= played.ply, `ply ${ply} after the reload, ${played.ply} before`);
    assert.equal(await page.locator('#seat').getAttribute('data-seat'), 'union');
  });
});

test('two browsers, one per side: a move by one shows live on the other', { timeout: TEST_TIMEOUT }, async () => {
  const game = await createGame({ union: 'human', confederate: 'human' });
  await withPages('live-update', async (open) => {
    const union = await open();
    const confederate = await open();
    await union.goto(url(game.seats.union.link));
    await confederate.goto(url(game.seats.confederate.link));
    await waitGameReady(union);
    await waitGameReady(confederate);
    await union.waitForSelector('#prompt.yours[data-actor=union]');
    await confederate.waitForSelector('#prompt[data-actor=union]:not(.yours)');
    assert.equal(await confederate.locator('#seat').getAttribute('data-seat'), 'confederate');
    assert.equal(await confederate.locator('#actions button.action').count(), 0, 'not the Confederate turn: no actions');

    // A mark that a reload would wipe.
    await confederate.evaluate(() => {
      window.__notReloaded = true;
    });
    const theirLog = await logCount(confederate);
    const theirPly = await plyText(confederate);
    const promptBefore = await confederate.locator('#prompt').textContent();

    const before = await plyText(union);
    await union.locator('#actions button.action').first().click();
    await waitPlyChange(union, before);

    await confederate.waitForFunction(
      ([n, p]) => document.querySelectorAll('#log li').length > n && document.querySelector('#replay-where').textContent !== p,
      [theirLog, theirPly],
      { timeout: 10_000 },
    );
    assert.equal(await confederate.evaluate(() => window.__notReloaded), true, 'the page updated without a reload');
    assert.equal(await plyText(confederate), await plyText(union), 'both pages at the same ply');
    const theirNewLog = await logFrom(confederate, theirLog);
    const ourNewLog = await logFrom(union, theirLog);
    assert.deepEqual(theirNewLog, ourNewLog, 'both pages show the same new log entries');
    assert.ok((await confederate.locator('#prompt').textContent()) !== promptBefore || theirNewLog.length > 0);
  });
});

test('a spectator cannot act: no action buttons, and the API refuses actions without a seat token', { timeout: TEST_TIMEOUT }, async () => {
  const game = await createGame({ union: 'human', confederate: 'random' });
  await withPages('spectator', async (open) => {
    const page = await open();
    await page.goto(url(game.spectator));
    await waitGameReady(page);
    await page.waitForSelector('#prompt[data-actor=union]');
    assert.equal(await page.locator('#seat').getAttribute('data-seat'), 'spectator');
    assert.equal(await page.locator('#prompt.yours').count(), 0);
    assert.equal(await page.locator('#actions button.action:enabled').count(), 0, 'no enabled action button');
    assert.equal(await page.locator('#actions .chip').count(), 0, 'no unit chips');
    assert.equal(await page.locator('#map .counter.actionable').count(), 0, 'no counter marked as able to act');
    assert.ok(await page.locator('#undo').isHidden(), 'no undo');
    // A click on a Union counter lights no hex.
    const counter = page.locator('#map .counter[data-side=union]').first();
    if ((await counter.count()) > 0) {
      await counter.click({ force: true });
      assert.equal(await page.locator('#map .hex.target').count(), 0, 'no highlighted hexes for a spectator');
      // It lists the stack to read (the tenth playtest: nothing opened while the bot moved),
      // and the list stays open as the position moves on.
      const hex = await counter.getAttribute('data-hex');
      await page.locator(`#stack:not([hidden]) h3:has-text("${hex}")`).waitFor({ timeout: STEP });
      const before = await plyText(page);
      const { body: st } = await apiJson(`/api/games/${game.id}/state?seat=${game.seats.union.token}`);
      await apiJson(`/api/games/${game.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: game.seats.union.token, seq: st.seq, action: st.actions[0].action }) });
      await waitPlyChange(page, before);
      assert.ok(await page.locator('#stack').isVisible(), 'the stack list follows the position');
    }
  });

  // The seat's own legal action, sent without a token or with a wrong one: 403.
  const { body: state } = await apiJson(`/api/games/${game.id}/state?seat=${game.seats.union.token}`);
  assert.ok(state.actions.length > 0);
  const action = state.actions[0].action;
  for (const seat of [undefined, 'a'.repeat(26)]) {
    const res = await apiJson(`/api/games/${game.id}/actions`, {
      method: 'POST',
      body: JSON.stringify({ seat, seq: state.seq, action }),
    });
    assert.equal(res.status, 403, `seat ${seat}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.error, 'forbidden');
  }
  const { body: after } = await apiJson(`/api/games/${game.id}/state`);
  assert.equal(after.seq, state.seq, 'nothing was stored');
});

test('the page says why: Done greyed with its rule, a click on an unlit hex answered', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('why-not', async (open) => {
    const g = await createGame({ union: 'human', confederate: 'human' });
    const page = await open();
    await page.goto(url(g.seats.union.link));
    await waitGameReady(page);
    await page.waitForSelector('#prompt.yours[data-actor=union]');
    // The set-up's first choice (2.1) is pending: Done is shown greyed, with the rule that holds it.
    const done = page.locator('#actions .done-blocked[disabled]');
    await done.waitFor();
    await page.waitForFunction(() => /Belmont 2\.\d/.test(document.querySelector('#actions .blocked .why')?.textContent || ''), null, { timeout: STEP });
    assert.match(await done.getAttribute('title'), /Belmont 2\.\d/, 'the button says why too');
    // A hex nothing lights: the page asks the engine and answers beside the click.
    const hex = await freeHex(page, '#map .hex[data-hex]:not(.target)');
    assert.ok(hex, 'an unlit hex inside the visible map');
    const before = await plyText(page);
    await page.locator(`#map .hex[data-hex="${hex}"]`).click();
    const why = page.locator('#menu:not([hidden]) p.why');
    await why.waitFor();
    assert.match(await why.textContent(), new RegExp(`${hex}|\\(Belmont`), 'the answer names the hex or a rule');
    assert.equal(await plyText(page), before, 'asking changed nothing');
  });
});

test('moves by destination: a unit selected shows its reach, and a click there moves it along the path', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('reach', async (open) => {
    // Both set-ups accepted as authored (11.1): the Union's first Movement Phase.
    const g = await fotmMoving();
    const page = await open();
    await page.goto(url(g.seats.union.link));
    await waitGameReady(page);
    await page.waitForSelector('#prompt.yours[data-actor=union]');
    // Choosing the battery to move (13.1) lights its next hexes and rings the rest of its reach.
    const before = await plyText(page);
    await page.locator('#actions button.action[data-unit="Benjamin"][data-kind="select"]').click();
    await waitPlyChange(page, before);
    await page.waitForFunction(() => document.querySelectorAll('#overlay .reach-mark').length > 0, null, { timeout: STEP });
    // A ringed hex with nothing on it, inside the visible map.
    // A forced-march hex when one is in view (the move then asks first, 13.5), else any.
    const forced = await page.evaluate(() => [...document.querySelectorAll('#overlay .reach-mark.forced')].map((m) => m.dataset.hex));
    const forcedSel = forced.map((h) => `#map .hex.reach[data-hex="${h}"]`).join(', ');
    const forcedHex = forcedSel ? await freeHex(page, forcedSel) : null;
    const hex = forcedHex || (await freeHex(page, '#map .hex.reach[data-hex]'));
    assert.ok(hex, 'a reachable hex beyond the lit ones, inside the visible map');
    // The legend: the ruleset's terrain and the page's marks.
    await page.locator('#legend-box summary').click();
    // The key is drawn as the map draws it, every fill, level and line.
    await page.waitForFunction(() => document.querySelector('#legend img.key')?.naturalWidth > 0, null, { timeout: STEP });
    assert.ok((await page.locator('#legend ul.marks li').count()) >= 5);
    // The player aids: the turn record, from the order of battle.
    await page.locator('#aids-box summary').click();
    await page.waitForFunction(() => /Scammon/.test(document.querySelector('#aids')?.textContent || ''), null, { timeout: STEP });
    // Hovering it draws the path the click will take, ending there.
    await page.locator(`#map .hex[data-hex="${hex}"]`).hover();
    await page.waitForFunction((h) => {
      const p = document.querySelector('#overlay .reach-path');
      return p && p.dataset.via.split(' ').pop() === h;
    }, hex, { timeout: STEP });
    await page.locator(`#map .hex[data-hex="${hex}"]`).click();
    // A forced march, or a hex where a rule stops the move, asks first.
    const confirm = page.locator('#odds:not([hidden]) button.confirm');
    if (forcedHex) {
      await confirm.waitFor();
      assert.match(await page.locator('#odds p.warning').first().textContent(), /13\.5/);
      await confirm.click();
    } else {
      try {
        await confirm.waitFor({ timeout: 750 });
        await confirm.click();
      } catch {
        // a plain move: sent at once
      }
    }
    await page.waitForSelector(`#map .counter[data-counter="Benjamin"][data-hex="${hex}"]`, { state: 'attached' });
  });
});

test('a ringed hex holding your own counters: the click picks the counter, and its popup offers the move there', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('reach-stack', async (open) => {
    // Benjamin's battery chosen (13.1): Whiting's hex, two steps off, is ringed.
    const page = await openMoving(open, await fotmMoving(), 'Benjamin');
    await page.waitForSelector('#overlay .reach-mark[data-hex="1816"]', { state: 'attached', timeout: STEP });
    // Clicking Whiting's counter there picks nothing else: the stack's popup offers the move.
    await page.locator('#map .counter[data-counter="Whiting"]').click({ force: true });
    const go = page.locator('#stack:not([hidden]) button.here[data-reach="1816"]');
    await go.waitFor({ timeout: STEP });
    assert.match(await go.textContent(), /Move .* here/);
    await go.click();
    const confirm = page.locator('#odds:not([hidden]) button.confirm');
    try {
      await confirm.waitFor({ timeout: 750 });
      await confirm.click();
    } catch {
      // a plain move: sent at once
    }
    await page.waitForSelector('#map .counter[data-counter="Benjamin"][data-hex="1816"]', { state: 'attached', timeout: STEP });
  });
});

test('a lit hex holding your own counters: a click on a counter picks, never moves the unit under way there', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('lit-stack', async (open) => {
    // Rush under way in 1815: Benjamin's hex, 1716, is lit for its one step (an orderly
    // withdrawal, 13.2). The tenth playtest clicked Benjamin's counter there and Rush moved.
    const page = await openMoving(open, await fotmMoving(), 'Rush');
    await page.waitForSelector('#overlay .target-mark[data-hex="1716"]', { state: 'attached', timeout: STEP });
    const ply = await plyText(page);
    await page.locator('#map .counter[data-counter="Benjamin"]').click({ force: true });
    // The stack is listed with the step beside it; nothing was sent.
    await page.locator('#stack:not([hidden]) li[data-counter="Benjamin"]').waitFor({ timeout: STEP });
    assert.equal(await plyText(page), ply, 'no action sent by a click on your own counter');
    assert.equal(await page.locator('#map .counter[data-counter="Rush"]').getAttribute('data-hex'), '1815');
    await page.locator('#stack li[data-counter="Benjamin"] button').click();
    await page.waitForSelector('#map .counter.selected[data-counter="Benjamin"]', { state: 'attached', timeout: STEP });
  });
});

test('the lobby takes a computer player typed by name ("other…", the tenth playtest)', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('lobby-other-bot', async (open) => {
    const page = await open();
    await page.goto(BASE);
    await page.waitForSelector('#scenarios option[value=fotm]', { state: 'attached' });
    await page.selectOption('#scenarios', 'fotm');
    await page.waitForSelector('select[name=confederate] option[value=other]', { state: 'attached' });
    assert.ok(await page.locator('input[name=spec-confederate]').isHidden(), 'no field until "other…" is chosen');
    await page.selectOption('select[name=confederate]', 'other');
    await page.fill('input[name=spec-confederate]', 'mcts:300');
    await page.selectOption('select[name=union]', 'human');
    await page.click('#create');
    const seatLink = page.locator('#created a.seat-link[data-seat=union]');
    await seatLink.waitFor();
    const id = new URL(await seatLink.getAttribute('href'), BASE).pathname.split('/').pop();
    const { body: summary } = await apiJson(`/api/games/${id}/summary`);
    assert.equal(summary.players.confederate, 'mcts:300');
  });
});

test('an unknown game id is a clear page with the way back, not an endless Loading', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('no-such-game', async (open) => {
    const page = await open();
    await page.goto(url('/game/nosuchgame0'));
    await page.waitForFunction(() => document.querySelector('#title')?.textContent === 'No such game', null, { timeout: STEP });
    assert.match(await page.locator('#prompt').textContent(), /nosuchgame0/);
    assert.equal(await page.locator('#prompt a[href="/"]').count(), 1, 'a link back to the lobby');
  });
});

test('replay by turn: a link to a position opens the replay there, and the turn buttons move by side', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('replay-by-turn', async (open) => {
    const g = await createGame({ union: 'human', confederate: 'human' });
    // The Union's set-up choices (2.1), by the API: a few plies in force.
    for (let i = 0; i < 3; i++) {
      const st = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.union.token}`)).body;
      const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: g.seats.union.token, seq: st.seq, action: st.actions[0].action }) });
      assert.equal(r.status, 200);
    }
    const page = await open();
    await page.goto(url(`${g.seats.union.link}&ply=1`));
    await waitGameReady(page);
    await page.waitForSelector('#replay-banner:not([hidden])');
    await page.waitForFunction(() => /Replaying ply 1 of 3/.test(document.querySelector('#replay-banner').textContent), null, { timeout: STEP });
    await page.waitForFunction(() => /Turn .* · Union/.test(document.querySelector('#replay-banner').textContent), null, { timeout: STEP });
    assert.match(await page.locator('#replay-banner a.position-link').getAttribute('href'), /ply=1/);
    await page.locator('#replay button[data-step="turn-back"]').click();
    await page.waitForFunction(() => /Replaying ply 0 of 3/.test(document.querySelector('#replay-banner').textContent), null, { timeout: STEP });
    await page.locator('#replay button[data-step="turn-on"]').click();
    await page.waitForSelector('#replay-banner', { state: 'hidden' }); // no other side's play yet: back to live
  });
});

test('"your move": a hidden tab is told when the decision comes back to its seat', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('your-move', async (open) => {
    const g = await createGame({ union: 'human', confederate: 'human' });
    const page = await open();
    await page.addInitScript(() => {
      window.__notes = [];
      window.Notification = class {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title) {
          window.__notes.push(title);
        }
      };
      Object.defineProperty(document, 'hidden', { get: () => true });
    });
    await page.goto(url(g.seats.confederate.link));
    await waitGameReady(page);
    assert.equal(await page.evaluate(() => window.__notes.length), 0, 'not yet the Confederacy\'s move');
    // The Union takes its set-up decisions by the API until the Confederacy is to decide.
    for (let i = 0; i < 400; i++) {
      const st = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.union.token}`)).body;
      if (st.actor !== 'union') break;
      const a = st.actions.length ? st.actions[0] : null;
      let action = a && a.action;
      if (!action) {
        const unit = st.unit_actions[0].unit;
        action = (await apiJson(`/api/games/${g.id}/actions?seat=${g.seats.union.token}&unit=${unit}`)).body.actions[0].action;
      }
      const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: g.seats.union.token, seq: st.seq, action }) });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    await page.waitForFunction(() => window.__notes.length === 1, null, { timeout: STEP });
    assert.match(await page.evaluate(() => window.__notes[0]), /^Your move: /);
    assert.match(await page.title(), /^● Your move · /);
  });
});

test('chat round-trips between two browsers; a spectator reads it and has no box to write in', { timeout: TEST_TIMEOUT }, async () => {
  const game = await createGame({ union: 'human', confederate: 'human' });
  await withPages('chat', async (open) => {
    const union = await open();
    const confederate = await open();
    const spectator = await open();
    await union.goto(url(game.seats.union.link));
    await confederate.goto(url(game.seats.confederate.link));
    await spectator.goto(url(game.spectator));
    for (const p of [union, confederate, spectator]) await waitGameReady(p);
    const plyBefore = await plyText(confederate);

    await union.locator('#chat-box summary').click();
    await union.locator('#chat-text').fill('Your move, General Polk.');
    await union.locator('#chat-form button[type=submit]').click();
    await union.waitForSelector('#chat li .said:text("Your move, General Polk.")');
    assert.equal(await union.locator('#chat-text').inputValue(), '', 'the box empties once the line is stored');

    // The other seat's box is closed: it counts the new line, and shows it when opened.
    await confederate.waitForSelector('#chat-box .unread:text("1 new")');
    await confederate.locator('#chat-box summary').click();
    await confederate.waitForSelector('#chat li.chat-union .said:text("Your move, General Polk.")');
    await confederate.locator('#chat-text').fill('Coming, sir.');
    await confederate.locator('#chat-text').press('Enter');
    await union.waitForSelector('#chat li.chat-confederate .said:text("Coming, sir.")');

    // The spectator reads both lines and has no box to write in.
    await spectator.locator('#chat-box summary').click();
    await spectator.waitForFunction(() => document.querySelectorAll('#chat li').length === 2);
    assert.ok(await spectator.locator('#chat-form').isHidden(), 'no chat box for a spectator');
    assert.ok(await spectator.locator('#chat-box .spectator-note').isVisible());
    assert.equal(await plyText(confederate), plyBefore, 'the chat did not move the game');
  });
});

test('the log folds a side\'s decisions about one unit into one entry, and replay greys what came after', { timeout: TEST_TIMEOUT }, async () => {
  const game = await createGame({ union: 'random', confederate: 'random' });
  await withPages('log-fold', async (open) => {
    const page = await open();
    await page.goto(url(game.spectator));
    await waitGameReady(page);
    // A spectator folds both sides: the bots' moves soon give a unit two events in a row.
    const fold = page.locator('#log li.fold').first();
    await fold.waitFor({ state: 'attached', timeout: STEP });
    const summary = await fold.locator('summary').textContent();
    assert.match(summary, /^(Union|Confederate) · .+: \d+ events$/);
    const inside = await fold.locator('ol > li').count();
    assert.ok(inside >= 2, `${inside} events folded`);
    assert.equal(Number(summary.match(/(\d+) events/)[1]), inside);
    // Replaying an early position greys the events written after it.
    await page.locator('#replay button[data-step=first]').click();
    await page.waitForSelector('#replay-banner:not([hidden])');
    await page.waitForFunction(() => document.querySelectorAll('#log li.future').length > 0);
    await page.locator('#replay button[data-step=live]').click();
    await page.waitForFunction(() => document.querySelectorAll('#log li.future').length === 0);
    // The compass says which way the map is drawn, and the marks layer sits under the highlights.
    assert.match(await page.locator('#compass').getAttribute('title'), /north is at the top/);
    await page.waitForSelector('#map svg #marks + #overlay', { state: 'attached' });
  });
});

// ------------------------------------------------------------------ the third playtest's findings (issue 15)

/** A Fire on the Mountain game, both seats human, both set-ups accepted: the Union's first Movement Phase. */
async function fotmMoving() {
  const { status, body: g } = await apiJson('/api/games', {
    method: 'POST',
    body: JSON.stringify({ scenario: 'fotm', options: [], seats: { union: 'human', confederate: 'human' } }),
  });
  assert.equal(status, 201);
  for (const side of ['confederate', 'union']) {
    const token = g.seats[side].token;
    const st = (await apiJson(`/api/games/${g.id}/state?seat=${token}`)).body;
    const done = st.actions.find((a) => a.kind === 'done');
    const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: token, seq: st.seq, action: done.action }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return g;
}

/** Opens the Union seat of `g` and chooses `unit` to move by its button (13.1). */
async function openMoving(open, g, unit) {
  const page = await open();
  await page.goto(url(g.seats.union.link));
  await waitGameReady(page);
  await page.waitForSelector('#prompt.yours[data-actor=union]');
  if (unit) {
    const before = await plyText(page);
    await page.locator(`#actions button.action[data-unit="${unit}"][data-kind="select"]`).click();
    await waitPlyChange(page, before);
    await page.waitForFunction(() => document.querySelectorAll('#overlay .reach-mark').length > 0, null, { timeout: STEP });
  }
  return page;
}

/** The ply number the page shows. */
const plyNumber = async (page) => Number((await plyText(page)).match(/\d+/)[0]);

/** The state of the Union seat, by the API. */
const unionState = async (g) => (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.union.token}`)).body;

/** Picks `unit` by a click on its counter, through its stack's list when it shares a hex. */
async function pickCounter(page, unit) {
  await page.locator(`#map .counter[data-counter="${unit}"]`).click({ force: true });
  const row = page.locator(`#stack:not([hidden]) li[data-counter="${unit}"] button`);
  if (await row.count()) await row.click();
  await page.waitForSelector(`#map .counter.selected[data-counter="${unit}"]`, { state: 'attached' });
}

/** The first hex matching `selector` in view whose centre a click reaches (no counter, no control over it). */
function clearHex(page, selector) {
  return page.evaluate((sel) => {
    const map = document.querySelector('#map').getBoundingClientRect();
    for (const poly of document.querySelectorAll(sel)) {
      const r = poly.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width < 8 || x < map.left + 20 || x > map.right - 20 || y < map.top + 20 || y > map.bottom - 20) continue;
      const at = document.elementFromPoint(x, y);
      if (!at || !at.closest('#map svg') || at.closest('.counter')) continue;
      return poly.dataset.hex;
    }
    return null;
  }, selector);
}

/** Shows the whole map ("fit"), so that any counter can be clicked. */
async function fitMap(page) {
  await page.locator('#zoom button[data-zoom="fit"]').click();
}

/** A ringed hex of the unit selected, free of counters and in view, whose path has at least `steps` actions. */
async function ringedHex(page, steps = 1) {
  const hexes = await page.evaluate(() => [...document.querySelectorAll('#overlay .reach-mark')].map((m) => m.dataset.hex));
  for (const h of hexes) {
    const ok = await freeHex(page, `#map .hex.reach[data-hex="${h}"]`);
    if (!ok) continue;
    const n = await page.evaluate((x) => document.querySelector(`#overlay .reach-mark[data-hex="${x}"] title`)?.textContent || '', h);
    if (steps <= 1 || !/forced|stops/.test(n)) return h;
  }
  return null;
}

test('F7: picking another unit while one moves says that choosing it ends that move, and its ring asks first', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('f7-ends', async (open) => {
    const g = await fotmMoving();
    const page = await openMoving(open, g, null);
    // No unit moving yet: picking Whiting warns of nothing.
    await pickCounter(page, 'Whiting');
    await page.waitForFunction(() => document.querySelectorAll('#overlay .reach-mark').length > 0, null, { timeout: STEP });
    assert.equal(await page.locator('#actions .ends-note').count(), 0, 'nothing to end');
    assert.equal(await page.locator('#overlay .reach-mark.ends').count(), 0);
    // Benjamin chosen to move (13.1): now picking Whiting on the map only picks it, and says
    // that choosing it ends Benjamin's move; so does its button.
    const before = await plyText(page);
    await page.locator('#actions button.action[data-unit="Benjamin"][data-kind="select"]').click();
    await waitPlyChange(page, before);
    await page.waitForSelector('#map .counter.selected[data-counter="Benjamin"]', { state: 'attached' });
    const moving = await plyText(page);
    await pickCounter(page, 'Whiting');
    await page.waitForSelector('#actions .ends-note');
    assert.match(await page.locator('#actions .ends-note').textContent(), /ends the move of/);
    assert.match(await page.locator('#actions button.action[data-unit="Whiting"][data-kind="select"]').getAttribute('data-ends'), /ends the move of/);
    assert.equal(await plyText(page), moving, 'picking sent nothing');
    await page.waitForSelector('#overlay .reach-mark.ends', { state: 'attached' });
    // A ring of Whiting's asks before ending Benjamin's move; Cancel sends nothing.
    const hex = await ringedHex(page);
    assert.ok(hex, 'a ringed hex of Whiting in view');
    await page.locator(`#map .hex[data-hex="${hex}"]`).click();
    await page.waitForSelector('#odds:not([hidden]) p.warning');
    assert.match(await page.locator('#odds p.warning').first().textContent(), /ends the move of/);
    await page.locator('#odds button.cancel').click();
    assert.equal(await plyText(page), moving, 'Cancel sent nothing');
    assert.equal(await page.locator('#map .counter[data-counter="Whiting"]').getAttribute('data-hex'), '1816');
  });
});

test('a unit of yours with nothing to do, picked, says why (the fifth playtest: a looting company said nothing)', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('idle-why', async (open) => {
    const g = await fotmMoving();
    const token = g.seats.union.token;
    // Benjamin chosen and his move ended by choosing Whiting (13.1): he has moved this phase.
    for (const unit of ['Benjamin', 'Whiting']) {
      const st = await unionState(g);
      const a = st.actions.find((x) => x.unit === unit && x.kind === 'select');
      assert.ok(a, `${unit} may be chosen`);
      const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: token, seq: st.seq, action: a.action }) });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const page = await openMoving(open, g, null);
    await pickCounter(page, 'Benjamin');
    await page.waitForSelector('#actions .idle-note');
    assert.match(await page.locator('#actions .idle-note').textContent(), /^Benjamin.*\(FotM \d/);
    // The neighbour: a unit with moves says nothing of the kind.
    await pickCounter(page, 'Whiting');
    await page.waitForFunction(() => document.querySelectorAll('#overlay .reach-mark').length > 0, null, { timeout: STEP });
    assert.equal(await page.locator('#actions .idle-note').count(), 0, await page.locator('#actions .idle-note').first().textContent().catch(() => ''));
  });
});

test('F5, F8: one Undo takes back a destination move of several actions, and the map selects the unit moving again', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('f5-f8-undo', async (open) => {
    const g = await fotmMoving();
    const page = await openMoving(open, g, 'Benjamin');
    const moving = await plyNumber(page);
    // Whiting picked and sent to a ring: its path begins by choosing it (ending Benjamin's move).
    await pickCounter(page, 'Whiting');
    await page.waitForSelector('#overlay .reach-mark.ends', { state: 'attached' });
    const hex = await ringedHex(page, 2);
    assert.ok(hex, 'a ringed hex of Whiting in view');
    await page.locator(`#map .hex[data-hex="${hex}"]`).click();
    await page.locator('#odds:not([hidden]) button.confirm').click();
    await page.waitForSelector(`#map .counter[data-counter="Whiting"][data-hex="${hex}"]`, { state: 'attached' });
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    const moved = await plyNumber(page);
    assert.ok(moved >= moving + 2, `several actions sent: ply ${moving} to ${moved}`);
    // The eighth and ninth playtests: with a click after it (a facing change, one action), a
    // first Undo takes back that click and a second the whole path, not one step of it.
    const turn = page.locator('#actions button.action[data-unit="Whiting"][data-kind="face"]').first();
    await turn.waitFor({ timeout: STEP });
    await turn.click();
    await page.waitForFunction((n) => Number(document.querySelector('#replay-where').textContent.match(/\d+/)[0]) === n + 1, moved, { timeout: STEP });
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    await page.locator('#undo').click();
    await page.waitForFunction((n) => document.querySelector('#replay-where').textContent.includes(`ply ${n} `), moved, { timeout: STEP });
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    // One Undo: all of them (F5).
    await page.locator('#undo').click();
    await page.waitForFunction((n) => /live/.test(document.querySelector('#replay-where').textContent) && document.querySelector('#replay-where').textContent.includes(`ply ${n} `), moving, { timeout: STEP });
    await page.waitForSelector('#map .counter[data-counter="Whiting"][data-hex="1816"]', { state: 'attached' });
    // The map shows the unit moving again, Benjamin, with its own rings (F8).
    await page.waitForSelector('#map .counter.selected[data-counter="Benjamin"]', { state: 'attached' });
    assert.equal(await page.locator('#map .counter.selected[data-counter="Whiting"]').count(), 0);
    await page.waitForFunction(() => document.querySelectorAll('#overlay .reach-mark').length > 0, null, { timeout: STEP });
    assert.equal(await page.locator('#overlay .reach-mark.ends').count(), 0, 'no ring of another unit');
    // The neighbouring case: one step, one action, one Undo of it alone.
    const step = await pickTarget(page);
    const before = await plyNumber(page);
    await page.locator(`#map .hex.target[data-hex="${step}"]`).click();
    // A step that warns (an orderly withdrawal's doubled cost, 13.2) asks first.
    const confirm = page.locator('#odds:not([hidden]) button.confirm');
    try {
      await confirm.waitFor({ timeout: 750 });
      await confirm.click();
    } catch {
      // a plain step: sent at once
    }
    await page.waitForSelector(`#map .counter[data-counter="Benjamin"][data-hex="${step}"]`, { state: 'attached' });
    await page.locator('#undo').click();
    await page.waitForSelector('#map .counter[data-counter="Benjamin"][data-hex="1716"]', { state: 'attached' });
    assert.equal(await plyNumber(page), before, 'the step alone taken back');
  });
});

test('F2, F14, F10: a far hex says why in reach terms, an enemy stack says why it is not attacked, a chip picks like its counter', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('f2-f14-f10', async (open) => {
    const g = await fotmMoving();
    const page = await openMoving(open, g, 'Benjamin');
    // F10: the only chip, its unit already picked: a click keeps it picked, its hexes lit.
    const lit = await page.locator('#map .hex.target').count();
    assert.ok(lit > 0);
    const ply = await plyText(page);
    await page.locator('#actions .chip[data-unit="Benjamin"]').click();
    await page.waitForSelector('#actions .chip.selected[data-unit="Benjamin"]');
    assert.equal(await page.locator('#map .hex.target').count(), lit, 'the chip lit what the counter lights');
    assert.equal(await plyText(page), ply);
    // F2: a hex well beyond the rings: the reason in the reach's terms, with the rule.
    const far = await clearHex(page, '#map .hex[data-hex]:not(.target):not(.reach)');
    assert.ok(far);
    await page.locator(`#map .hex[data-hex="${far}"]`).click();
    const why = page.locator('#menu:not([hidden]) p.why');
    await why.waitFor();
    const text = await why.textContent();
    assert.match(text, /beyond .* reach this phase: the nearest it can get is \d{4}/, text);
    assert.match(text, /\(FotM \d+\.\d+\)/);
    // F14: the enemy's stack, listed with the engine's reason, Benjamin still picked.
    await page.locator('#menu .close').click();
    await fitMap(page);
    await page.locator('#map .counter[data-counter="Garland"]').click({ force: true });
    await page.waitForSelector('#stack:not([hidden]) li[data-counter="Garland"]');
    await page.waitForSelector('#stack:not([hidden]) p.why');
    assert.match(await page.locator('#stack p.why').textContent(), /FotM \d+\.\d+/);
    assert.equal(await plyText(page), ply, 'asking changed nothing');
  });
});

test('F14 neighbour: with no unit picked, an enemy stack is listed with no reason the engine does not give', { timeout: TEST_TIMEOUT }, async () => {
  await withPages('f14-none', async (open) => {
    const g = await fotmMoving();
    const page = await openMoving(open, g, null);
    await fitMap(page);
    await page.locator('#map .counter[data-counter="Garland"]').click({ force: true });
    await page.waitForSelector('#stack:not([hidden]) li[data-counter="Garland"]');
    await page.waitForTimeout(500);
    assert.equal(await page.locator('#stack p.why').count(), 0, 'no "nothing to do" noise');
  });
});

/**
 * A Fire on the Mountain game brought by the API to the Confederate Combat Phase with an
 * Assault owed at 1611 (Garland beside Rush): the Union cavalry rides West, the
 * Confederates close on it, each unit to the destination of its reach nearest a point.
 */
async function fotmAssault() {
  const g = await fotmMoving();
  const tok = { union: g.seats.union.token, confederate: g.seats.confederate.token };
  const state = async (side) => (await apiJson(`/api/games/${g.id}/state?seat=${tok[side]}`)).body;
  const act = async (side, seq, action) => {
    const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: tok[side], seq, action }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };
  const near = (col, row) => (h) => Math.abs(Number(h.slice(0, 2)) - col) + Math.abs(Number(h.slice(2)) - row);
  const closeIn = async (side, units, dist) => {
    for (const unit of units) {
      let s = await state(side);
      const r = (await apiJson(`/api/games/${g.id}/reach?seat=${tok[side]}&unit=${unit}`)).body;
      const ds = r.destinations.filter((d) => !d.stops && !d.warning).sort((a, b) => dist(a.hex) - dist(b.hex));
      for (const a of ds[0].path) s = await act(side, s.seq, a);
    }
  };
  const endPhases = async (side) => {
    let s = await state(side);
    for (let i = 0; i < 6 && s.actor === side && !s.actions.some((a) => a.kind === 'melee'); i++) {
      const done = s.actions.filter((a) => a.kind === 'done');
      s = await act(side, s.seq, done[done.length - 1].action);
    }
    return s;
  };
  await closeIn('union', ['Whiting', 'Davis', 'Rush', 'McReynolds', 'Farnsworth'], near(16, 7));
  await endPhases('union');
  await closeIn('confederate', ['Garland', 'Bondurant', 'Rosser', 'Colquitt'], near(16, 11.5));
  const s = await endPhases('confederate');
  const assault = s.actions.find((a) => a.kind === 'melee' && a.hex === '1611');
  assert.ok(assault, `an Assault on 1611 offered: ${s.prompt.text}`);
  return { g, assault, unit: assault.unit };
}

test('F12, F13, F15: an Assault shows its odds in short, the brigade selected joins it by the same click, and the log files it under the attacker', { timeout: 60_000 }, async () => {
  const { g, unit } = await fotmAssault();
  await withPages('f12-f13-f15', async (open) => {
    const page = await open();
    await page.goto(url(g.seats.confederate.link));
    await waitGameReady(page);
    // The page picks the only unit that acts; with another Assault on offer too, the player
    // picks the brigade.
    if ((await page.locator(`#map .counter.selected[data-counter="${unit}"]`).count()) === 0) {
      await page.locator(`#map .counter[data-counter="${unit}"]`).first().click({ force: true });
    }
    await page.waitForSelector(`#map .counter.selected[data-counter="${unit}"]`, { state: 'attached' });
    const start = await plyNumber(page);
    // A stale dialog closes when the position changes under it (F13): the odds of the
    // Assault open, then the same seat announces it elsewhere (another tab, by the API).
    await page.locator('#map .hex.target[data-hex="1611"]').click({ force: true });
    await page.waitForSelector('#odds:not([hidden]) ul.odds-summary li');
    // F12: the summary first, each key's chance, and every outcome folded below it.
    assert.ok((await page.locator('#odds ul.odds-summary li').count()) >= 2);
    assert.match(await page.locator('#odds ul.odds-summary').textContent(), /steps lost ≥ 1/);
    assert.equal(await page.locator('#odds details.all-odds table.odds').count(), 1);
    await page.locator('#odds button.cancel').click();
    // F13: the Assault announced with its brigade selected: the brigade joins it too.
    await page.locator('#map .hex.target[data-hex="1611"]').click({ force: true });
    await page.locator('#odds:not([hidden]) button.confirm').click();
    await page.waitForFunction((n) => {
      const t = document.querySelector('#replay-where').textContent;
      return /live/.test(t) && Number(t.match(/\d+/)[0]) === n + 2;
    }, start, { timeout: STEP });
    const st = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.confederate.token}`)).body;
    assert.match(st.recent[st.recent.length - 1].label, /joins the Assault on 1611/, JSON.stringify(st.recent.slice(-2)));
    // One Undo takes back the click: the announcement and the joining (F5).
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    await page.locator('#undo').click();
    await page.waitForFunction((n) => document.querySelector('#replay-where').textContent.startsWith(`ply ${n} `), start, { timeout: STEP });
    // Again, and resolved: the Union's page files the Assault, Rush's losses too, under the attacker.
    await page.locator('#map .hex.target[data-hex="1611"]').click({ force: true });
    await page.locator('#odds:not([hidden]) button.confirm').click();
    await page.waitForFunction((n) => Number(document.querySelector('#replay-where').textContent.match(/\d+/)[0]) === n + 2, start, { timeout: STEP });
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    // A second brigade selected and the Assault's hex clicked: it joins, and stays joined
    // (the fourth playtest: one Confirm sent the toggle twice, "joins" then "leaves").
    const mid = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.confederate.token}`)).body;
    const other = mid.actions.find((a) => a.kind === 'melee' && a.hex === '1611' && a.unit && a.unit !== unit);
    assert.ok(other, `a second brigade may join: ${JSON.stringify(mid.actions.filter((a) => a.hex === '1611'))}`);
    {
      await page.locator(`#map .counter[data-counter="${other.unit}"]`).first().click({ force: true });
      await page.waitForSelector(`#map .counter.selected[data-counter="${other.unit}"]`, { state: 'attached' });
      const before = mid.ply;
      await page.locator('#map .hex.target[data-hex="1611"]').click({ force: true });
      await page.locator('#odds:not([hidden]) button.confirm').click();
      await page.waitForFunction(() => !document.body.classList.contains('busy'));
      await page.waitForFunction((n) => Number(document.querySelector('#replay-where').textContent.match(/\d+/)[0]) === n + 1, before, { timeout: STEP });
      const after = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.confederate.token}`)).body;
      assert.equal(after.ply, before + 1, JSON.stringify(after.recent.slice(-2)));
      assert.match(after.recent[after.recent.length - 1].label, /joins the Assault on 1611/, JSON.stringify(after.recent.slice(-2)));
      await page.locator('#undo').click();
      await page.waitForFunction((n) => Number(document.querySelector('#replay-where').textContent.match(/\d+/)[0]) === n, before, { timeout: STEP });
      await page.waitForFunction(() => !document.body.classList.contains('busy'));
    }
    // A stale dialog: the resolve's odds open while the same seat resolves it by the API.
    await page.locator('#actions button.action[data-kind="melee"]').first().click();
    await page.waitForSelector('#odds:not([hidden])');
    const now = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats.confederate.token}`)).body;
    const resolve = now.actions.find((a) => a.kind === 'melee' && !a.unit);
    const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: g.seats.confederate.token, seq: now.seq, action: resolve.action }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await page.waitForSelector('#odds', { state: 'hidden', timeout: STEP });
    const union = await open();
    await union.goto(url(g.seats.union.link));
    await waitGameReady(union);
    await union.waitForFunction(() => /Defensive fire/.test(document.querySelector('#log')?.textContent || ''), null, { timeout: STEP });
    const folds = await union.locator('#log li.fold').evaluateAll((lis) => lis.map((li) => ({ head: li.querySelector('summary').textContent, text: li.textContent })));
    // The dice, and whoever lost a step to them (Rush to close combat, Garland to defensive fire).
    const hit = folds.find((f) => /Defensive fire/.test(f.text));
    assert.ok(hit, `the Assault's dice are folded: ${JSON.stringify(folds.map((f) => f.head))}`);
    assert.match(hit.head, /^Confederate · Garland: \d+ events$/, `filed under the attacker: ${hit.head}`);
    for (const f of folds.filter((x) => /loses \d+ step/.test(x.text))) assert.match(f.head, /^Confederate · Garland/, f.head);
    assert.ok(!folds.some((f) => /^Confederate · (Rush|Whiting|Davis)/.test(f.head)), 'no Union brigade heads Confederate events');
  });
});

/**
 * A Belmont game, both seats human, walked by the API (actions drawn by a fixed generator,
 * the dice the server's) to a decision of the seat to act where `found` (given the actions
 * it may take, those of one of its units fetched where the state only counts them) returns
 * something. Returns the game, that seat, the actions and what `found` returned.
 */
async function belmontWalk(found, what) {
  const g = await createGame({ union: 'human', confederate: 'human' });
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % n;
  };
  const q = (side) => `seat=${g.seats[side].token}`;
  for (let i = 0; i < 3000; i++) {
    const actor = (await apiJson(`/api/games/${g.id}/state?${q('union')}`)).body.actor;
    assert.notEqual(actor, 'over', `the game ended before ${what}`);
    const s = (await apiJson(`/api/games/${g.id}/state?${q(actor)}`)).body;
    let acts = s.actions;
    if (s.unit_actions?.length) {
      const u = s.unit_actions[rnd(s.unit_actions.length)].unit;
      acts = acts.concat((await apiJson(`/api/games/${g.id}/actions?${q(actor)}&unit=${encodeURIComponent(u)}`)).body.actions);
    }
    const hit = found(acts);
    if (hit) return { g, side: actor, acts, hit };
    const a = acts[rnd(acts.length)];
    const r = await apiJson(`/api/games/${g.id}/actions`, { method: 'POST', body: JSON.stringify({ seat: g.seats[actor].token, seq: s.seq, action: a.action }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  throw new Error(`no ${what} in 3000 actions`);
}

/** Opens `side`'s seat of `g` with that side to act, the whole map shown. */
async function openToAct(open, g, side) {
  const page = await open();
  await page.goto(url(g.seats[side].link));
  await waitGameReady(page);
  await page.waitForSelector(`#prompt.yours[data-actor=${side}]`);
  await fitMap(page);
  return page;
}

/**
 * [belmontWalk] to a decision where the seat may fire with two or more of its units
 * together (a volley, 5.1, or opportunity fire at a vessel, 5.2). Returns the game, that
 * seat and the fire actions of one target sharing firers.
 */
async function belmontVolley() {
  const { g, side, acts, hit: wide } = await belmontWalk((acts) => acts.find((a) => a.kind === 'fire' && a.together?.length >= 2), 'a volley of two firers');
  // Its subsets: the same target, firers in common (a volley's share a firing hex; an
  // opportunity fire's, 5.2, may not).
  const volleys = acts.filter((a) => a.kind === 'fire' && a.hex === wide.hex && a.together?.some((u) => wide.together.includes(u)));
  return { g, side, wide, volleys };
}

test('a volley\'s firers are ticked in one picker, not a button per subset; the ticks choose the volley sent', { timeout: 120_000 }, async () => {
  const { g, side, wide, volleys } = await belmontVolley();
  assert.ok(volleys.length >= 3, `two firers give three subsets: ${JSON.stringify(volleys.map((v) => v.label))}`);
  await withPages('volley-picker', async (open) => {
    const page = await openToAct(open, g, side);
    // The second firer picked (not the first a button would have been listed under).
    const member = wide.together[1];
    await pickCounter(page, member);
    await page.waitForSelector(`#map .hex.target[data-hex="${wide.hex}"]`, { state: 'attached' });
    await page.locator(`#map .hex.target[data-hex="${wide.hex}"]`).click({ force: true });
    const picker = page.locator(`#menu:not([hidden]) fieldset.picker, #stack:not([hidden]) fieldset.picker`).first();
    await picker.waitFor({ timeout: STEP });
    const ticks = picker.locator('input[type=checkbox]');
    assert.ok((await ticks.count()) >= 2, 'a tick per firer');
    // No button per subset: the subsets of this volley are the one picker.
    for (const v of volleys) {
      const own = await page.locator(`#menu:not([hidden]) > button[data-index="${v.index}"], #stack:not([hidden]) > button[data-index="${v.index}"]`).count();
      assert.equal(own, 0, `no button of its own for "${v.label}"`);
    }
    // Everything ticked names the widest volley; one firer alone, that firer's.
    const go = picker.locator('button.pick');
    const shown = await go.textContent();
    assert.ok(volleys.some((v) => v.label === shown), `the button names a volley: ${shown}`);
    for (let i = 0; i < (await ticks.count()); i++) {
      const id = await ticks.nth(i).getAttribute('value');
      if (id !== wide.together[0]) await ticks.nth(i).uncheck();
      else await ticks.nth(i).check();
    }
    const lone = volleys.find((v) => v.together.length === 1 && v.together[0] === wide.together[0]);
    if (lone) {
      assert.equal(await go.getAttribute('data-index'), String(lone.index));
      assert.equal(await go.isDisabled(), false);
    } else {
      assert.equal(await go.isDisabled(), true, 'a set no volley has cannot be sent');
      assert.match(await picker.locator('.why').textContent(), /Not offered/);
    }
    for (let i = 0; i < (await ticks.count()); i++) await ticks.nth(i).uncheck();
    assert.equal(await go.isDisabled(), true, 'nothing ticked, nothing to send');
    // Tick back the widest and send it: the odds, then the volley is the one in force.
    for (let i = 0; i < (await ticks.count()); i++) {
      const id = await ticks.nth(i).getAttribute('value');
      if (wide.together.includes(id)) await ticks.nth(i).check();
    }
    const widest = volleys.reduce((a, b) => (b.together.length > a.together.length ? b : a));
    if (widest.together.length === wide.together.length) {
      const before = await plyText(page);
      await go.click();
      await page.locator('#odds:not([hidden]) button.confirm').click();
      await waitPlyChange(page, before);
      const st = (await apiJson(`/api/games/${g.id}/state?seat=${g.seats[side].token}`)).body;
      const mine = st.recent.filter((r) => r.actor === side).pop();
      assert.equal(mine.label, wide.label, JSON.stringify(st.recent.slice(-3)));
    }
  });
});

test('Belmont 4.0: a step by another unit says first that it ends the move under way, with the MP left', { timeout: 120_000 }, async () => {
  const { g, side, hit: step } = await belmontWalk((acts) => acts.find((a) => a.kind === 'move' && a.ends && a.unit && a.hex), 'a step that ends another\'s move');
  assert.match(step.ends, /^ends the move of .+ with .+ MP left \(4\.0/, step.ends);
  await withPages('belmont-ends', async (open) => {
    const page = await openToAct(open, g, side);
    await pickCounter(page, step.unit);
    // Picked, the panel says at once what moving it ends (F7's note).
    await page.waitForFunction((t) => (document.querySelector('#actions .ends-note')?.textContent || '').includes(t), step.ends, { timeout: STEP });
    await page.waitForSelector(`#map .hex.target[data-hex="${step.hex}"]`, { state: 'attached' });
    const before = await plyText(page);
    await page.locator(`#map .hex.target[data-hex="${step.hex}"]`).click({ force: true });
    const menu = page.locator(`#menu:not([hidden]) button[data-index="${step.index}"]`);
    if (await menu.count()) await menu.click();
    // Asked first, the move sent only on Confirm.
    await page.waitForSelector('#odds:not([hidden]) p.warning');
    assert.ok((await page.locator('#odds p.warning').allTextContents()).some((t) => t.includes(step.ends)));
    await page.locator('#odds button.cancel').click();
    assert.equal(await plyText(page), before, 'Cancel sends nothing');
  });
});
