package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/web/pagevm"
)

// A review opens with the hints opened before folded; unfolding them (the
// script's request or the form without it) is recorded as taking a hint,
// so passing the review then keeps the exercise in its box. The same
// pass without looking moves it on (TestE2EReviewKeyedToMistakes).
func TestReviewUnfoldedHintsCount(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	e := newTestEnv(t, Config{Clock: clock}, asWorkshop())
	base := e.serve(t)
	ex, ok := e.catalog.Exercise("json-rpc-write-list-changed")
	if !ok {
		t.Fatal("no json-rpc-write-list-changed exercise")
	}
	folded := i18n.PathFor(i18n.EN).ReviewHintsCount
	for _, script := range []bool{true, false} {
		b := newBrowser(t, base)
		if r := b.postJSON("/api/exercises/"+ex.ID+"/hints?lang=en", map[string]int{"hint": 1}); r.status != http.StatusOK {
			t.Fatalf("open hint 1 = %d %s", r.status, r.body)
		}
		b.attempt(ex.ID, `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`)
		clock.advance(21 * time.Minute)
		page := b.get(pagevm.ReviewExerciseURL(i18n.EN, ex.ID))
		if !strings.Contains(page.body, "data-hints-folded") || !strings.Contains(page.body, folded) || strings.Contains(page.body, `class="hint"`) {
			t.Fatalf("the review does not fold the hint opened before behind a button:\n%s", excerpt(page.body, "hint-box"))
		}
		if script {
			r := b.postJSON("/api/exercises/"+ex.ID+"/hints?lang=en&review=1", map[string]int{"hint": 1})
			if r.status != http.StatusOK || !strings.Contains(r.body, `data-hint=\"1\"`) || strings.Contains(r.body, "data-hints-folded") {
				t.Fatalf("unfolding the hints = %d %.300s, want them shown", r.status, r.body)
			}
		} else {
			r := b.postForm("/en/exercises/"+ex.ID+"/hints?review=1", url.Values{"hint": {"1"}})
			if want := pagevm.ReviewExerciseURL(i18n.EN, ex.ID) + "#hint-1"; r.status != http.StatusSeeOther || r.header.Get("Location") != want {
				t.Fatalf("the form = %d to %q, want %q", r.status, r.header.Get("Location"), want)
			}
		}
		page = b.get(pagevm.ReviewExerciseURL(i18n.EN, ex.ID))
		if strings.Contains(page.body, "data-hints-folded") || !strings.Contains(page.body, `data-hint="1"`) {
			t.Errorf("script %v: the review folds again the hints just unfolded:\n%s", script, excerpt(page.body, "hint-box"))
		}
		r := b.postJSON("/api/exercises/"+ex.ID+"/attempts?lang=en&review=1", map[string]string{"answer": ex.Solutions[0]})
		if r.status != http.StatusOK || !strings.Contains(r.body, `"passed":true`) {
			t.Fatalf("the review's answer = %d %.200s", r.status, r.body)
		}
		// Kept in box 1, it is due again after box 1's interval (box 2's
		// would be a day).
		clock.advance(21 * time.Minute)
		list := b.get(pagevm.ReviewURL(i18n.EN))
		if want := fmt.Sprintf(i18n.PathFor(i18n.EN).ReviewBox, 1, review.Boxes); !strings.Contains(list.body, want) {
			t.Errorf("script %v: after a pass with the old hints unfolded, the review does not list it in box 1:\n%s", script, excerpt(list.body, "<main"))
		}
	}
}

// excerpt is the text of page around the first mention of near.
func excerpt(page, near string) string {
	i := max(strings.Index(page, near)-100, 0)
	return page[i:min(i+1200, len(page))]
}
