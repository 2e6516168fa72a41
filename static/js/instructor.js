// The instructor's pages. On the dashboard it fetches the live part every
// few seconds and puts it in place (the server renders it with the same
// escaping templates as the page, so names stay text); on the sign-in page
// it fills the token from the URL's #token= fragment, which the server's
// log prints and which never leaves the browser.
(() => {
  "use strict";
  const REFRESH_MS = 4000;

  const form = document.querySelector("[data-token-form]");
  if (form && location.hash.indexOf("#token=") === 0) {
    const input = form.querySelector("input[name=token]");
    input.value = decodeURIComponent(location.hash.slice(7));
    // Take the token out of the address bar and history right away.
    history.replaceState(null, "", location.pathname + location.search);
  }

  const live = document.getElementById("dash-live");
  if (!live) return;
  const { request, HTTPError } = window.playground;
  const url = live.getAttribute("data-live-url");
  const toggle = document.querySelector("[data-live-toggle]");
  const errorBox = document.querySelector("[data-live-error]");
  let paused = false;
  let timer = null;
  let busy = false;

  function showError(msg) {
    if (!errorBox) return;
    errorBox.textContent = msg || "";
    errorBox.hidden = !msg;
  }

  function refresh() {
    if (paused || busy || document.hidden) return;
    // Replacing the content under a keyboard user's focus would throw them
    // back to the top of the page: wait until focus is elsewhere.
    if (live.contains(document.activeElement) && document.activeElement !== live) return;
    busy = true;
    // A redirect is the sign-in page answering for a session that ended.
    request(url, { as: "text", headers: { "Accept": "text/html" }, cache: "no-store", noRedirect: true })
      .then((html) => {
        const scrolls = Array.prototype.map.call(live.querySelectorAll(".dash-scroll"), (el) => [el.scrollLeft, el.scrollTop]);
        live.innerHTML = html;
        live.querySelectorAll(".dash-scroll").forEach((el, i) => {
          if (scrolls[i]) { el.scrollLeft = scrolls[i][0]; el.scrollTop = scrolls[i][1]; }
        });
        showError("");
      })
      .catch((err) => {
        if (err instanceof HTTPError && (err.status === 401 || err.redirected)) {
          stop();
          showError(errorBox && errorBox.getAttribute("data-msg-signed-out"));
          return;
        }
        showError(errorBox && errorBox.getAttribute("data-msg-stale"));
      })
      .then(() => { busy = false; });
  }

  function start() {
    if (!timer) timer = setInterval(refresh, REFRESH_MS);
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
  }

  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", () => {
      paused = !paused;
      toggle.textContent = toggle.getAttribute(paused ? "data-label-resume" : "data-label-pause");
      if (!paused) refresh();
    });
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  start();
})();
