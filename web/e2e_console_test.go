package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A learner opens the console in a real browser, checks and sends
// initialize, tools/list and a call of the slow tool with a progress
// token, and sees the progress notifications arrive on the event stream
// while nothing is being sent, then the result paired with the call, in
// the timeline and in the sequence diagram.
func TestE2EConsole(t *testing.T) {
	t.Parallel()
	c := openConsole(t, withMock(quickSlowTool))
	c.checkReportBeforeSending()
	c.handshakeAndSlowCall()
	c.checkSlowCallTimeline()
	c.answerElicitation()
	c.reset()
}

// openConsole starts a browser and the server (opts say what else it
// needs), and opens the console in a tab: the start of each console test.
func openConsole(t *testing.T, opts ...envOption) *consoleTab {
	t.Helper()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{}, opts...)
	base := e.serve(t)
	// The page's event stream stays open: end it before the test server
	// waits for its requests to finish.
	t.Cleanup(e.srv.Close)
	c := &consoleTab{t: t, ctx: ctx, base: base}
	c.open(base)
	return c
}

// consoleTab is the console open in the browser.
type consoleTab struct {
	t    *testing.T
	ctx  context.Context
	base string // the server's URL
}

// useTemplate puts the template key in the editor and waits for want there.
func (c *consoleTab) useTemplate(key, want string) {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "use the template "+key,
		// The sticky site header would cover a button scrolled to the top edge.
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`),
		chromedp.SetValue(chromedp.CSS("#template"), key),
		chromedp.Click(chromedp.CSS("[data-template-use]")),
	)
	e2etest.Wait(c.t, c.ctx, "the template "+key+" in the editor", `document.getElementById("answer").value.includes(`+jsonString(want)+`)`)
}

// offered waits for the editor to offer want, and fails with what it
// holds if it never does.
func (c *consoleTab) offered(when, want string) {
	c.t.Helper()
	got, err := chromedp.Run(c.ctx, chromedp.Poll[bool](`document.getElementById("answer").value === `+jsonString(want), chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil || !got {
		c.t.Errorf("%s, the editor holds %q, want %q (%v)", when, e2etest.Get(c.t, c.ctx, chromedp.Evaluate[string](`document.getElementById("answer").value`)), want, err)
	}
}

// send sends the editor's message and waits for the selector wait.
func (c *consoleTab) send(wait string) {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "send and wait for "+wait,
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.WaitVisible(chromedp.CSS(wait)),
	)
}

// open opens the console page.
func (c *consoleTab) open(base string) {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "open the console",
		chromedp.Navigate(base+"/en/console"),
		chromedp.WaitVisible(chromedp.CSS("#answer")),
		chromedp.WaitVisible(chromedp.CSS(".editor.enhanced .editor-gutter")),
	)
	if h1 := e2etest.Get(c.t, c.ctx, chromedp.Text(chromedp.CSS("main h1"))); h1 != "Console" {
		c.t.Errorf("h1 = %q", h1)
	}
}

// checkReportBeforeSending: the report follows the editor before anything
// is sent, and marks the line in the editor (exercise.js's marks).
func (c *consoleTab) checkReportBeforeSending() {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "type a message with a mistake",
		chromedp.SetValue(chromedp.CSS("#answer"), "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"tools/list\",\n  \"params\": { \"cursr\": \"a\" }\n}"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.WaitVisible(chromedp.CSS("#report-box .problem[data-line='5']")),
		chromedp.WaitVisible(chromedp.CSS(".editor-gutter .mark-error, .editor-gutter .mark-warning")),
	)
	if n := e2etest.Get(c.t, c.ctx, chromedp.Evaluate[int](`document.querySelectorAll(".tl-item").length`)); n != 0 {
		c.t.Errorf("checking sent %d messages", n)
	}
}

// handshakeAndSlowCall sends initialize, initialized, tools/list and a
// call of the slow tool with a progress token, from the templates; after
// each send the editor offers the next message, with the next free id.
func (c *consoleTab) handshakeAndSlowCall() {
	c.t.Helper()
	c.useTemplate("initialize", `"method": "initialize"`)
	e2etest.Do(c.t, c.ctx, "the report says it is ready", chromedp.WaitVisible(chromedp.CSS("#report-box .report-ok")))
	c.send(`#msg-2[data-status="reply"]`)
	e2etest.Wait(c.t, c.ctx, "the negotiated revision in the state", `document.querySelector("[data-state]").textContent.includes("2025-11-25")`)
	c.offered("after initialize", `{ "jsonrpc": "2.0", "method": "notifications/initialized" }`)
	c.send(`#msg-3[data-status="noreply"]`)
	c.offered("after the handshake", `{ "jsonrpc": "2.0", "id": 2, "method": "tools/list" }`)
	c.send(`#msg-5[data-reply-to="4"]`)
	c.offered("after tools/list", `{ "jsonrpc": "2.0", "id": 3, "method": "tools/list" }`)
	e2etest.Wait(c.t, c.ctx, "the offered message judged ready, under the note that the last one went",
		`!!document.querySelector("#report-box[data-report-sent] .report-sent + .report-ok")`)
	c.useTemplate("prepare-delivery", `"progressToken": "pack-3"`)
	c.send(`.tl-item.tl-response[data-reply-to="6"]`)
}

