package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

func TestMakeExcerpt(t *testing.T) {
	long := strings.Repeat("a", 100) + "X" + strings.Repeat("b", 100)
	tests := []struct {
		name      string
		col       int
		text      string
		want      view.Excerpt
		caretOver string // the character the caret points at
	}{
		{"start", 1, `{"id": 1}`, view.Excerpt{LineNo: 3, Text: `{"id": 1}`, Caret: "^"}, "{"},
		{"middle", 8, `{"id": 1}`, view.Excerpt{LineNo: 3, Text: `{"id": 1}`, Caret: "       ^"}, "1"},
		{"tabs keep alignment", 3, "\t\t\"x\"", view.Excerpt{LineNo: 3, Text: "\t\t\"x\"", Caret: "\t\t^"}, `"`},
		{"accents count as one column", 8, `"été": 1`, view.Excerpt{LineNo: 3, Text: `"été": 1`, Caret: "       ^"}, "1"},
		{"past the end", 12, `{}`, view.Excerpt{LineNo: 3, Text: `{}`, Caret: strings.Repeat(" ", 11) + "^"}, ""},
		{"long line is cut around the column", 101, long, view.Excerpt{LineNo: 3,
			Text:  "…" + long[64:136] + "…",
			Caret: strings.Repeat(" ", 1+36) + "^"}, "X"},
		{"CR is dropped", 2, "{}\r", view.Excerpt{LineNo: 3, Text: "{}", Caret: " ^"}, "}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := makeExcerpt(3, tt.col, tt.text)
			if diff := cmp.Diff(tt.want, *got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			text, caret := []rune(got.Text), []rune(got.Caret)
			if tt.caretOver != "" && string(text[len(caret)-1]) != tt.caretOver {
				t.Errorf("caret points at %q, want %q", string(text[len(caret)-1]), tt.caretOver)
			}
		})
	}
}

// The first problem is the blocking one, errors come before failed checks,
// and remarks come last; the "valid" check is not repeated.
func TestFeedbackOrder(t *testing.T) {
	ex := &exercise.Exercise{Kind: exercise.KindFix}
	res := exercise.Result{
		Report: grader.Report{Diagnostics: []grader.Diagnostic{
			{Code: "info.one", Severity: grader.SeverityInfo, Line: 1, Column: 1, Message: "remark"},
			{Code: "err.plain", Severity: grader.SeverityError, Line: 2, Column: 3, Message: "plain error"},
			{Code: "err.blocking", Severity: grader.SeverityError, Blocking: true, Line: 3, Column: 5, Message: "blocking `x`"},
			{Code: "warn.one", Severity: grader.SeverityWarning, Line: 1, Column: 2, Message: "warning"},
		}},
		Checks: []exercise.CheckResult{
			{ID: "valid", Passed: false, Message: "valid"},
			{ID: "method", Passed: true, Message: "method ok"},
			{ID: "equals:/id", Passed: false, Message: "`id` is 1", Feedback: "look at the id", Line: 2, Column: 1},
		},
	}
	answer := "{\n  \"a\": 1,\n    \"b\": 2\n}"
	fb := feedbackVM(ex, res, answer)
	var order []string
	if fb.First != nil {
		order = append(order, fb.First.Code+"|"+string(fb.First.Message))
	}
	for _, p := range fb.Rest {
		order = append(order, p.Code+"|"+string(p.Message))
	}
	want := []string{
		"err.blocking|blocking <code>x</code>",
		"err.plain|plain error",
		"|look at the id",
		"info.one|remark",
		"warn.one|warning",
	}
	if diff := cmp.Diff(want, order); diff != "" {
		t.Errorf("problem order (-want +got):\n%s", diff)
	}
	if fb.First.Excerpt == nil || fb.First.Excerpt.Text != `    "b": 2` || fb.First.Excerpt.Caret != "    ^" {
		t.Errorf("first excerpt = %+v", fb.First.Excerpt)
	}
	if len(fb.Checks) != 3 || fb.Checks[1].Passed != true {
		t.Errorf("checks = %+v", fb.Checks)
	}
	if got := firstProblem(res); got != "err.blocking" {
		t.Errorf("firstProblem = %q", got)
	}
	res.Passed = true
	pass := feedbackVM(ex, exercise.Result{Passed: true, Report: res.Report}, answer)
	if pass.First != nil || len(pass.Notes) != 2 { // the info and the warning
		t.Errorf("a pass shows First=%v and %d notes", pass.First, len(pass.Notes))
	}
	if got := firstProblem(res); got != "" {
		t.Errorf("firstProblem of a pass = %q", got)
	}
}

// 200 learners answer at once through the real router: every answer is
// acknowledged and stored, each under its own learner. Run with -race.
func TestConcurrentLearnersThroughRouter(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	const learners = 200
	var wg sync.WaitGroup
	errs := make(chan error, 2*learners) // each learner may fail twice
	start := make(chan struct{})
	for i := range learners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := newBrowser(t, base)
			// Each learner has read the lesson, so it has its cookie: 200
			// known learners answer, not 200 strangers behind one address.
			if r := b.do("POST", "/api/lessons/"+ex.Lesson+"/read", "", ""); r.status != http.StatusNoContent {
				errs <- fmt.Errorf("learner %d: lesson read = %d", i, r.status)
			}
			answer := ex.Starter
			if i%2 == 0 {
				answer = ex.Solutions[0]
			}
			<-start
			r := b.postJSON("/api/exercises/"+ex.ID+"/attempts?lang="+string(i18n.All[i%2]), map[string]string{"answer": answer})
			if r.status != http.StatusOK {
				errs <- fmt.Errorf("learner %d: %d %s", i, r.status, r.body)
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ctx := context.Background()
	if n := countLearners(t, e.store); n != learners {
		t.Errorf("%d learners, want %d", n, learners)
	}
	n, err := e.store.CountAttempts(ctx)
	if err != nil || n != learners {
		t.Errorf("%d attempts stored (%v), want %d", n, err, learners)
	}
	dash, err := e.store.Dashboard(ctx, time.Now(), store.StuckRule{}, 0)
	if err != nil || len(dash.Exercises) != 1 || dash.Exercises[0].Passed != learners/2 || dash.Exercises[0].Attempts != learners {
		t.Errorf("exercise sums = %+v, %v", dash.Exercises, err)
	}
}

// BenchmarkAttemptAPI measures one attempt through the router: grading,
// the transaction, and the JSON answer with its HTML fragments.
func BenchmarkAttemptAPI(b *testing.B) {
	// The per-learner rate limit would measure the limiter, not the work.
	e := newTestEnv(b, Config{AttemptLimit: RateLimit{PerSecond: -1}})
	base := e.serve(b)
	ex := e.exerciseOfKind(b, exercise.KindFix)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		br := newBrowser(b, base)
		for pb.Next() {
			r := br.postJSON("/api/exercises/"+ex.ID+"/attempts", map[string]string{"answer": ex.Starter})
			if r.status != http.StatusOK {
				b.Errorf("attempt = %d", r.status)
				return
			}
		}
	})
}
