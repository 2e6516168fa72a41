package web

import (
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A copy of a timeline item made before a later message changed it never
// undoes the change. The reply to the slow call's POST carries the call as
// it was sent, still waiting; the event stream then tells of its progress
// and its result, and draws the call as answered. On a loaded machine the
// POST's reply can reach the page after all that: here the browser holds it
// until the stream has drawn the answer, then lets it through, and the call
// must still read "answered by #15".
func TestE2EConsoleKeepsTheNewerCopy(t *testing.T) {
	t.Parallel()
	c := openConsole(t, withMock(quickSlowTool))
	ctx := c.ctx
	c.useTemplate("initialize", `"method": "initialize"`)
	c.send(`#msg-2[data-status="reply"]`)
	c.useTemplate("initialized", "notifications/initialized")
	c.send(`#msg-3[data-status="noreply"]`)
	c.useTemplate("prepare-delivery", `"progressToken": "pack-2"`)

	paused := chromedp.Events(ctx, fetch.RequestPaused)
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{
		URLPattern: "*/api/console/messages*", RequestStage: fetch.RequestStageResponse,
	}}}); err != nil {
		t.Fatalf("hold the POST's replies: %v", err)
	}
	e2etest.Do(t, ctx, "send the slow call", chromedp.Click(chromedp.CSS("[data-send]")))
	var held fetch.RequestID
	for ev, err := range paused {
		if err != nil {
			t.Fatalf("waiting for the POST's reply to be held: %v", err)
		}
		held = ev.RequestID
		break
	}
	e2etest.Wait(t, ctx, "the call answered, as the event stream tells it",
		`(document.querySelector("#msg-4 .tl-status") || {textContent: ""}).textContent.indexOf("answered by #15") === 0`)

	if _, err := chromedp.Call(ctx, fetch.ContinueResponse, fetch.ContinueResponseParams{RequestID: held}); err != nil {
		t.Fatalf("let the POST's reply through: %v", err)
	}
	if _, err := chromedp.Call(ctx, fetch.Disable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	e2etest.Wait(t, ctx, "the page done with the POST's reply", `document.querySelector("[data-working]").hidden`)
	got := e2etest.Get(t, ctx, chromedp.Evaluate[[]string](`(function () {
		var req = document.getElementById("msg-4");
		return [req.dataset.status, req.querySelector(".tl-status").textContent];
	})()`))
	if len(got) != 2 || got[0] != "answered" || got[1] != "answered by #15" {
		t.Errorf("after the POST's late reply, the call is %q; want it still answered by #15", got)
	}
}