// checkSlowCallTimeline: the progress notifications arrived while nothing
// was sent, then the result paired with the call, in the timeline and in
// the diagram.
func (c *consoleTab) checkSlowCallTimeline() {
	c.t.Helper()
	type timeline struct {
		Progress      int
		Request       string
		RequestPair   string
		ResponsePair  string
		ResponseLabel string
		Diagram       string
		Live          string
	}
	// The call's label is updated once its result is drawn; on a loaded
	// machine that can be a frame later, so wait for it (a label that never
	// changes still fails, at the test's deadline).
	e2etest.Wait(c.t, c.ctx, "the call labelled as answered", `(document.querySelector("#msg-6 .tl-status") || {textContent: ""}).textContent.indexOf("answered by #") === 0`)
	got := e2etest.Get(c.t, c.ctx, chromedp.Evaluate[timeline](`(function () {
		var req = document.getElementById("msg-6");
		var resp = document.querySelector('.tl-item[data-reply-to="6"]');
		var pair = function (el) { return Array.from(el.classList).filter(function (c) { return c.indexOf("pair-") === 0; }).join(); };
		return {
			Progress: document.querySelectorAll('.tl-item[data-method="notifications/progress"]').length,
			Request: req.querySelector(".tl-status").textContent,
			RequestPair: pair(req),
			ResponsePair: pair(resp),
			ResponseLabel: resp.querySelector(".tl-status").textContent,
			Diagram: (document.querySelector("#diagram-box svg") || {}).textContent || "",
			Live: document.querySelector("[data-live]").textContent
		};
	})()`))
	if got.Progress != 10 {
		c.t.Errorf("%d progress notifications in the timeline, want 10", got.Progress)
	}
	if !strings.HasPrefix(got.Request, "answered by #") || got.ResponseLabel != "response to #6" {
		c.t.Errorf("the call says %q and its result %q", got.Request, got.ResponseLabel)
	}
	if got.RequestPair == "" || got.RequestPair != got.ResponsePair {
		c.t.Errorf("the call and its result have colours %q and %q", got.RequestPair, got.ResponsePair)
	}
	if !strings.Contains(got.Live, "Live") {
		c.t.Errorf("the live indicator says %q", got.Live)
	}
	e2etest.Wait(c.t, c.ctx, "the progress notifications in the diagram", `(document.querySelector("#diagram-box svg") || {textContent: ""}).textContent.includes("notifications/progress")`)
}

// answerElicitation: the server asks the learner (elicitation/create): the
// request waits, its button fills in a response with the right id, checked
// against the request before it goes, and the tool's result follows the
// answer.
func (c *consoleTab) answerElicitation() {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "call a tool that asks the learner",
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`),
		chromedp.SetValue(chromedp.CSS("#answer"), `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`),
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.WaitVisible(chromedp.CSS(`#msg-19[data-status="waiting"] .tl-wait [data-answer]`)),
		chromedp.Click(chromedp.CSS(`#msg-19 [data-answer]`)),
	)
	e2etest.Wait(c.t, c.ctx, "the filled-in answer to the elicitation", `document.getElementById("answer").value.includes('"action": "accept"')`)
	e2etest.Wait(c.t, c.ctx, "the report on the answer to #12", `(document.querySelector("#report-box .report-summary") || {textContent: ""}).textContent.includes("response to #19 (elicitation/create)")`)
	c.send(`.tl-item[data-reply-to="18"]`)
	if n := e2etest.Get(c.t, c.ctx, chromedp.Evaluate[int](`document.querySelectorAll(".tl-wait").length`)); n != 0 {
		c.t.Errorf("%d server requests still wait after the answer", n)
	}
	if st := e2etest.Get(c.t, c.ctx, chromedp.Evaluate[string](`document.getElementById("msg-19").dataset.status`)); st != "answered" {
		c.t.Errorf("the server's request is %q after the answer", st)
	}
}

