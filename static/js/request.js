// One way for every script to talk to the server: same-origin fetch,
// JSON by default, and an Error whose message is the server's own words
// ({"error": "…"}, in the page's language) or the HTTP status.
(() => {
  "use strict";
  const request = async (url, opts = {}) => {
    const headers = { Accept: "application/json", ...(opts.headers || {}) };
    const resp = await fetch(url, { credentials: "same-origin", ...opts, headers });
    const type = resp.headers.get("Content-Type") || "";
    const body = type.includes("json") ? await resp.json().catch(() => ({})) : {};
    if (!resp.ok) throw new Error(body.error || String(resp.status));
    return body;
  };
  // postJSON sends v as JSON and returns the answer's JSON.
  const postJSON = (url, v) => request(url, {
    method: "POST", body: JSON.stringify(v), headers: { "Content-Type": "application/json" }
  });
  window.playground = Object.assign(window.playground || {}, { request, postJSON });
})();
