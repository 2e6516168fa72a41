package web

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/static"
)

// Every script talks to the server through request.js (event streams
// aside, which EventSource opens), reads its URLs from its page's data-*
// attributes, and is written the same way: const or let, arrow functions
// for the functions it passes around. Every script but the blocking theme
// is in the bundle.
func TestScriptsShareOneRequestHelper(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(static.FS, "js/*.js")
	if err != nil {
		t.Fatal(err)
	}
	var inBundle []string
	for _, f := range files {
		if f != "js/theme.js" {
			inBundle = append(inBundle, f)
		}
	}
	if want := slices.Sorted(slices.Values(bundleJS)); !slices.Equal(inBundle, want) {
		t.Errorf("static/js holds %v, the bundle %v: a script is left out of it", inBundle, bundleJS)
	}
	if bundleJS[0] != "js/request.js" {
		t.Errorf("the bundle starts with %s, want the request helper first", bundleJS[0])
	}
	fetchCall := regexp.MustCompile(`(^|[^\w$])fetch\s*\(|XMLHttpRequest|sendBeacon`)
	urlLiteral := regexp.MustCompile("[\"'`]/[A-Za-z]")
	anonymous := regexp.MustCompile(`\bfunction\s*\(`)
	varDecl := regexp.MustCompile(`\bvar\s`)
	for _, f := range files {
		b, err := fs.ReadFile(static.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			code := line
			if c := strings.Index(code, "//"); c >= 0 && !strings.Contains(code[:c], `"`) {
				code = code[:c] // a comment's words are not code
			}
			at := func(what string) { t.Errorf("%s:%d %s: %s", path.Base(f), i+1, what, strings.TrimSpace(line)) }
			if f != "js/request.js" && fetchCall.MatchString(code) {
				at("requests the server without request.js")
			}
			if urlLiteral.MatchString(code) {
				at("writes a URL path instead of reading it from the page")
			}
			if anonymous.MatchString(code) {
				at("writes function () where an arrow function would do")
			}
			if varDecl.MatchString(code) {
				at("declares with var")
			}
		}
	}
}

// request.js rejects in three ways its callers tell apart: an HTTPError
// for a refusal (with the status and the server's {"error"} words, or a
// redirect when asked), fetch's TypeError for a network failure, a
// SyntaxError for an answer that is not JSON; and it sends the page's
// cookies and the caller's options as they are. Node runs it against a
// stand-in fetch.
func TestRequestHelperTellsRefusalsFromFailures(t *testing.T) {
	t.Parallel()
	repo.SkipProcessInShort(t, "node")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: request.js is exercised by the browser tests only")
	}
	helper, err := fs.ReadFile(static.FS, "js/request.js")
	if err != nil {
		t.Fatal(err)
	}
	script := `
globalThis.window = {};
const seen = [];
let answer;
globalThis.fetch = async (url, init) => { seen.push({ url, init }); return answer(); };
const resp = (status, body, type, extra = {}) => {
  const r = new Response(status === 204 ? null : body, { status, headers: type ? { "Content-Type": type } : {} });
  return Object.defineProperty(r, "redirected", { value: !!extra.redirected });
};
` + string(helper) + `
const { request, postJSON, HTTPError } = window.playground;
const fail = (msg) => { console.error(msg); process.exitCode = 1; };
const eq = (got, want, what) => { if (JSON.stringify(got) !== JSON.stringify(want)) fail(what + ": got " + JSON.stringify(got) + ", want " + JSON.stringify(want)); };
const rejects = async (p) => { try { await p; } catch (e) { return e; } fail("resolved, want a rejection"); return {}; };
(async () => {
  answer = () => resp(200, '{"ok":1}', "application/json");
  eq(await postJSON("/a", { answer: 1 }), { ok: 1 }, "postJSON's answer");
  eq(seen[0].init, { credentials: "same-origin", method: "POST", body: '{"answer":1}', headers: { Accept: "application/json", "Content-Type": "application/json" } }, "postJSON's request");

  answer = () => resp(204, "");
  eq(await request("/b", { method: "POST", keepalive: true, as: "response" }).then((r) => r.status), 204, "as response");
  eq(seen[1].init, { credentials: "same-origin", method: "POST", keepalive: true, headers: {} }, "the beacon's request (no Accept)");
  eq(await request("/b"), null, "204 as json");

  answer = () => resp(200, "<p>hi</p>", "text/html");
  eq(await request("/c", { as: "text", headers: { Accept: "text/html" }, cache: "no-store" }), "<p>hi</p>", "as text");
  eq(seen[3].init, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } }, "the dashboard's request");

  answer = () => resp(422, '{"error":"refusé : la réponse"}', "application/json; charset=utf-8");
  let e = await rejects(postJSON("/d", {}));
  eq([e instanceof HTTPError, e.name, e.status, e.message, e.body], [true, "HTTPError", 422, "refusé : la réponse", { error: "refusé : la réponse" }], "a refusal in the server's words");

  answer = () => resp(502, "<h1>Bad Gateway</h1>", "text/html");
  e = await rejects(request("/e", { as: "text" }));
  eq([e instanceof HTTPError, e.status, e.message, e.body], [true, 502, "502", null], "a refusal without words");

  answer = () => resp(200, "<form>sign in</form>", "text/html", { redirected: true });
  eq(await request("/f", { as: "text" }), "<form>sign in</form>", "a redirect followed");
  e = await rejects(request("/f", { as: "text", noRedirect: true }));
  eq([e instanceof HTTPError, e.status, e.redirected], [true, 200, true], "a redirect refused");

  answer = () => { throw new TypeError("Failed to fetch"); };
  e = await rejects(request("/g"));
  eq([e instanceof TypeError, e instanceof HTTPError], [true, false], "a network failure");

  answer = () => resp(200, "<html>a proxy's page</html>", "text/html");
  e = await rejects(request("/h"));
  eq([e instanceof SyntaxError, e instanceof HTTPError], [true, false], "an answer that is not JSON");
})().catch((e) => fail(String(e && e.stack || e)));
`
	dir := t.TempDir()
	file := dir + "/request_test.mjs"
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.CommandContext(t.Context(), node, file).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("node %v:\n%s", err, out)
	}
}

