package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

// A learner checks their server in a real browser: the script posts the
// form and shows the steps as they end, without reloading the page, until
// the verdict; every message is in the timeline and the diagram. Then a
// server with a mistake fails a step with its feedback. The page has no
// serious accessibility violation, in both themes and both languages.
func TestE2ECheckServer(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	gift := gifttest.URL(t, mockserver.Config{})
	broken := gifttest.URL(t, mockserver.Config{Mistake: mockserver.MistakeUnknownToolSuccess})

	run := func(lang, url string) {
		t.Helper()
		e2etest.Do(t, ctx, "check "+url,
			chromedp.Navigate(base+"/"+lang+"/check-server"),
			chromedp.WaitVisible(chromedp.CSS("#url")),
			chromedp.Evaluate[chromedp.Void](`window.samePage = true`),
			chromedp.SetValue(chromedp.CSS("#url"), url),
			chromedp.SetValue(chromedp.CSS("#exercise"), "tools-server-gift-server"),
			chromedp.Click(chromedp.CSS("[data-check-run]")),
		)
		e2etest.Wait(t, ctx, "the check's end", `document.querySelector("[data-check-result] [data-done='true']") !== null`)
		if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`window.samePage === true`)) {
			t.Errorf("the page was reloaded: the script did not run the check")
		}
	}

	run("en", gift)
	if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("[data-done='true']").dataset.passed === "true"`)) {
		t.Errorf("the gift server did not pass")
	}
	if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".check-step[data-status='failed']").length`)); n != 0 {
		t.Errorf("%d failed steps against the gift server", n)
	}
	e2etest.Do(t, ctx, "the timeline and the diagram",
		chromedp.WaitVisible(chromedp.CSS("#tl-list .tl-item[data-method='initialize']")),
		chromedp.WaitVisible(chromedp.CSS("#diagram-box svg")),
		chromedp.WaitVisible(chromedp.CSS("[data-recorded]")),
	)
	checkAxe(t, ctx, axe, "check-server, passed")

	run("fr", broken)
	e2etest.Do(t, ctx, "a failed step with its feedback",
		chromedp.WaitVisible(chromedp.CSS(".check-step[data-status='failed'] .fb-fail")),
	)
	checkAxe(t, ctx, axe, "check-server, failed (fr)")

	// A refused URL says why, on the form.
	e2etest.Do(t, ctx, "a refused URL",
		chromedp.SetValue(chromedp.CSS("#url"), "http://169.254.169.254/latest/meta-data/"),
		chromedp.Click(chromedp.CSS("[data-check-run]")),
		chromedp.WaitVisible(chromedp.CSS("[data-check-error]:not([hidden])")),
	)
	msg := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("[data-check-error]")))
	if msg == "" || !strings.Contains(msg, "169.254.169.254") {
		t.Errorf("refusal = %q", msg)
	}
}
