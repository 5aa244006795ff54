// Click-to-act on the game page's board: a player makes a move by clicking
// what to move and then where (a unit, then a region; a space of the
// rondel; a city). The script knows no game: the page lists the moves the
// board can show (ul#board-acts: each move's JSON and words, and where it
// is made as references to the board's data- attributes, see
// game.BoardAct) and the script fills in and submits the page's own move
// form with the move chosen. The server checks it as any other move.
// Without this script the form alone does everything.
'use strict';

(() => {
  const list = document.getElementById('board-acts');
  const form = document.getElementById('move-form');
  const bar = document.getElementById('act-bar');
  const svg = document.querySelector('section.board .scroll svg');
  if (!list || !form || !bar || !svg) return;

  const acts = Array.from(list.children, (li) => ({
    move: li.dataset.move || '',
    label: li.textContent.trim(),
    group: li.dataset.group || '',
    pick: li.dataset.pick,
    target: li.dataset.target || '',
    why: li.dataset.why || '',
  }));
  // say fills in a sentence of the bar; without a name for what is
  // chosen, its plain form (data-which-any).
  const say = (key, what, why) => (what ? bar.dataset[key] : bar.dataset[`${key}Any`] || bar.dataset[key])
    .replace('{what}', what).replace('{why}', why || '');

  // A reference ("region=vienna unit=army") as a CSS selector.
  const selector = (ref) => ref.split(' ').map((pair) => {
    const i = pair.indexOf('=');
    return `[data-${pair.slice(0, i)}="${CSS.escape(pair.slice(i + 1))}"]`;
  }).join('');

  // picks: what can be clicked first, by reference, with its moves and
  // the moves it would have that the rules do not allow now.
  const picks = new Map();
  for (const a of acts) {
    if (!picks.has(a.pick)) picks.set(a.pick, { ref: a.pick, moves: [], off: [] });
    picks.get(a.pick)[a.move ? 'moves' : 'off'].push(a);
  }
  // pickName names what is clicked: its one move, or the group its moves
  // share ("Army in Vienna"), else nothing; pickTitle always says
  // something, for a name a screen reader reads.
  const pickName = (p) => {
    if (!p.moves.length) return p.off.map((a) => say('off', a.label, a.why)).join(' ');
    if (p.moves.length === 1 && !p.moves[0].target) return p.moves[0].label;
    return new Set(p.moves.map((a) => a.group)).size === 1 ? p.moves[0].group : '';
  };
  const pickTitle = (p) => pickName(p) || p.moves.map((a) => a.label).join(' / ');

  // targets of a chosen pick: where each move goes; a move without a
  // target is made by clicking its pick once more.
  const targetsOf = (p) => {
    const out = new Map();
    for (const a of p.moves) {
      const ref = a.target || p.ref;
      if (!out.has(ref)) out.set(ref, []);
      out.get(ref).push(a);
    }
    return out;
  };

  svg.setAttribute('role', 'group'); // its marked parts are buttons now
  const layer = new Map(); // element -> its highlight drawn on top
  const owner = new Map(); // highlight -> its element
  const hits = []; // the invisible hit areas of small things (widen)
  let chosen = null; // the pick clicked, or null
  let offered = new Map(); // reference -> what a click on it does

  // mark draws what can be clicked now: the picks, or the chosen pick and
  // its targets. A shape gets a highlight drawn over it (neighbours drawn
  // later would cover its own edge); other elements a class.
  function mark() {
    let refocus = null;
    const focused = owner.get(document.activeElement);
    for (const [el, hl] of layer) {
      if (hl) hl.remove();
      el.classList.remove('act', 'act-off', 'act-chosen', 'act-target');
    }
    layer.clear();
    owner.clear();
    for (const hit of hits.splice(0)) hit.remove();
    offered = new Map();
    if (chosen) {
      const targets = targetsOf(chosen);
      // the chosen thing first: its marker is in its region, a target too
      if (!targets.has(chosen.ref)) offered.set(chosen.ref, { kind: 'chosen' });
      for (const [ref, moves] of targets) offered.set(ref, { kind: 'target', moves });
    } else {
      for (const p of picks.values()) offered.set(p.ref, { kind: p.moves.length ? 'pick' : 'off', pick: p });
    }
    for (const [ref, what] of offered) {
      const cls = { pick: 'act', off: 'act-off', chosen: 'act-chosen', target: 'act-target' }[what.kind];
      const name = what.kind === 'target' ? what.moves.map((a) => a.label).join(' / ') : pickTitle(what.pick || chosen);
      svg.querySelectorAll(selector(ref)).forEach((el, i) => {
        if (layer.has(el)) return;
        el.classList.add(cls);
        if (i > 0) {
          layer.set(el, null);
          return;
        }
        // The first element of a thing (a region's shape, a unit's
        // marker) is highlighted; the highlight is its button for the
        // keyboard and its name for a screen reader (the drawing's own
        // words stay as they are).
        const hl = highlight(el, cls);
        layer.set(el, hl);
        if (el === focused) refocus = hl;
        owner.set(hl, el);
        hl.setAttribute('tabindex', '0');
        hl.setAttribute('role', 'button');
        hl.setAttribute('aria-label', name);
        hl.dataset.ref = ref;
        if (what.kind === 'off') hl.setAttribute('aria-disabled', 'true');
      });
    }
    for (const [el, hl] of layer) {
      if (hl) widen(el);
    }
    if (refocus) refocus.focus();
  }

  // widen gives a small thing (a unit's marker) an invisible hit area of
  // at least minHit CSS pixels each way around it, inside it, so a finger
  // that lands beside it still means it; nothing visible changes.
  const minHit = 24;
  function widen(el) {
    if (el.tagName !== 'g') return;
    const r = el.getBoundingClientRect();
    const m = el.getScreenCTM();
    if (!m || (r.width >= minHit && r.height >= minHit)) return;
    const scale = Math.hypot(m.a, m.b) || 1;
    const b = el.getBBox();
    const w = Math.max(b.width, minHit / scale);
    const h = Math.max(b.height, minHit / scale);
    const hit = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    for (const [k, v] of [['x', b.x + b.width / 2 - w / 2], ['y', b.y + b.height / 2 - h / 2], ['width', w], ['height', h]]) {
      hit.setAttribute(k, v);
    }
    hit.setAttribute('class', 'act-hit');
    hit.setAttribute('fill', 'transparent');
    hit.setAttribute('pointer-events', 'all');
    hit.setAttribute('aria-hidden', 'true');
    el.prepend(hit);
    hits.push(hit);
  }

  // highlight draws a shape's outline, or a frame around anything else,
  // over the board (a neighbour drawn later would cover a shape's own
  // edge); clicks go through it.
  function highlight(el, cls) {
    const ns = 'http://www.w3.org/2000/svg';
    let hl;
    if (el.tagName === 'path') {
      hl = document.createElementNS(ns, 'path');
      hl.setAttribute('d', el.getAttribute('d'));
      hl.setAttribute('fill-rule', 'evenodd');
    } else if (el.tagName === 'use') {
      // a region drawn from the map's file (docs/maps.md): the same shape
      // again, painted by the ring's class.
      hl = document.createElementNS(ns, 'use');
      hl.setAttribute('href', el.getAttribute('href'));
    } else {
      const b = el.getBBox();
      hl = document.createElementNS(ns, 'rect');
      for (const [k, v] of [['x', b.x - 3], ['y', b.y - 3], ['width', b.width + 6], ['height', b.height + 6], ['rx', 4]]) {
        hl.setAttribute(k, v);
      }
    }
    if (el.getAttribute('transform')) hl.setAttribute('transform', el.getAttribute('transform'));
    hl.setAttribute('class', `act-ring ${cls}`);
    hl.setAttribute('pointer-events', 'none');
    hostOf(el).append(hl);
    return hl;
  }

  // hostOf is where el's highlight goes: beside it, after the board drawn
  // so far. Regions painted alike in a row are a group of their own
  // (picture.WriteStyled's runs): a highlight goes after the group, so
  // that the regions drawn after its own do not cover it.
  function hostOf(el) {
    const p = el.parentNode;
    const run = el.dataset.region && p !== svg && [...p.children].every((c) => c.tagName === 'use' && c.dataset.region);
    return run ? p.parentNode : p;
  }

  // show writes the bar: a sentence and buttons. The bar never grows
  // shorter while the page is open (keep): the board below it must not
  // move under a finger between touchstart and click.
  function show(text, buttons) {
    bar.replaceChildren();
    const p = document.createElement('p');
    p.textContent = text;
    bar.append(p);
    for (const [label, act, cls] of buttons || []) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      if (cls) b.className = cls;
      b.addEventListener('click', act);
      bar.append(b);
    }
    keep();
  }
  let kept = 0;
  let keptWidth = 0;
  function keep() {
    if (bar.hidden) return;
    if (innerWidth !== keptWidth) { // new line breaks: measure afresh
      keptWidth = innerWidth;
      kept = 0;
      bar.style.minHeight = '';
    }
    kept = Math.max(kept, bar.getBoundingClientRect().height);
    bar.style.minHeight = `${kept}px`;
  }
  addEventListener('resize', keep);
  const cancel = [bar.dataset.cancel, () => choose(null), 'secondary'];

  function choose(p) {
    chosen = p;
    mark();
    if (!p) {
      show(bar.dataset.idle);
      return;
    }
    const targets = targetsOf(p);
    const self = targets.get(p.ref);
    if (targets.size === 1 && self && self.length === 1) {
      show(say('again', self[0].label), [[bar.dataset.play, () => play(self[0])], cancel]);
    } else if (targets.size === 1 && self) {
      ask(self);
    } else {
      // moves made where the thing stands (an army standing up) are
      // buttons too: its own place is under it
      const el = svg.querySelector(selector(p.ref));
      const here = p.moves.filter((a) => a.target && el && el.matches(selector(a.target)));
      show(say('target', pickName(p)), [...here.map((a) => [a.label, () => play(a)]), cancel]);
    }
  }

  // ask offers several moves made by the same clicks (an army entering as
  // a friend or a foe, a province that takes an army or a fleet).
  function ask(moves) {
    show(say('which', chosen ? pickName(chosen) : ''), [...moves.map((a) => [a.label, () => play(a)]), cancel]);
    bar.querySelector('button').focus();
  }

  // play fills in the page's move form with the move and submits it: the
  // form's own choices are switched off so that only this move is sent.
  function play(a) {
    show(say('sending', a.label));
    for (const el of form.querySelectorAll('[name=move]')) el.disabled = true;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'move';
    input.value = a.move;
    form.append(input);
    // form.submit() fires no submit event: the mark tells live.js that a
    // move is on its way, so news of it must not reload the page under it.
    form.dataset.sending = 'true';
    form.submit();
  }

  // hit finds what a click on el means: the nearest element up from it
  // that something offered now names.
  function hit(el) {
    for (; el && el !== svg.parentNode; el = el.parentNode) {
      if (!(el instanceof Element)) continue;
      for (const [ref, what] of offered) {
        if (el.matches(selector(ref))) return [ref, what];
      }
      if (chosen) {
        for (const p of picks.values()) {
          if (p !== chosen && p.moves.length && el.matches(selector(p.ref))) return [p.ref, { kind: 'pick', pick: p }];
        }
      }
    }
    return null;
  }

  function act(el) {
    const found = hit(el);
    if (!found) {
      if (chosen) choose(null);
      return;
    }
    const [, what] = found;
    switch (what.kind) {
      case 'pick':
        choose(what.pick);
        break;
      case 'off':
        show(pickName(what.pick), chosen ? [cancel] : []);
        break;
      case 'chosen':
        choose(null);
        break;
      case 'target':
        if (what.moves.length === 1) play(what.moves[0]);
        else ask(what.moves);
        break;
    }
  }

  // A click means the topmost thing under the pointer that something
  // offered now names: a region's name or a lake drawn over it is the
  // region.
  // A destination under the point wins over the chosen thing's widened
  // (invisible) touch area: on a board fitted to a phone's width it may
  // reach over a neighbouring region.
  svg.addEventListener('click', (e) => {
    const under = document.elementsFromPoint(e.clientX, e.clientY).filter((el) => svg.contains(el));
    const found = under.filter((el) => hit(el));
    act(found.find((el) => hit(el)[1].kind === 'target') || found[0] || e.target);
  });
  // Zoomed (zoom.js): the touch areas are sized for the new scale.
  // (Once the fingers rest: a pinch zooms many times a second.)
  let remark = 0;
  svg.addEventListener('rondel:zoom', () => {
    clearTimeout(remark);
    remark = setTimeout(mark, 150);
  });
  svg.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && owner.has(e.target)) {
      e.preventDefault();
      act(owner.get(e.target));
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && chosen) choose(null);
  });
  // Hovering or focusing a marked thing names it in the bar (not a
  // finger's tap: its click follows at once).
  let touched = 0;
  svg.addEventListener('touchstart', () => { touched = Date.now(); }, { passive: true });
  const describe = (e) => {
    if (e.type === 'mouseover' && Date.now() - touched < 1000) return; // a finger, not a mouse: no hover
    const under = e.type === 'mouseover' ? document.elementsFromPoint(e.clientX, e.clientY) : [owner.get(e.target) || e.target];
    const el = under.find((x) => svg.contains(x) && hit(x));
    const found = el && hit(el);
    if (!found || chosen) return;
    const [, what] = found;
    bar.querySelector('p').textContent = what.pick ? pickTitle(what.pick) : bar.dataset.idle;
  };
  svg.addEventListener('mouseover', describe);
  svg.addEventListener('focusin', describe);
  svg.addEventListener('mouseleave', () => { if (!chosen) show(bar.dataset.idle); });
  // Back to a page left by submitting: the form works again.
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    delete form.dataset.sending;
    for (const el of form.querySelectorAll('[name=move]')) {
      if (el.type === 'hidden') el.remove();
      else if (!el.closest('.off')) el.disabled = false;
    }
    choose(null);
  });

  bar.hidden = false;
  choose(null);
  // On a phone the board scrolls in its own box: bring the first thing
  // that can be clicked into sight.
  const box = svg.closest('.scroll');
  const first = [...layer.values()].find((hl) => hl);
  if (box && first && (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight)) {
    const b = box.getBoundingClientRect();
    const r = first.getBoundingClientRect();
    box.scrollLeft += r.left + r.width / 2 - (b.left + box.clientWidth / 2);
    box.scrollTop += r.top + r.height / 2 - (b.top + box.clientHeight / 2);
  }
})();
