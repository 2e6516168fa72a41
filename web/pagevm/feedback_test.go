package pagevm

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
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
	fb := Feedback(ex, res, answer)
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
	if got := FirstProblem(res); got != "err.blocking" {
		t.Errorf("firstProblem = %q", got)
	}
	res.Passed = true
	pass := Feedback(ex, exercise.Result{Passed: true, Report: res.Report}, answer)
	if pass.First != nil || len(pass.Notes) != 2 { // the info and the warning
		t.Errorf("a pass shows First=%v and %d notes", pass.First, len(pass.Notes))
	}
	if got := FirstProblem(res); got != "" {
		t.Errorf("firstProblem of a pass = %q", got)
	}
}