// In a real browser, the requests that read text through request.js keep
// what they did with fetch: the console's diagram follows the session and
// its copy button copies the export, and the dashboard's live refresh says
// the instructor is signed out once the sign-in page answers for it (a
// redirect, which request.js refuses when asked).
func TestE2ERequestHelperTextAndRedirect(t *testing.T) {
	t.Parallel()
	c := openConsole(t, asWorkshop())
	ctx, base := c.ctx, c.base
	c.useTemplate("initialize", `"method": "initialize"`)
	c.send(`#msg-2[data-status="reply"]`)
	e2etest.Wait(t, ctx, "initialize in the diagram", `(document.querySelector("#diagram-box svg") || {textContent: ""}).textContent.includes("initialize")`)
	e2etest.Do(t, ctx, "copy the exchange",
		chromedp.Evaluate[chromedp.Void](`window.playgroundCopy = (text, done) => { window.copiedText = text; done(); }`),
		chromedp.Click(chromedp.CSS("[data-copy-exchange]")),
	)
	e2etest.Wait(t, ctx, "the export copied", `typeof window.copiedText === "string"`)
	copied := e2etest.Get(t, ctx, chromedp.Evaluate[string](`window.copiedText`))
	lines := strings.Split(strings.TrimSpace(copied), "\n")
	if len(lines) != 2 || !json.Valid([]byte(lines[0])) || !strings.Contains(lines[0], `"initialize"`) {
		t.Errorf("the copy button copied %q, want the export's two lines, initialize first", copied)
	}

	e2etest.Do(t, ctx, "sign in as instructor",
		chromedp.Navigate(base+"/instructor/login#token="+testToken),
		chromedp.WaitVisible(chromedp.CSS("#instructor-token")),
		chromedp.Click(chromedp.CSS("[data-token-form] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#dash-live")),
	)
	// The session ends on the server (as another tab's sign-out would end
	// it); the page, shown again, refreshes and is sent to the sign-in page.
	e2etest.Do(t, ctx, "sign out behind the dashboard's back",
		chromedp.Evaluate[chromedp.Void](`window.playground.request("/instructor/logout", { method: "POST", body: new URLSearchParams(), as: "response" })
			.then(() => { window.signOut = "done"; document.dispatchEvent(new Event("visibilitychange")); },
				(err) => { window.signOut = String(err); })`),
	)
	e2etest.Wait(t, ctx, "the sign-out", `window.signOut !== undefined`)
	if got := e2etest.Get(t, ctx, chromedp.Evaluate[string](`window.signOut`)); got != "done" {
		t.Fatalf("signing out from the page: %s", got)
	}
	e2etest.Wait(t, ctx, "the dashboard to say it is signed out", `(() => {
		const box = document.querySelector("[data-live-error]");
		return !box.hidden && box.textContent !== "" && box.textContent === box.dataset.msgSignedOut;
	})()`)
}
