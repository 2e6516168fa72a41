// The check-server page: posts the form and shows each step as it ends.
// Without this script the form post runs the whole check and the page
// comes back with the verdict; with it, the same post asks for
// text/event-stream and the verdict is replaced after every step.
(() => {
  "use strict";
  const form = document.querySelector("[data-check-form]");
  const box = document.querySelector("[data-check-result]");
  if (!form || !box || !window.fetch || !window.TextDecoder) return;
  const { request, HTTPError } = window.playground;
  const err = form.querySelector("[data-check-error]");
  const run = form.querySelector("[data-check-run]");
  const working = form.querySelector("[data-working]");

  function busy(on) {
    run.disabled = on;
    working.hidden = !on;
    document.body.dataset.checkRunning = on ? "true" : "false";
  }
  function showError(msg) {
    err.textContent = msg;
    err.hidden = !msg;
  }
  function onEvent(name, data) {
    let v;
    try { v = JSON.parse(data); } catch (e) { return; }
    if (name === "error") { showError(v.error); return; }
    if (v.html !== undefined) box.innerHTML = v.html;
  }
  // read parses the event stream: events end with a blank line.
  function read(resp) {
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    function pump() {
      return reader.read().then((r) => {
        if (r.done) return;
        buf += dec.decode(r.value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let name = "message", data = [];
          block.split("\n").forEach((line) => {
            if (line.indexOf("event:") === 0) name = line.slice(6).trim();
            else if (line.indexOf("data:") === 0) data.push(line.slice(5).replace(/^ /, ""));
          });
          onEvent(name, data.join("\n"));
        }
        return pump();
      });
    }
    return pump();
  }
  form.addEventListener("submit", (ev) => {
    if (!form.reportValidity()) return;
    ev.preventDefault();
    showError("");
    busy(true);
    request(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { "Accept": "text/event-stream, application/json" },
      as: "response"
    }).then((resp) => {
      const type = resp.headers.get("Content-Type") || "";
      if (type.indexOf("text/event-stream") === 0) return read(resp);
      return resp.json().then((v) => { showError(v.error || resp.statusText); },
        () => { showError(resp.statusText); });
    }).catch((e) => {
      // A refusal (a URL not allowed, a check already running) in the
      // server's words; else what went wrong, as the browser says it.
      if (e instanceof HTTPError) showError((e.body && e.body.error) || e.statusText);
      else showError(String(e));
    }).then(() => { busy(false); });
  });
})();
