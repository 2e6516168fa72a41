package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// Payloads that would run if a name or an answer reached the page as
// markup: a script element, and an attribute break-out into an element
// with an event handler. Both fit in a display name (40 characters).
var xssPayloads = []string{
	`<script>window.__pwned=1</script>`,
	`"><img src=x onerror=window.__pwned=2>`,
}

// xssCheck is evaluated in the page: no payload ran, no payload became an
// element, and the payload is on the page as text.
const xssCheck = `(function (want) {
	var errs = [];
	if (window.__pwned) errs.push("a payload ran: __pwned=" + window.__pwned);
	if (document.querySelector('img[src="x"], img[onerror]')) errs.push("an <img onerror> element exists");
	document.querySelectorAll("script").forEach(function (s) { if (s.textContent.indexOf("__pwned") >= 0) errs.push("a <script> element holds the payload"); });
	var text = document.body.innerText + " " + Array.prototype.map.call(document.querySelectorAll("textarea, input"), function (e) { return e.value; }).join(" ");
	want.forEach(function (w) { if (text.indexOf(w) < 0) errs.push("the text " + JSON.stringify(w) + " is not shown"); });
	return errs.join("; ");
})`

func evalXSS(t *testing.T, ctx context.Context, page string, want ...string) {
	t.Helper()
	wantJS := "[]"
	if len(want) > 0 {
		wantJS = "[" + strings.Join(quoteAll(want), ",") + "]"
	}
	if problems := e2etest.Get(t, ctx, chromedp.Evaluate[string](xssCheck+"("+wantJS+")")); problems != "" {
		t.Errorf("%s: %s", page, problems)
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = jsonString(s)
	}
	return out
}

