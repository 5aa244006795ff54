// Zooming the game page's board: it opens fitted to its box (the whole
// map in sight, style.css); + and − (and a pinch of two fingers on a
// touch screen) zoom it inside that box, which then pans like any
// scrolled box; the third button fits it again. The box keeps its fitted
// size, so nothing else on the page moves. Without this script the
// fitted board shows as it is. The svg hears "rondel:zoom" after each
// change (board.js sizes its touch targets anew).
'use strict';

(() => {
  const box = document.querySelector('section.board .scroll');
  const svg = box && box.querySelector('svg');
  if (!svg) return;
  const most = 6; // times the fitted size
  const step = 1.5;
  let z = 1;
  let fitted = null; // the svg's fitted size, measured when zooming starts

  const frame = document.createElement('div');
  frame.className = 'frame';
  box.before(frame);
  frame.append(box);
  const bar = document.createElement('div');
  bar.className = 'zoom';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', box.dataset.zoom);
  const button = (text, label, act) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.title = label;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', act);
    bar.append(b);
    return b;
  };
  const middle = () => [box.clientWidth / 2, box.clientHeight / 2];
  const out = button('−', box.dataset.zoomOut, () => zoom(z / step, ...middle()));
  const into = button('+', box.dataset.zoomIn, () => zoom(z * step, ...middle()));
  const fit = button('⤢', box.dataset.zoomFit, () => zoom(1, 0, 0));
  frame.prepend(bar); // above the board, never over it (style.css)

  function buttons() {
    out.disabled = z <= 1;
    fit.disabled = z <= 1;
    into.disabled = z >= most;
  }

  // zoom sets the board to nz times its fitted size, keeping the point
  // (x, y) of the box (its own pixels) where it is.
  function zoom(nz, x, y) {
    nz = Math.min(most, Math.max(1, nz));
    if (Math.abs(nz - z) < 0.01) return;
    if (z === 1) {
      const r = svg.getBoundingClientRect();
      fitted = { w: r.width, h: r.height };
      box.style.width = `${box.clientWidth}px`;
      box.style.height = `${r.height}px`;
    }
    const k = nz / z;
    const sx = (box.scrollLeft + x) * k - x;
    const sy = (box.scrollTop + y) * k - y;
    z = nz;
    if (z === 1) {
      box.classList.remove('zoomed');
      for (const el of [svg, box]) {
        el.style.width = '';
        el.style.height = '';
      }
    } else {
      box.classList.add('zoomed');
      svg.style.width = `${fitted.w * z}px`;
      svg.style.height = `${fitted.h * z}px`;
      box.scrollLeft = sx;
      box.scrollTop = sy;
    }
    buttons();
    svg.dispatchEvent(new Event('rondel:zoom'));
  }

  // A pinch zooms about the fingers' middle; the browser pans (one
  // finger) but leaves the pinch to us over the board.
  box.style.touchAction = 'pan-x pan-y';
  let pinch = null;
  const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  box.addEventListener('touchstart', (e) => {
    if (e.touches.length === 2) pinch = { d: spread(e.touches), z };
  }, { passive: true });
  box.addEventListener('touchmove', (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const b = box.getBoundingClientRect();
    const x = (e.touches[0].clientX + e.touches[1].clientX) / 2 - b.left;
    const y = (e.touches[0].clientY + e.touches[1].clientY) / 2 - b.top;
    zoom(pinch.z * spread(e.touches) / pinch.d, x, y);
  }, { passive: false });
  box.addEventListener('touchend', (e) => {
    if (e.touches.length < 2) pinch = null;
  }, { passive: true });

  // A new width fits the board anew (not a phone's bar of addresses
  // folding away, which changes the height alone).
  let width = innerWidth;
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    zoom(1, 0, 0);
  });
  buttons();
})();
