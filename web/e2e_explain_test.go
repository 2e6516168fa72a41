package web

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

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

// A long log's explanation is kept a page at a time; a learner on its
// second page who switches language with the header's link reads that
// page, its summary and its findings (here the log's own "not JSON"
// problem) in the other language, JavaScript on.
func TestE2EExplainKeptSwitchesLanguage(t *testing.T) {
	t.Parallel()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	log := pingLog(120) + "server says hello\n"
	// A page that does not come fails within a minute, not at the
	// binary's deadline.
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	e2etest.Do(t, ctx, "explain a long log, then open its second page",
		chromedp.Navigate(base+"/en/explain"),
		chromedp.WaitVisible(chromedp.CSS("#explain-log")),
		chromedp.SetValue(chromedp.CSS("#explain-log"), log),
		chromedp.Click(chromedp.CSS(".explain-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`a[rel="next"]`)),
		chromedp.Click(chromedp.CSS(`a[rel="next"]`)),
		chromedp.WaitVisible(chromedp.CSS("#msg-101")),
		chromedp.Click(chromedp.CSS("[data-lang-switch]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="fr"] #msg-101`)),
	)
	url := e2etest.Get(t, ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
	if !strings.HasPrefix(url, "/fr/explain/") || !strings.HasSuffix(url, "?page=2") {
		t.Errorf("after the switch the page is %q, want the kept explanation's page 2 in French", url)
	}
	summary := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("#summary")))
	for _, want := range []string{"121 requêtes", "Cette ligne n’est pas du JSON"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the French summary lacks %q:\n%s", want, summary)
		}
	}
	if strings.Contains(summary, "This line is not JSON") {
		t.Errorf("the French summary still says the finding in English:\n%s", summary)
	}
}