// Display names and answers carrying markup are shown inert everywhere a
// person sees them: the learner's pages, the instructor's dashboard, and
// the dashboard's live refresh, which replaces its content from the server.
func TestE2EHostileNamesAndAnswersAreInert(t *testing.T) {
	t.Parallel()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	ts := httptest.NewServer(e.h)
	defer ts.Close()
	ex := e.exerciseOfKind(t, exercise.KindFix)

	// The second learner joins over HTTP; the first in the browser, typing.
	other := newBrowser(t, ts.URL)
	if r := joinForm(other, "en", "ROOM", xssPayloads[1], ""); r.status != http.StatusSeeOther {
		t.Fatalf("join as %q = %d", xssPayloads[1], r.status)
	}
	for range 3 { // three failures: also listed as stuck
		other.attempt(ex.ID, `{"jsonrpc": "2.0", "method": "`+strings.ReplaceAll(xssPayloads[1], `"`, `\"`)+`", "id": 1`)
	}

	e2etest.Do(t, ctx, "join with a script as name",
		chromedp.Navigate(ts.URL+"/en/"),
		chromedp.WaitVisible(chromedp.CSS("#join-code")),
		chromedp.SendKeys(chromedp.CSS("#join-code"), "room"),
		chromedp.SendKeys(chromedp.CSS("#join-name"), xssPayloads[0]),
		chromedp.Click(chromedp.CSS(".join-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(".lesson-list")),
	)
	answer := `{"jsonrpc": "2.0", "id": "` + strings.ReplaceAll(xssPayloads[1], `"`, `\"`) + `", "method": "` + xssPayloads[0] + `"}`
	e2etest.Do(t, ctx, "send an answer carrying both payloads",
		chromedp.Navigate(ts.URL+"/en/exercises/"+ex.ID),
		chromedp.WaitVisible(chromedp.CSS("#answer")),
		chromedp.SetValue(chromedp.CSS("#answer"), answer),
		chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
	)
	evalXSS(t, ctx, "exercise page after the answer")
	e2etest.Do(t, ctx, "reload the exercise page", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#feedback")))
	evalXSS(t, ctx, "exercise page rendered by the server", answer)
	e2etest.Do(t, ctx, "open the progress page", chromedp.Navigate(ts.URL+"/en/progress"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	evalXSS(t, ctx, "progress page", xssPayloads[0])

	// The instructor signs in from the URL the server's log prints.
	e2etest.Do(t, ctx, "sign in as instructor",
		chromedp.Navigate(ts.URL+"/instructor/login#token="+testToken),
		chromedp.WaitVisible(chromedp.CSS("#instructor-token")),
	)
	if loc := e2etest.Get(t, ctx, chromedp.Location()); strings.Contains(loc, testToken) {
		t.Errorf("the token stays in the address bar: %s", loc)
	}
	e2etest.Do(t, ctx, "submit the filled token",
		chromedp.Click(chromedp.CSS("[data-token-form] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#dash-live")),
	)
	evalXSS(t, ctx, "dashboard", xssPayloads...)
	if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-stuck]").length`)); n != 1 {
		t.Errorf("%d stuck learners on the dashboard, want 1", n)
	}
	// Wait for a live refresh to replace the content, then check again.
	e2etest.Do(t, ctx, "mark the content and wait for a refresh",
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#dash-live .dash-summary").dataset.old = "1"`),
	)
	e2etest.Wait(t, ctx, "a live refresh of the dashboard", `!document.querySelector("#dash-live .dash-summary[data-old]")`)
	evalXSS(t, ctx, "dashboard after a live refresh", xssPayloads...)
}

// No serious or critical accessibility violation (axe-core) on the pages a
// workshop uses: the course, a lesson, an exercise with feedback, the
// console, the join page, and the instructor's sign-in and dashboard.
func TestE2EAccessibility(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{}, asWorkshop())
	ts := httptest.NewServer(e.h)
	defer ts.Close()
	ex := e.exerciseOfKind(t, exercise.KindFix)
	for _, name := range []string{"Ada", "Grace"} {
		b := newBrowser(t, ts.URL)
		b.attempt(ex.ID, ex.Starter)
		if name == "Ada" {
			b.attempt(ex.ID, ex.Solutions[0])
		}
	}

	pages := []struct{ name, url, wait string }{
		{"course", "/en/", ".lesson-list"},
		{"lesson", "/en/lessons/" + ex.Lesson, "article.lesson"},
		{"lesson (fr)", "/fr/lessons/" + ex.Lesson, "article.lesson"},
		{"exercise list", "/en/exercises", "main h1"},
		{"console", "/en/console", "main h1"},
	}
	if r := newBrowser(t, ts.URL).get("/en/console"); r.status != http.StatusOK {
		t.Errorf("GET /en/console = %d, want 200: the console is one of the pages checked", r.status)
	}
	for _, p := range pages {
		e2etest.Do(t, ctx, "open the "+p.name, chromedp.Navigate(ts.URL+p.url), chromedp.WaitVisible(chromedp.CSS(p.wait)))
		checkAxe(t, ctx, axe, p.name)
	}

	e2etest.Do(t, ctx, "answer an exercise wrongly",
		chromedp.Navigate(ts.URL+"/en/exercises/"+ex.ID),
		chromedp.WaitVisible(chromedp.CSS("#answer")),
		chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
	)
	checkAxe(t, ctx, axe, "exercise with feedback")
	e2etest.Do(t, ctx, "open the progress page", chromedp.Navigate(ts.URL+"/en/progress"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	checkAxe(t, ctx, axe, "progress")

	e2etest.Do(t, ctx, "open the sign-in page", chromedp.Navigate(ts.URL+"/instructor/login"), chromedp.WaitVisible(chromedp.CSS("#instructor-token")))
	checkAxe(t, ctx, axe, "instructor sign-in")
	e2etest.Do(t, ctx, "sign in",
		chromedp.SendKeys(chromedp.CSS("#instructor-token"), testToken),
		chromedp.Click(chromedp.CSS("[data-token-form] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(".dash-matrix")),
	)
	checkAxe(t, ctx, axe, "dashboard")
	e2etest.Do(t, ctx, "anonymous dashboard", chromedp.Navigate(ts.URL+"/instructor?anon=1"), chromedp.WaitVisible(chromedp.CSS(".dash-matrix")))
	checkAxe(t, ctx, axe, "anonymous dashboard")

	joinEnv := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	js := httptest.NewServer(joinEnv.h)
	defer js.Close()
	e2etest.Do(t, ctx, "open the join page", chromedp.Navigate(js.URL+"/fr/join"), chromedp.WaitVisible(chromedp.CSS("#join-code")))
	checkAxe(t, ctx, axe, "join page")
}
