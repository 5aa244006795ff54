// Acts on game pages of a running Rondel in Debian's Chromium (never a
// downloaded one), as signed-in players, with JavaScript on or off, and
// reports what it saw, one JSON line per task. Run by board_test.go with
// RONDEL_URL, OUT and TASKS set. TASKS is a JSON list of
//   {name, session, path, width, height, js, axe, touch, status, steps: [...]}
// (status: the page's HTTP status, 200 unless said; touch: a phone's
// touch screen and mobile viewport)
// and each step one of
//   {shot: name}                 a screenshot of the whole page
//   {shot: name, view: true}     a screenshot of the first screen alone
//   {shot: name, of: selector}   a screenshot of the first element the
//                                selector finds (one part of a long page)
//   {click: selector, nav}       a click on the board's element, where a
//                                person would click it (a point of it
//                                that is on top, or under a word drawn
//                                over it); nav: the page changes
//   {tap: selector, nav}         the same point tapped with a finger (a
//                                task with touch: a phone's touch screen);
//                                the report after it says how far the
//                                board moved between touchstart and click
//   {button: label, nav}         a click on the button with these words
//   {form: move, group, nav}     the move chosen in the form without the
//                                board: its radio button and "Play", its
//                                own button, or first the link of its group
//   {fill: selector, value}      words typed into a field
//   {select: selector, value}    an option chosen in a select
//   {focus: selector}            the keyboard's focus on the element
//   {press: key, nav}            a key pressed
//   {report: true}               what the page shows now
//   {axe: true}                  the page checked by axe-core (WCAG 2 A, AA)
//   {until: selector, within: ms} wait until the selector finds an element
//                                (present, seen or not; after the page's
//                                own reload too), at most within ms
import { launch } from './chromium.mjs';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const base = process.env.RONDEL_URL;
const out = process.env.OUT;
mkdirSync(out, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const browser = await launch();

// report is what the page shows of the decision and the board.
async function report(page) {
  return page.evaluate(() => {
    const bar = document.getElementById('act-bar');
    const count = (sel) => document.querySelectorAll(sel).length;
    return {
      url: location.pathname + location.search,
      bar: bar && !bar.hidden ? bar.innerText.replace(/\s+/g, ' ').trim() : '',
      barButtons: bar ? [...bar.querySelectorAll('button')].map((b) => b.textContent.trim()) : [],
      picks: count('svg .act-ring.act'),
      targets: count('svg .act-ring.act-target'),
      chosen: count('svg .act-ring.act-chosen'),
      // rings of the chosen unit and its destinations that paint over the
      // board (a tint changes the owner's colour beneath; an outline does not)
      tinted: [...document.querySelectorAll('svg .act-ring.act-chosen, svg .act-ring.act-target')]
        .filter((e) => { const cs = getComputedStyle(e); return cs.fill !== 'none' && Number(cs.fillOpacity) > 0; }).length,
      off: count('svg .act-ring.act-off'),
      focusable: count('svg .act-ring[tabindex="0"][role="button"][aria-label]'),
      offNames: [...document.querySelectorAll('svg .act-ring[aria-disabled="true"]')].map((e) => e.getAttribute('aria-label')),
      why: [...document.querySelectorAll('form.move .choice.off')].map((e) => e.innerText.replace(/\s+/g, ' ').trim()),
      happened: (document.querySelector('#happened') || { innerText: '' }).innerText.replace(/\s+/g, ' ').trim(),
      error: (document.querySelector('.error') || { innerText: '' }).innerText.trim(),
      notice: (document.querySelector('.notice') || { innerText: '' }).innerText.trim(),
      messages: [...document.querySelectorAll('#messages .message')].map((e) => e.innerText.replace(/\s+/g, ' ').trim()),
      buttons: [...document.querySelectorAll('main button')].map((e) => e.textContent.trim()),
      title: document.title,
      navHeight: document.querySelector('header').getBoundingClientRect().height,
      scrollWidth: document.documentElement.scrollWidth,
      // the page's own bytes on the wire and read (smaller on the wire:
      // it came compressed)
      ...(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return nav ? { encodedBytes: nav.encodedBodySize, decodedBytes: nav.decodedBodySize } : {};
      })(),
      hitMin: Math.min(...[...document.querySelectorAll('svg g.act[data-unit], svg g.act-chosen[data-unit]')]
        .map((g) => { const r = g.getBoundingClientRect(); return Math.min(r.width, r.height); })),
      tapShift: window.rondelTapShift === undefined ? null : window.rondelTapShift,
      layout: (() => {
        // where things are on the first screen: the page scrolled to its top
        const rect = (els) => {
          const rs = [...els].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
          if (!rs.length) return null;
          const x = Math.min(...rs.map((r) => r.left));
          const y = Math.min(...rs.map((r) => r.top)) + scrollY;
          return { x, y, w: Math.max(...rs.map((r) => r.right)) - x, h: Math.max(...rs.map((r) => r.bottom)) + scrollY - y };
        };
        return {
          width: innerWidth, height: innerHeight,
          decide: rect(document.querySelectorAll('#decide form.move, #decide form.move-now, #decide form.chosen')),
          board: rect(document.querySelectorAll('section.board svg')),
          map: rect(document.querySelectorAll('section.board svg [data-region], section.board svg [data-city]')),
          wheel: rect(document.querySelectorAll('section.board svg [data-slot]')),
          strip: rect(document.querySelectorAll('.strip')),
        };
      })(),
    };
  });
}

