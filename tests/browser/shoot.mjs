// Screenshots pages of a running Rondel as signed-in players with Debian's
// Chromium (never a downloaded one), and prints what each page shows of
// its result and its decision form as one JSON line for the Go test.
// Run by caesar_pages_test.go with RONDEL_URL, OUT and SHOTS set; SHOTS is
// a JSON list of {name, path, session, width, height, open}; open unfolds
// every <details> before the screenshot.
import { launch } from './chromium.mjs';
import { mkdirSync } from 'node:fs';

const base = process.env.RONDEL_URL;
const out = process.env.OUT;
mkdirSync(out, { recursive: true });

const browser = await launch();

// seen collects the words of the page the test checks.
async function seen(page) {
  const texts = (sel) => page.$$eval(sel, (els) => els.map((e) => e.textContent.trim().replace(/\s+/g, ' ')));
  return {
    result: await page.$$eval('.result tbody tr', (trs) => trs.map((tr) =>
      [...tr.children].map((td) => td.textContent.trim()))),
    tieBreak: (await texts('.result .tie-break')).join(' '),
    prompts: await texts('.decide .prompt'),
    situation: (await texts('.decide .situation')).join(' '),
    legends: await texts('form.move legend'),
    labels: await texts('form.move .choice label, form.move-now button'),
    picks: await texts('.decide ul.pick a'),
    options: await texts('form.move select option'),
    board: await page.locator('section.board svg').count(),
    scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
    lang: await page.evaluate(() => document.documentElement.lang),
    text: (await page.locator('main').innerText()).replace(/\s+/g, ' '),
  };
}

try {
  for (const s of JSON.parse(process.env.SHOTS)) {
    const ctx = await browser.newContext({ viewport: { width: s.width, height: s.height } });
    await ctx.addCookies([{ name: 'rondel_session', value: s.session, url: base }]);
    const page = await ctx.newPage();
    page.setDefaultTimeout(15000);
    const resp = await page.goto(base + s.path);
    if (!resp.ok()) throw new Error(`${s.path}: HTTP ${resp.status()}`);
    if (s.open) await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
    await page.screenshot({ path: `${out}/${s.name}.png`, fullPage: true });
    console.log(JSON.stringify({ name: s.name, ...(await seen(page)) }));
    await ctx.close();
  }
} finally {
  await browser.close();
}
