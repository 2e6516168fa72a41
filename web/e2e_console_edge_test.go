package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// The console's live edge: the report before sending is done again after
// the handshake (a message that came too early is fine once the session
// is open); a message just sent is not judged again as the next one (its
// id is taken now: it would turn red); a result with "isError": true reads
// as a tool error; after a reload the timeline shows its last messages and
// follows the new ones.
func TestE2EConsoleLiveEdge(t *testing.T) {
	t.Parallel()
	c := openConsole(t, withMock(quickSlowTool))
	ctx := c.ctx

	const list = `{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}`
	e2etest.Do(t, ctx, "type a request before the handshake",
		chromedp.SetValue(chromedp.CSS("#answer"), list),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.WaitVisible(chromedp.CSS("#report-box .report-summary")),
	)
	before := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("#report-box")))
	e2etest.Do(t, ctx, "the handshake",
		chromedp.Evaluate[chromedp.Void](`document.getElementById("report-box").dataset.old = "1"`),
		chromedp.Click(chromedp.CSS("[data-handshake] button")),
		chromedp.WaitVisible(chromedp.CSS(`#msg-3[data-method="notifications/initialized"]`)),
	)
	// initialize took the id 1: the same request is now a reuse.
	e2etest.Wait(t, ctx, "the report done again after the handshake", `!document.querySelector("#report-box[data-old]") && !!document.querySelector('#report-box .problem[data-code="session.id.reused"]')`)
	if after := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("#report-box"))); after == before {
		t.Errorf("the report before sending is the same after the handshake: %q", after)
	}
	e2etest.Do(t, ctx, "take the next id",
		chromedp.SetValue(chromedp.CSS("#answer"), strings.Replace(list, `"id": 1`, `"id": 2`, 1)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.WaitVisible(chromedp.CSS("#report-box .report-ok")),
	)

	c.send(`#msg-5[data-reply-to="4"]`)
	e2etest.Wait(t, ctx, "the report on the message just sent", `!!document.querySelector("#report-box[data-report-sent]")`)
	if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#report-box .report-ko, #report-box .problem").length`)); n != 0 {
		t.Errorf("the message just sent is judged again: %d problems in its report", n)
	}

	e2etest.Do(t, ctx, "a call whose tool fails",
		chromedp.SetValue(chromedp.CSS("#answer"), `{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "suggest_gifts", "arguments": {"occasion": "birthday", "budget": 1}}}`),
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.WaitVisible(chromedp.CSS(`.tl-item[data-reply-to="6"]`)),
	)
	if kind := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS(`.tl-item[data-reply-to="6"] .tl-kind`))); !strings.Contains(kind, "tool error") {
		t.Errorf("the result with isError reads %q, want a tool error", kind)
	}

	script := `(async function () {
		for (let id = 10; id < 40; id++) {
			const r = await fetch("/api/console/messages", {method: "POST", body: JSON.stringify({jsonrpc: "2.0", id: id, method: "ping"}), credentials: "same-origin"});
			if (!r.ok) return "POST " + r.status;
		}
		return "";
	})()`
	if msg := e2etest.Get(t, ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise)); msg != "" {
		t.Fatalf("sending from the page: %s", msg)
	}
	e2etest.Do(t, ctx, "reload with a long timeline", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#tl-list .tl-item")))
	const atEnd = `(function () { const l = document.getElementById("tl-list"); return l.scrollHeight > l.clientHeight && l.scrollHeight - l.scrollTop - l.clientHeight < 40; })()`
	if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](atEnd)) {
		t.Errorf("after a reload the timeline does not show its last messages")
	}
	e2etest.Do(t, ctx, "send one more",
		chromedp.SetValue(chromedp.CSS("#answer"), `{"jsonrpc": "2.0", "id": 99, "method": "ping"}`),
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.WaitVisible(chromedp.CSS(`.tl-item[data-reply-to]:last-child`)),
	)
	e2etest.Wait(t, ctx, "the timeline following the new message", atEnd+` && document.querySelector("#tl-list").lastElementChild.textContent.includes("99")`)
}
