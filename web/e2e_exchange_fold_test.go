package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// In both languages: a long message of the timeline (tools/list's result,
// written by the gift server in the page's language) is folded to its
// first lines with a button that says so; the keyboard unfolds it and
// folds it again; a diagram arrow leads to its message and
// the message back to its arrow; and the page stays axe clean.
func TestE2EExchangeFoldAndLinks(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR} {
		t.Run(string(l), func(t *testing.T) {
			x := i18n.ConsoleFor(l)
			ctx := e2etest.Browser(t)
			e := newTestEnv(t, Config{})
			base := e.serve(t)
			t.Cleanup(e.srv.Close)
			page := base + "/" + string(l) + "/console"
			e2etest.Do(t, ctx, "open the console", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#answer")))
			script := `(async function () {
				for (const m of ` + jsonOf([]string{msgInitialize, msgInitialized, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`}) + `) {
					const r = await fetch("/api/console/messages?lang=` + string(l) + `", {method: "POST", body: m, credentials: "same-origin"});
					if (!r.ok) return "POST " + r.status;
				}
				return "";
			})()`
			if msg := e2etest.Get(t, ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise)); msg != "" {
				t.Fatalf("sending from the page: %s", msg)
			}
			fold := `#msg-5 [data-fold]`
			e2etest.Do(t, ctx, "reload with the timeline",
				chromedp.Navigate(page),
				chromedp.WaitVisible(chromedp.CSS(fold+`[aria-expanded="false"]`)),
				chromedp.WaitNotVisible(chromedp.CSS("#msg-5-rest")),
			)
			label := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS(fold)))
			if want := strings.SplitN(x.FoldShow, "(", 2)[0]; !strings.HasPrefix(label, want) {
				t.Errorf("fold button says %q, want %q…", label, want)
			}
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#msg-1 [data-fold], #msg-3 [data-fold]").length`)); n != 0 {
				t.Errorf("%d short messages are folded", n)
			}
			e2etest.Do(t, ctx, "unfold with the keyboard",
				chromedp.Focus(chromedp.CSS(fold)),
				chromedp.KeyEvent(kb.Enter),
				chromedp.WaitVisible(chromedp.CSS(fold+`[aria-expanded="true"]`)),
				chromedp.WaitVisible(chromedp.CSS("#msg-5-rest")),
			)
			if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS(fold))); got != x.FoldHide {
				t.Errorf("unfolded button says %q, want %q", got, x.FoldHide)
			}
			// The gift server speaks the page's language.
			title := map[i18n.Lang]string{i18n.EN: `"title": "Gift ideas"`, i18n.FR: `"title": "Idées cadeaux"`}[l]
			if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("#msg-5 pre"))); !strings.Contains(got, title) {
				t.Errorf("tools/list's result lacks %s:\n%.300s", title, got)
			}
			checkAxe(t, ctx, axe, "console with an unfolded message ("+string(l)+")")
			e2etest.Do(t, ctx, "fold again with the space bar",
				chromedp.Focus(chromedp.CSS(fold)),
				chromedp.KeyEvent(" "),
				chromedp.WaitVisible(chromedp.CSS(fold+`[aria-expanded="false"]`)),
				chromedp.WaitNotVisible(chromedp.CSS("#msg-5-rest")),
			)

			e2etest.Do(t, ctx, "from the arrow to its message",
				chromedp.Evaluate[chromedp.Void](`document.getElementById("arrow-5").scrollIntoView()`),
				chromedp.Click(chromedp.CSS("#arrow-5")),
			)
			e2etest.Get(t, ctx, chromedp.Poll[bool](`location.hash === "#msg-5"`))
			if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS(`#msg-5 .tl-to-arrow`))); got != x.ToArrow {
				t.Errorf("link to the arrow says %q, want %q", got, x.ToArrow)
			}
			e2etest.Do(t, ctx, "from the message to its arrow",
				chromedp.Evaluate[chromedp.Void](`document.querySelector("#msg-5 .tl-to-arrow").scrollIntoView({block: "center"})`),
				chromedp.Click(chromedp.CSS(`#msg-5 .tl-to-arrow`)),
			)
			e2etest.Get(t, ctx, chromedp.Poll[bool](`location.hash === "#arrow-5"`))
			checkAxe(t, ctx, axe, "console with a folded message ("+string(l)+")")
		})
	}
}
