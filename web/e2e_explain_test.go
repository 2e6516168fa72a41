package web

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A learner pastes a HAR into the page, reads the summary first, clicks a
// finding and lands on its message, focused; the page is axe clean in
// both themes, in both languages.
func TestE2EExplain(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	har, err := os.ReadFile("../internal/logimport/testdata/gift-session.har")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "fr"} {
		e2etest.Do(t, ctx, "paste a log and explain it ("+lang+")",
			chromedp.Navigate(base+"/"+lang+"/explain"),
			chromedp.WaitVisible(chromedp.CSS("#explain-log")),
			chromedp.SetValue(chromedp.CSS("#explain-log"), string(har)),
			chromedp.Click(chromedp.CSS(".explain-form button[type=submit]")),
			chromedp.WaitVisible(chromedp.CSS("[data-summary]")),
			chromedp.WaitVisible(chromedp.CSS("#tl-list .tl-item")),
		)
		summary := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("[data-summary]")))
		want := map[string]string{"en": "9 messages: 4 requests", "fr": "9 messages\u00a0: 4 requêtes"}[lang]
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q lacks %q", summary, want)
		}
		// The summary comes before the timeline.
		if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#summary").compareDocumentPosition(document.querySelector("#timeline")) & Node.DOCUMENT_POSITION_FOLLOWING ? true : false`)) {
			t.Error("the summary is not before the timeline")
		}
		e2etest.Do(t, ctx, "click the finding about the Accept header",
			chromedp.Click(chromedp.CSS(`.explain-findings li[data-code="log.http.accept"] [data-focus]`)),
		)
		focused := e2etest.Get(t, ctx, chromedp.Poll[string](`document.activeElement && document.activeElement.id`, chromedp.WithPollingTimeout(0)))
		if focused != "msg-4" {
			t.Errorf("focused %q after the click, want msg-4", focused)
		}
		if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#msg-4").textContent.includes("log.http.accept")`)) {
			t.Error("message #4 does not show the finding")
		}
		if e2etest.Get(t, ctx, chromedp.Evaluate[bool](`document.body.innerHTML.includes("eyJhbGciOiJIUzI1NiJ9.secret")`)) {
			t.Error("the page shows the bearer token")
		}
		checkAxe(t, ctx, axe, "explained log ("+lang+")")
	}
}