// reset clears the timeline and the diagram.
func (c *consoleTab) reset() {
	c.t.Helper()
	e2etest.Do(c.t, c.ctx, "reset",
		chromedp.Click(chromedp.CSS("[data-reset-form] button")),
		chromedp.WaitNotPresent(chromedp.CSS(".tl-item")),
		chromedp.WaitVisible(chromedp.CSS("[data-timeline-empty]")),
		chromedp.WaitVisible(chromedp.CSS("[data-handshake]")),
	)
}

// The console with a full timeline (pairs, a notification, diagnostics, a
// request of the server waiting for the learner, an error) and a live
// exercise above it has no serious accessibility violation, in both themes.
func TestE2EConsoleAccessibility(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	base := e.serve(t)
	t.Cleanup(e.srv.Close)
	page := base + "/en/console?exercise=tools-live-suggest-gifts"
	e2etest.Do(t, ctx, "open the console", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#answer")))
	messages := []string{msgInitialize, msgInitialized, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursr":"x"}}`,
		msgSuggest, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, `not JSON`}
	script := `(async function () {
		for (const m of ` + jsonOf(messages) + `) {
			const r = await fetch("/api/console/messages", {method: "POST", body: m, credentials: "same-origin"});
			if (!r.ok) return "POST " + r.status;
		}
		return "";
	})()`
	if msg := e2etest.Get(t, ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise)); msg != "" {
		t.Fatalf("sending from the page: %s", msg)
	}
	e2etest.Do(t, ctx, "reload with the timeline",
		chromedp.Navigate(page),
		chromedp.WaitVisible(chromedp.CSS(".tl-wait [data-answer]")),
		chromedp.WaitVisible(chromedp.CSS("#diagram-box svg")),
	)
	checkAxe(t, ctx, axe, "console with a timeline")
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A live exercise in the browser: the console does the handshake, the
// learner calls the slow tool with a progress token, and "Check my
// exchange" sends the session to the exercise, which passes.
func TestE2EConsoleLiveExercise(t *testing.T) {
	t.Parallel()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	base := e.serve(t)
	t.Cleanup(e.srv.Close)
	e2etest.Do(t, ctx, "open the exercise's console",
		chromedp.Navigate(base+"/en/console?exercise=notifications-live-progress"),
		chromedp.WaitVisible(chromedp.CSS("#exercise [data-exercise-check]")),
		chromedp.Click(chromedp.CSS("[data-handshake] button")),
		chromedp.WaitVisible(chromedp.CSS(`#msg-3[data-method="notifications/initialized"]`)),
		chromedp.WaitNotVisible(chromedp.CSS("[data-handshake]")),
	)
	// The button hides itself once the session has a revision: the
	// keyboard goes on in the editor, not on the page's body.
	e2etest.Wait(t, ctx, "the focus in the editor after the handshake", `document.activeElement === document.getElementById("answer")`)
	// The initialize the page offered went with the handshake: the editor
	// offers the next message, with the next free id.
	(&consoleTab{t: t, ctx: ctx}).offered("after the handshake button", `{ "jsonrpc": "2.0", "id": 2, "method": "tools/list" }`)
	e2etest.Do(t, ctx, "check the exchange before the call",
		chromedp.Click(chromedp.CSS("#exercise [data-exercise-check] button")),
		chromedp.WaitVisible(chromedp.CSS("#ex-result .fb-fail")),
	)
	e2etest.Do(t, ctx, "call the slow tool with a token",
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`),
		chromedp.SetValue(chromedp.CSS("#template"), "prepare-delivery"),
		chromedp.Click(chromedp.CSS("[data-template-use]")),
	)
	e2etest.Wait(t, ctx, "the template in the editor", `document.getElementById("answer").value.includes("progressToken")`)
	e2etest.Do(t, ctx, "send it and check the exchange",
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.WaitVisible(chromedp.CSS(`.tl-item[data-reply-to="4"]`)),
		chromedp.Click(chromedp.CSS("#exercise [data-exercise-check] button")),
		chromedp.WaitVisible(chromedp.CSS("#ex-result .fb-pass")),
	)
	if badge := e2etest.Get(t, ctx, chromedp.TextContent(chromedp.CSS("#exercise .badge"))); badge != "Passed" {
		t.Errorf("the exercise's badge says %q after passing", badge)
	}
	if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#ex-result [data-goto]").length`)); n != 0 {
		t.Errorf("%d links in the verdict point into the editor", n)
	}
}
