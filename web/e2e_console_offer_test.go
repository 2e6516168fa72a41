package web

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A learner who selects the whole editor to write another message in its
// place keeps it selected when the answer to their last send arrives in
// between and the editor is refilled with the next message: their first
// key replaces that message instead of writing in front of it (two JSON
// values in one, which the gift server then refuses).
func TestE2EConsoleOfferKeepsAWholeSelection(t *testing.T) {
	t.Parallel()
	c := openConsole(t, withMock(quickSlowTool))
	held := holdReplies(t, c.ctx)
	e2etest.Do(t, c.ctx, "ask for the handshake", chromedp.Click(chromedp.CSS("[data-handshake] button")))
	held.release(held.next("the answer to initialize, held"))
	held.release(held.next("the answer to notifications/initialized, held"))
	c.waitFor("the page done with the handshake", `document.querySelector("[data-working]").hidden`)

	const ping = `{"jsonrpc": "2.0", "id": 2, "method": "ping"}`
	e2etest.Do(t, c.ctx, "write a ping and send it",
		chromedp.SetValue(chromedp.CSS("#answer"), ping),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.Click(chromedp.CSS("[data-send]")),
	)
	answer := held.next("the answer to the ping, held")
	e2etest.Do(t, c.ctx, "select the whole editor while the ping is on its way",
		chromedp.Focus(chromedp.CSS("#answer")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	held.release(answer)
	held.passRest()
	c.waitFor("the next message offered", `document.getElementById("answer").value !== `+jsonString(ping))

	const list = `{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}`
	e2etest.Do(t, c.ctx, "write tools/list in place of the selection", chromedp.KeyEvent(kb.Backspace), insertText(list))
	if got := e2etest.Get(t, c.ctx, chromedp.Evaluate[string](`document.getElementById("answer").value`)); got != list {
		t.Errorf("the editor holds %q, want only what the learner wrote, %q", got, list)
	}
}
