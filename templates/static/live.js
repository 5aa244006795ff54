// Live game page: the page listens to its game's stream of news
// (GET /games/:id/events, Server-Sent Events; handlers/live.go). When the
// game changes (another player's move, a take-back, a message, the end)
// the page shows a banner linking to the new position, and reloads itself
// unless the viewer is in the middle of something: typing, a choice made
// in a form, a unit chosen on the board, a form being sent. Without this
// script the page is as it was when loaded; a reload shows the news.
'use strict';

(() => {
  const box = document.getElementById('live-news');
  if (!box || !window.EventSource) return;
  const moves = box.dataset.moves;
  const events = new EventSource(box.dataset.live);
  let leaving = false;

  // defaultIndex is the option a select shows when the page loads: the
  // one marked selected, else the first.
  const defaultIndex = (sel) => Math.max(0, Array.from(sel.options).findIndex((o) => o.defaultSelected));

  // busy reports whether reloading would lose something of the viewer's.
  const busy = () => {
    if (leaving || document.querySelector('form[data-sending]')) return true; // board.js is sending a move
    const a = document.activeElement;
    if (a && a.matches('textarea, select, input:not([type=hidden]):not([type=submit])')) return true;
    for (const el of document.querySelectorAll('main input, main textarea, main select')) {
      if ((el.type === 'radio' || el.type === 'checkbox') && el.checked !== el.defaultChecked) return true;
      if ((el.tagName === 'TEXTAREA' || el.type === 'text' || el.type === 'number') && el.value !== el.defaultValue) return true;
      if (el.tagName === 'SELECT' && el.selectedIndex !== defaultIndex(el)) return true;
    }
    // board.js offers buttons in its bar while a unit or region is chosen.
    return document.querySelector('#act-bar button') !== null;
  };

  const news = () => {
    box.hidden = false;
    if (!busy()) {
      events.close();
      window.location.reload();
    }
  };
  // hello says the move count when the stream (re)opens: a move made
  // while it was closed is news too. moved is news whatever it says.
  events.addEventListener('hello', (e) => { if (e.data !== moves) news(); });
  events.addEventListener('moved', news);
  // A form sent or the page left: no reload in between.
  document.addEventListener('submit', () => { leaving = true; }, true);
  window.addEventListener('pagehide', () => { leaving = true; events.close(); });
  // Back from the page a form led to (the browser's cache keeps this one):
  // nothing is being sent any more.
  window.addEventListener('pageshow', (e) => { if (e.persisted) leaving = false; });
})();
