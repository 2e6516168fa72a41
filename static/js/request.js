// One way for every script to talk to the server: request(url, opts) is
// fetch with the page's cookies (credentials "same-origin"), and with the
// other fetch options passed on as they are (method, body, headers, cache,
// keepalive). opts.as says what it resolves to:
//   "json" (the default): the answer's JSON, asked for with
//     Accept: application/json (null for 204 No Content);
//   "text": the answer's text; "response": the Response itself, for a
//     caller that reads a stream. Neither sets Accept: the caller does.
// It rejects in three ways a caller can tell apart:
//   - an HTTPError when the server answered with a refusal (not 2xx, or a
//     redirect when opts.noRedirect is set, as the sign-in page answers
//     for a session that has ended): its status, statusText and redirected,
//     its body when the answer was JSON, and a message that is the server's
//     own words ({"error": "…"}, in the page's language) or else the status;
//   - a TypeError, as fetch's, when the server could not be reached;
//   - a SyntaxError when an answer asked as "json" is not JSON.
// The scripts write no URL: each reads its own from its page's data-*
// attributes.
(() => {
  "use strict";

  class HTTPError extends Error {
    constructor(resp, body) {
      const words = body && typeof body.error === "string" ? body.error : "";
      super(words || String(resp.status));
      this.name = "HTTPError";
      this.status = resp.status;
      this.statusText = resp.statusText;
      this.redirected = resp.redirected;
      this.body = body; // the refusal's JSON object, else null
    }
  }

  // refusal reads a refusal's body for the server's words, whatever its
  // Content-Type says.
  const refusal = async (resp) => {
    let body = null;
    try {
      const v = JSON.parse(await resp.text());
      if (v && typeof v === "object") body = v;
    } catch (e) { /* not JSON, or cut off: the status says it */ }
    return new HTTPError(resp, body);
  };

  const request = async (url, opts = {}) => {
    const { as = "json", noRedirect = false, headers = {}, ...init } = opts;
    const accept = as === "json" ? { Accept: "application/json" } : {};
    const resp = await fetch(url, { credentials: "same-origin", ...init, headers: { ...accept, ...headers } });
    if (!resp.ok || (noRedirect && resp.redirected)) throw await refusal(resp);
    if (as === "response") return resp;
    if (as === "text") return resp.text();
    if (resp.status === 204) return null;
    return resp.json();
  };

  // postJSON sends v as JSON and returns the answer's JSON.
  const postJSON = (url, v) => request(url, {
    method: "POST", body: JSON.stringify(v), headers: { "Content-Type": "application/json" }
  });

  window.playground = Object.assign(window.playground || {}, { request, postJSON, HTTPError });
})();
