// Drives a real Chromium (Debian's, never a downloaded one) through a
// 3-player Imperial game on a running Rondel: sign-in and invitations
// through the outbox, then play until every nation has had an import, a
// maneuver and an investor turn, with at least one army carried by convoy.
// Run by browser_test.go with RONDEL_URL and ARTIFACTS set.
import { launch } from './chromium.mjs';
import { mkdirSync } from 'node:fs';

const base = process.env.RONDEL_URL;
const gameID = process.env.GAME || 'imperial';
const out = `${process.env.ARTIFACTS}/${gameID}`;
mkdirSync(out, { recursive: true });

const browser = await launch();

const people = [
  { name: 'Ann', email: 'ann@example.org' },
  { name: 'Bob', email: 'bob@example.org' },
  { name: 'Cy', email: 'cy@example.org' },
];

function log(...a) { console.log(...a); }

async function shot(page, name) {
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

// options lists the moves the page offers: radios grouped in fieldsets,
// the options of a select grouped by optgroup, the buttons of their own
// (End the maneuver, the answers to a question), and the moves the board
// shows (#board-acts: on a page that first asks which unit, they are the
// moves of every unit, made through the unit's page).
async function options(page) {
  const shown = await page.$$eval('form.move input[type=radio][name=move], form.move select option, form.move-now button[name=move]', (els) => els
    .filter((e) => e.value !== '' && !e.disabled)
    .map((e) => {
      const kind = { INPUT: 'radio', BUTTON: 'button' }[e.tagName] || 'option';
      const label = kind === 'radio' ? document.querySelector(`label[for="${e.id}"]`).textContent : e.textContent;
      const group = kind === 'radio' ? e.closest('fieldset').querySelector('legend').textContent : kind === 'option' ? e.parentElement.label : '';
      return { kind, id: e.id, value: e.value, label: label.trim(), group: (group || '').trim() };
    }));
  const acts = await page.$$eval('#board-acts li[data-move]', (lis) => lis.map((li) =>
    ({ kind: 'act', value: li.dataset.move, label: li.textContent.trim(), group: li.dataset.group })));
  return shown.concat(acts.filter((a) => !shown.some((o) => o.value === a.value)));
}

// findOption finds a move by want among the page's options, else on the
// pages of the groups it offers to pick (ul.pick), one after the other.
async function findOption(page, want) {
  const here = page.url();
  let found = (await options(page)).find(want);
  const links = found ? [] : await page.$$eval('ul.pick a', (as) => as.map((a) => a.href));
  for (const href of links) {
    await page.goto(href);
    if ((found = (await options(page)).find(want))) return { ...found, url: href };
  }
  if (links.length) await page.goto(here);
  return found;
}

// play submits the chosen move through the form and returns the "what
// happened" text; a move of the board's list is made on its group's page.
async function play(page, pick) {
  if (pick.url) await page.goto(pick.url);
  if (pick.kind === 'act') {
    const { value, group } = pick;
    const links = await page.$$eval('ul.pick a', (as) => as.map((a) => ({ href: a.href, text: a.textContent })));
    for (const l of links.filter((x) => x.text.includes(group))) {
      await page.goto(l.href);
      if ((pick = (await options(page)).find((x) => x.kind === 'radio' && x.value === value))) break;
    }
    if (!pick) throw new Error(`no page of the form offers ${value}`);
  }
  if (pick.kind === 'radio') {
    await page.check(`#${pick.id}`);
    await page.click('text=Play this move');
  } else if (pick.kind === 'button') {
    await page.$$eval('form.move-now button[name=move]', (bs, v) => bs.find((b) => b.value === v).click(), pick.value);
  } else {
    await page.selectOption('#move-select', pick.value);
    await page.click('text=Play this move');
  }
  await page.waitForLoadState();
  return page.locator('#happened').innerText();
}

// whoActs opens the game for each player and returns the first with a form.
async function whoActs(pages, gameURL) {
  for (let i = 0; i < pages.length; i++) {
    await pages[i].goto(gameURL);
    if (await pages[i].locator('form.move').count() > 0) return i;
  }
  return -1;
}

// playFirstMoves plays the first offered move n times (any game).
async function playFirstMoves(pages, gameURL, n) {
  for (let move = 0; move < n; move++) {
    const i = await whoActs(pages, gameURL);
    if (i < 0) throw new Error('nobody is offered a move');
    const [pick] = await options(pages[i]);
    log(`move ${move + 1}: ${people[i].name}: [${pick.group}] ${pick.label}`);
    await play(pages[i], pick);
    if (move === 0) await shot(pages[i], '03-after-first-move');
  }
}

// followMail opens the newest outbox mail to addr and follows its link.
async function followMail(page, addr) {
  await page.goto(base + '/outbox');
  const row = page.locator('table.mails tbody tr', { hasText: addr }).first();
  await row.locator('a').click();
  await page.locator('a.mail-link').click();
}

// playImperialRound plays until every nation has had three turns (an
// import, a maneuver, an investor turn) and an army went by convoy.
async function playImperialRound(pages, gameURL) {
  const turns = {};        // rondel turns per nation
  const fleetMoved = {};   // nations that moved a fleet this maneuver
  let convoyed = false, imported = false, invested = false;
  const done = () => convoyed && imported && invested &&
    Object.keys(turns).length === 6 && Object.values(turns).every((n) => n >= 3);

  for (let move = 0; move < 200 && !done(); move++) {
    const i = await whoActs(pages, gameURL);
    if (i < 0) throw new Error('nobody is offered a move');
    const page = pages[i];
    const prompt = (await page.locator('.decide .prompt').allInnerTexts()).join(' ');
    const opts = await options(page);
    const find = (f) => opts.find(f);
    let pick = opts[0];
    let m;
    if ((m = prompt.match(/Choose (.+)'s space on the rondel/))) {
      const n = m[1];
      turns[n] = (turns[n] || 0) + 1;
      const want = ['import', 'maneuver', 'investor'][turns[n] - 1];
      fleetMoved[n] = false;
      pick = (want && find((o) => o.label.toLowerCase().startsWith(want))) || pick;
    } else if (/^Import/.test(prompt)) {
      pick = find((o) => /fleet/.test(o.label) && /army/.test(o.label)) || find((o) => /fleet|army/.test(o.label)) || pick;
    } else if ((m = prompt.match(/Maneuver (.+)'s fleets/))) {
      const n = m[1];
      const convoy = find((o) => /by convoy/.test(o.label) && !/hostile/.test(o.label));
      const fleet = find((o) => o.group.startsWith('Fleet'));
      if (!convoyed && convoy) pick = convoy;
      else if (!fleetMoved[n] && fleet) { pick = fleet; fleetMoved[n] = true; }
      else pick = find((o) => /End the maneuver/.test(o.label)) || pick;
    } else if (/Buy or upgrade/.test(prompt)) {
      pick = (await findOption(page, (o) => /^(Buy|Upgrade)/i.test(o.label))) || pick;
    }
    log(`move ${move + 1}: ${people[i].name}: ${prompt} -> [${pick.group}] ${pick.label}`);
    const happened = await play(page, pick);
    if (/imported (an? )?(army|fleet)/.test(happened) && !imported) { imported = true; await shot(page, '03-after-import'); }
    if (/by convoy/.test(happened) && !convoyed) { convoyed = true; await shot(page, '04-after-convoy'); }
    if (/Buy or upgrade/.test(prompt) && !invested) { invested = true; await shot(page, '05-after-investor'); }
  }
  log('turns', JSON.stringify(turns), 'import', imported, 'convoy', convoyed, 'investor', invested);
  if (!done()) throw new Error('the round was not completed');
}

try {
  const pages = [];
  for (const p of people) {
    // JavaScript off: every page must work without it.
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15000);
    pages.push(page);
  }
  const [host] = pages;

  // Ann signs in with a magic link from the outbox.
  await host.goto(base + '/');
  await host.fill('#email', people[0].email);
  await host.click('text=Send me a sign-in link');
  await host.waitForSelector('text=Check your mail');
  await followMail(host, people[0].email);
  await host.click('button:has-text("Sign in")');
  await host.waitForSelector('h1:has-text("Your games")');

  // Ann creates the game.
  await host.goto(base + '/games/new');
  await host.fill('#gname', `Browser test ${gameID}`);
  await host.check(`#game-${gameID}`);
  for (let i = 0; i < 6; i++) {
    await host.fill(`input[name=name${i}]`, people[i] ? people[i].name : '');
    await host.fill(`input[name=email${i}]`, people[i] ? people[i].email : '');
  }
  await host.check('#order-entered');
  await shot(host, '01-new-game');
  await host.click('text=Create and send invitations');
  await host.waitForURL(/\/games\/\d+$/);
  const gameURL = host.url();
  log('game at', gameURL);

  // Bob and Cy accept from their invitation mails.
  for (let i = 1; i < 3; i++) {
    await followMail(pages[i], people[i].email);
    await shot(pages[i], `02-invitation-${people[i].name}`);
    await pages[i].click('text=Accept and sign in');
    await pages[i].waitForURL(gameURL);
  }

  if (gameID === 'imperial') await playImperialRound(pages, gameURL);
  else await playFirstMoves(pages, gameURL, Number(process.env.MOVES || 12));
  await host.goto(gameURL);
  await shot(host, '06-board-laptop');
  await host.goto(gameURL + '/history');
  await shot(host, '07-history');
  await host.setViewportSize({ width: 390, height: 844 });
  await host.goto(gameURL);
  await shot(host, '08-board-phone');
  await host.goto(base + '/');
  await shot(host, '09-dashboard-phone');
} finally {
  await browser.close();
}