// point finds where a person would click the element: its box's middle if
// the element is under the pointer there, else the point of it nearest the
// middle that is; in the window's coordinates, scrolled into view.
async function point(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`nothing on the page is ${sel}`);
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const under = (x, y) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight &&
      document.elementsFromPoint(x, y).some((e) => e === el || el.contains(e));
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    let best = null;
    const steps = 24;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const x = r.x + (r.width * i) / steps;
        const y = r.y + (r.height * j) / steps;
        const d = (x - cx) ** 2 + (y - cy) ** 2;
        if ((!best || d < best.d) && under(x, y)) best = { x, y, d };
      }
    }
    if (!best) throw new Error(`no point of ${sel} is in sight`);
    return best;
  }, selector);
}

// watchTap notes where the board is at the next touchstart and at the
// click that follows it: a tap lands where the finger went down only if
// nothing moved in between.
async function watchTap(page) {
  await page.evaluate(() => {
    const top = () => {
      const svg = document.querySelector('section.board svg');
      return svg ? svg.getBoundingClientRect().top : 0;
    };
    let down = null;
    window.rondelTapShift = undefined;
    document.addEventListener('touchstart', () => { down = top(); }, { capture: true, once: true });
    document.addEventListener('click', () => { if (down !== null) window.rondelTapShift = top() - down; }, { capture: true, once: true });
  });
}

// withNav runs a click and, if nav, waits for the page it leads to.
async function withNav(page, nav, click) {
  if (!nav) return click();
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), click()]);
}

// chooseInForm plays move through the form: its radio button and "Play",
// its own button, or first the link that narrows the form to its group.
async function chooseInForm(page, move, group, nav) {
  for (let tries = 0; tries < 2; tries++) {
    const where = await page.evaluate((mv) => {
      const radio = [...document.querySelectorAll('form.move input[type=radio][name=move]')].find((e) => e.value === mv);
      if (radio) return { radio: radio.id };
      const button = [...document.querySelectorAll('form.move-now button[name=move]')].find((e) => e.value === mv);
      if (button) return { button: button.textContent.trim() };
      return null;
    }, move);
    if (where && where.radio) {
      await page.check(`#${where.radio}`);
      await withNav(page, nav, () => page.click('form.move button[type=submit]'));
      return;
    }
    if (where && where.button) {
      await withNav(page, nav, () => page.getByRole('button', { name: where.button, exact: true }).click());
      return;
    }
    const link = page.locator('ul.pick a').filter({ hasText: group }).first();
    await withNav(page, true, () => link.click());
  }
  throw new Error(`the form does not offer ${move}`);
}

async function axe(page) {
  await page.evaluate(axeSource);
  const res = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return res.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
  }));
}

try {
  for (const task of JSON.parse(process.env.TASKS)) {
    // axe is injected by the test, which the page's policy forbids for
    // any script but its own: that check alone bypasses it.
    const ctx = await browser.newContext({ viewport: { width: task.width, height: task.height || 900 },
      javaScriptEnabled: task.js, bypassCSP: !!task.axe, hasTouch: !!task.touch, isMobile: !!task.touch });
    if (task.session) await ctx.addCookies([{ name: 'rondel_session', value: task.session, url: base }]);
    const page = await ctx.newPage();
    page.setDefaultTimeout(15000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && r.request().resourceType() !== 'document' && !r.url().endsWith('/favicon.ico')) {
        errors.push(`${r.url()}: HTTP ${r.status()}`);
      }
    });
    const resp = await page.goto(base + task.path);
    if (resp.status() !== (task.status || 200)) throw new Error(`${task.name}: ${task.path}: HTTP ${resp.status()}`);
    const seen = [];
    for (const step of task.steps) {
      try {
        if (step.shot && step.of) {
          await page.locator(step.of).first().screenshot({ path: `${out}/${step.shot}.png` });
        } else if (step.shot && step.view) {
          await page.screenshot({ path: `${out}/${step.shot}.png` });
        } else if (step.shot) {
          await page.screenshot({ path: `${out}/${step.shot}.png`, fullPage: true });
        } else if (step.click) {
          const p = await point(page, step.click);
          await withNav(page, step.nav, () => page.mouse.click(p.x, p.y));
        } else if (step.tap) {
          const p = await point(page, step.tap);
          await watchTap(page);
          await withNav(page, step.nav, () => page.touchscreen.tap(p.x, p.y));
          if (!step.nav) await page.waitForTimeout(400); // the click follows the touch
        } else if (step.button) {
          await withNav(page, step.nav, () => page.getByRole('button', { name: step.button, exact: true }).click());
        } else if (step.form) {
          await chooseInForm(page, step.form, step.group || '', step.nav);
        } else if (step.fill) {
          await page.fill(step.fill, step.value);
        } else if (step.select) {
          await page.selectOption(step.select, step.value);
        } else if (step.focus) {
          await page.focus(step.focus);
        } else if (step.press) {
          await withNav(page, step.nav, () => page.keyboard.press(step.press));
        } else if (step.report) {
          seen.push(await report(page));
        } else if (step.axe) {
          seen.push({ axe: await axe(page) });
        } else if (step.until) {
          await page.waitForSelector(step.until, { state: 'attached', timeout: step.within || 15000 });
        }
      } catch (e) {
        throw new Error(`${task.name}, step ${JSON.stringify(step)}: ${e.message}\n${JSON.stringify(await report(page))}`);
      }
    }
    console.log(JSON.stringify({ name: task.name, seen, errors }));
    await ctx.close();
  }
} finally {
  await browser.close();
}
