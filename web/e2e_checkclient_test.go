package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A learner checks their client in a real browser: they ask for their
// personal URL, point a client at it, and the steps tick on the page as
// the client's messages arrive, without reloading it, to the verdict; a
// client with a planted mistake shows the failed step with what went
// wrong. The page has no serious accessibility violation.
func TestE2ECheckClient(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	const id = "lifecycle-client-first-call"
	ex, _ := e.catalog.Exercise(id)
	plan := clientcheck.PlanOf(ex, i18n.EN)

	play := func(t *testing.T, ctx context.Context, lang, mistake, want string) {
		t.Helper()
		e2etest.Do(t, ctx, "open the page",
			chromedp.Navigate(base+"/"+lang+"/check-client?exercise="+id),
			chromedp.WaitVisible(chromedp.CSS("form button[type=submit]")),
		)
		if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("form button[type=submit]"))); err != nil {
			t.Fatalf("ask for a personal URL: %v", err)
		}
		e2etest.Do(t, ctx, "read the personal URL",
			chromedp.WaitVisible(chromedp.CSS("[data-client-url]")),
			chromedp.Evaluate[chromedp.Void](`window.samePage = true`),
		)
		url := e2etest.Get(t, ctx, chromedp.Value(chromedp.CSS("[data-client-url]")))
		e2etest.Wait(t, ctx, "the page watches the run", `document.querySelector("[data-client-steps] [data-state='waiting']") !== null`)
		cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		go clientcheck.PlayReference(cctx, url, plan, plan.Protocol, mistake)
		e2etest.Wait(t, ctx, "the verdict", `document.querySelector("[data-client-steps] [data-state='`+want+`']") !== null`)
		if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`window.samePage === true`)) {
			t.Errorf("the page was reloaded: the script did not follow the run")
		}
	}

	// The two runs are two learners' (a tab and its cookies each), side
	// by side.
	t.Run("passed", func(t *testing.T) {
		t.Parallel()
		ctx := e2etest.Browser(t)
		play(t, ctx, "en", "", "passed")
		if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".check-step[data-status='passed']").length`)); n != len(plan.Steps) {
			t.Errorf("%d steps passed, want %d", n, len(plan.Steps))
		}
		checkAxe(t, ctx, axe, "check-client, passed")
		leaveCheckClientPage(t, ctx)
	})
	t.Run("failed", func(t *testing.T) {
		t.Parallel()
		ctx := e2etest.Browser(t)
		play(t, ctx, "fr", "schema", "failed")
		e2etest.Do(t, ctx, "the failed step says why",
			chromedp.WaitVisible(chromedp.CSS(".check-step[data-step='first-call'][data-status='failed'] .problem-error")),
		)
		checkAxe(t, ctx, axe, "check-client, failed (fr)")
		leaveCheckClientPage(t, ctx)
	})
}

// leaveCheckClientPage leaves the page: its event stream ends before the
// test's server does.
func leaveCheckClientPage(t *testing.T, ctx context.Context) {
	t.Helper()
	e2etest.Do(t, ctx, "leave the page", chromedp.Navigate("about:blank"))
}
