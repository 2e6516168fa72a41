package web

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The seed's tool/args mistake: the first wrong answer does not say "Did
// you mean `name`", and a rule page reached from the feedback keeps back
// the right example that shows `name`, until the learner opens the hint
// that covers it (the last); the same page reached from the rules list
// shows it.
func TestSuggestionWaitsForTheHint(t *testing.T) {
	t.Parallel()
	const id = "tools-fix-call-params"
	e := newTestEnv(t, Config{})
	ex, ok := e.catalog.Exercise(id)
	if !ok {
		t.Fatalf("no exercise %s", id)
	}
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			b := newBrowser(t, e.serve(t))
			r := b.attempt(id, ex.Starter)
			if r.Passed {
				t.Fatal("the starter passed")
			}
			for _, d := range r.Report.Diagnostics {
				if d.Suggestion == "name" || strings.Contains(d.Message, "`name` where") || strings.Contains(d.Message, "`name` à la place") {
					t.Errorf("the first wrong answer spells `name`: %s", d.Message)
				}
			}
			if !strings.Contains(r.FeedbackHTML, "/rules/mcp.field.missing?from="+id) {
				t.Errorf("the feedback's rule link does not say where it comes from:\n%s", r.FeedbackHTML)
			}
			rule := "/" + string(l) + "/rules/mcp.params.missing"
			held := func(page string) bool {
				t.Helper()
				rep := b.get(page)
				if rep.status != 200 {
					t.Fatalf("GET %s = %d", page, rep.status)
				}
				return strings.Contains(rep.body, "data-rule-held")
			}
			if !held(rule + "?from=" + id) {
				t.Errorf("the rule page reached from the exercise shows the right example with `name`")
			}
			if held(rule) {
				t.Errorf("the rule page reached from the list holds its example back")
			}
			for n := 1; n <= len(ex.TextIn(l).Hints); n++ {
				if rep := b.postJSON("/api/exercises/"+id+"/hints?lang="+string(l), map[string]int{"hint": n}); rep.status != 200 {
					t.Fatalf("open hint %d = %d %s", n, rep.status, rep.body)
				}
			}
			if held(rule + "?from=" + id) {
				t.Errorf("the right example is still held once every hint is open")
			}
			r = b.attempt(id, ex.Starter)
			spelled := false
			for _, d := range r.Report.Diagnostics {
				spelled = spelled || d.Suggestion == "name"
			}
			if !spelled {
				t.Errorf("once the last hint is open, the feedback still hides `name`: %+v", r.Report.Diagnostics)
			}
		})
	}
}
