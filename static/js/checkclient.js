// The check-client page: follows the learner's own run and replaces the
// steps as each one ends. Without this script the page shows the steps
// as they were when it loaded, and its link loads them again.
(() => {
  "use strict";
  const box = document.querySelector("[data-client-steps]");
  if (!box || !window.EventSource || !box.dataset.events) return;
  const url = document.querySelector("[data-client-url]");
  if (url) url.addEventListener("focus", () => url.select());
  let es;
  function watch() {
    es = new EventSource(box.dataset.events);
    es.addEventListener("steps", (e) => {
      let v;
      try { v = JSON.parse(e.data); } catch (err) { return; }
      if (v.html !== undefined) box.innerHTML = v.html;
    });
    es.onerror = () => {
      // The stream ends when the page has no URL yet, or after a while:
      // the browser reconnects on its own unless the server said it ended.
      if (es.readyState === EventSource.CLOSED) setTimeout(watch, 5000);
    };
  }
  watch();
})();
