package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A press on Send while another message is on its way is never lost: it
// waits its turn. The learner asks the page for the handshake, and while
// its initialize is on its way (the browser holds the server's answer)
// writes tools/list and presses Send, then Ctrl+Enter in the editor: the
// page shows it is sending, and once the answers come, tools/list reaches
// the gift server after the handshake's two messages, once, the editor
// offers the next message, and the page no longer says it is sending.
func TestE2EConsoleSendWaitsItsTurn(t *testing.T) {
	t.Parallel()
	c := openConsole(t, withMock(quickSlowTool))
	held := holdReplies(t, c.ctx)
	e2etest.Do(t, c.ctx, "ask for the handshake", chromedp.Click(chromedp.CSS("[data-handshake] button")))
	initialize := held.next("the answer to initialize, held")

	const list = `{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}`
	e2etest.Do(t, c.ctx, "write tools/list and press Send twice, while initialize is on its way",
		chromedp.SetValue(chromedp.CSS("#answer"), list),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.Click(chromedp.CSS("[data-send]")),
		chromedp.Focus(chromedp.CSS("#answer")),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	if e2etest.Get(t, c.ctx, chromedp.Evaluate[bool](`document.querySelector("[data-working]").hidden`)) {
		t.Error("while a message waits its turn, the page does not say it is sending")
	}

	held.release(initialize)
	held.release(held.next("the answer to notifications/initialized, held"))
	held.release(held.next("the answer to tools/list, held (a press on Send while the handshake went was lost?)"))
	held.passRest()
	// The editor offers the next message once the answer to tools/list has
	// come (the event stream can tell of the response before): nothing is
	// left to send then.
	c.offered("after tools/list, sent in its turn", `{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}`)
	c.waitFor("the page done sending", `document.querySelector("[data-working]").hidden`)

	got := e2etest.Get(t, c.ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#tl-list .tl-item[data-from='client']")).map(function (el) { return el.dataset.seq + " " + el.dataset.method; })`))
	want := []string{"1 initialize", "3 notifications/initialized", "4 tools/list"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the client's messages in the timeline (-want +got):\n%s", diff)
	}
}

// waitFor waits for the expression in the console's tab, at most a
// minute, and fails with what was awaited.
func (c *consoleTab) waitFor(what, expr string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, time.Minute)
	defer cancel()
	e2etest.Wait(c.t, ctx, what, expr)
}

// heldReplies holds, in the browser, the server's answers to the console's
// messages (POST /api/console/messages) until the test lets each through:
// meanwhile the page has a message on its way and no answer.
type heldReplies struct {
	t       *testing.T
	ctx     context.Context
	paused  chan fetch.RequestID
	passing chan struct{} // closed: every answer goes through
}

// holdReplies starts holding the answers; the test's end stops it.
func holdReplies(t *testing.T, ctx context.Context) *heldReplies {
	t.Helper()
	ctx, cancel := context.WithCancel(ctx)
	events := chromedp.Events(ctx, fetch.RequestPaused)
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{
		URLPattern: "*/api/console/messages*", RequestStage: fetch.RequestStageResponse,
	}}}); err != nil {
		t.Fatalf("hold the answers to the messages: %v", err)
	}
	h := &heldReplies{t: t, ctx: ctx, paused: make(chan fetch.RequestID), passing: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ev, err := range events {
			if err != nil {
				return
			}
			select {
			case h.paused <- ev.RequestID:
			case <-h.passing:
				_, _ = chromedp.Call(ctx, fetch.ContinueResponse, fetch.ContinueResponseParams{RequestID: ev.RequestID})
			case <-ctx.Done():
				return
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return h
}

// next waits, at most a minute, for the next answer held, and fails with
// what was awaited if none comes.
func (h *heldReplies) next(what string) fetch.RequestID {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, time.Minute)
	defer cancel()
	select {
	case id := <-h.paused:
		return id
	case <-ctx.Done():
		h.t.Fatalf("waiting for %s: %v", what, ctx.Err())
		return ""
	}
}

// release lets a held answer through to the page.
func (h *heldReplies) release(id fetch.RequestID) {
	h.t.Helper()
	if _, err := chromedp.Call(h.ctx, fetch.ContinueResponse, fetch.ContinueResponseParams{RequestID: id}); err != nil {
		h.t.Fatalf("let the answer through: %v", err)
	}
}

// passRest lets every answer that comes next through as it comes.
func (h *heldReplies) passRest() { close(h.passing) }
