package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// Review says when each exercise comes back: the feedback on a wrong
// answer, and the review page, which lists the exercises not due yet with
// when; once due, the exercise opens blank (no earlier pick, no editor
// named on a page without one), in both languages.
func TestReviewSaysWhenAndOpensBlank(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	e := newTestEnv(t, Config{Clock: clock}, asWorkshop())
	base := e.serve(t)
	var ex *exercise.Exercise
	for _, x := range e.catalog.Exercises() {
		if x.Kind.Answer().Fields == exercise.AnswerChoices && x.Kind.Answer().Item == exercise.ItemMessage && len(x.WrongAnswers()) > 0 && ex == nil && len(x.ChoiceForm(i18n.EN).Items[0].Default) == 0 {
			ex = x
		}
	}
	if ex == nil {
		t.Fatal("the course has no choices exercise without a default pick")
	}
	for _, l := range i18n.All {
		p := i18n.PathFor(l)
		b := newBrowser(t, base)
		wrong := ex.WrongAnswers()[0].Text
		res := b.postJSON("/api/exercises/"+ex.ID+"/attempts?lang="+string(l), map[string]string{"answer": wrong})
		soon := fmt.Sprintf(p.ReviewComesBack, i18n.Sprintf(l, p.ReviewInMinutes, 20))
		if res.status != 200 || !strings.Contains(res.body, escapeText(soon)) {
			t.Errorf("%s: the feedback on a wrong answer does not say %q: %d %.300s", l, soon, res.status, res.body)
		}
		list := b.get(pagevm.ReviewURL(l))
		when := fmt.Sprintf(p.ReviewWhen, i18n.Sprintf(l, p.ReviewInMinutes, 20))
		mustContain(t, string(l)+": the review before it is due", list.body, "data-review-later", escapeText(p.ReviewLater), escapeText(when))
		if strings.Contains(list.body, "data-review-item") {
			t.Errorf("%s: an exercise not due yet is listed as due", l)
		}

		clock.advance(21 * time.Minute)
		list = b.get(pagevm.ReviewURL(l))
		mustContain(t, string(l)+": the review once due", list.body, "data-review-item", pagevm.ReviewExerciseURL(l, ex.ID))
		page := b.get(pagevm.ReviewExerciseURL(l, ex.ID))
		mustContain(t, string(l)+": the exercise opened from the review", page.body, escapeText(p.ReviewRecallChoices), `autocomplete="off"`)
		if strings.Contains(page.body, " checked") || strings.Contains(page.body, escapeText(p.ReviewRecall)) {
			t.Errorf("%s: the review does not open blank, or names an editor the page has not", l)
		}
		clock.advance(-21 * time.Minute)
	}
}
