// A screenshot of the game page at a laptop's 1366x768, for judging the layout by eye (issue
// 15 item 5): a human-against-human game of SCENARIO (fotm: both set-ups accepted, the Union's
// first Movement Phase; belmont: the set-up's first decision), seen by the Union's seat.
//
//   muster serve --addr 127.0.0.1:8080 &
//   MUSTER_URL=http://127.0.0.1:8080 node e2e/screenshot.mjs fotm /tmp/fotm.png
import { chromium } from 'playwright-core';

const B = (process.env.MUSTER_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const scenario = process.argv[2] || 'fotm';
const out = process.argv[3] || `/tmp/muster-${scenario}-1366x768.png`;
const post = async (p, b) =>
  (await fetch(B + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json();
const get = async (p) => (await fetch(B + p)).json();

const g = await post('/api/games', { scenario, options: [], seats: { union: 'human', confederate: 'human' } });
if (scenario === 'fotm') {
  for (const side of ['confederate', 'union']) {
    const t = g.seats[side].token;
    const st = await get(`/api/games/${g.id}/state?seat=${t}`);
    await post(`/api/games/${g.id}/actions`, { seat: t, seq: st.seq, action: st.actions.find((a) => a.kind === 'done').action });
  }
}
const browser = await chromium.launch({
  executablePath: process.env.MUSTER_CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
await page.goto(B + g.seats.union.link);
await page.waitForSelector('#prompt .who');
await page.waitForTimeout(800);
await page.screenshot({ path: out });
await browser.close();
console.log(out);
