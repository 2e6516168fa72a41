package pagevm

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// The dashboard's matrix from a snapshot: named rows in alphabetical
// order with their links, anonymous ones in joining order without, one
// cell per exercise, a learner idle since joining flagged, and an
// assignment's filter keeping only its exercises.
func TestDashboardLive(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	room := store.Dashboard{
		At: at, Attempts: 3,
		Learners: []store.Learner{
			{ID: 1, DisplayName: "zoé", CreatedAt: at.Add(-time.Hour)},
			{ID: 2, DisplayName: "Ada", CreatedAt: at.Add(-time.Hour)},
			{ID: 3, CreatedAt: at.Add(-IdleAfter)},
		},
		Cells: []store.Cell{
			{LearnerID: 1, ExerciseID: "a", Status: store.StatusPassed, Attempts: 1},
			{LearnerID: 2, ExerciseID: "b", Status: store.StatusFailed, Attempts: 2, Hints: 1},
		},
		Exercises: []store.ExerciseSummary{
			{ExerciseID: "a", Attempted: 1, Passed: 1, Attempts: 1, MedianAttempts: 1},
			{ExerciseID: "b", Attempted: 1, Attempts: 2, MedianAttempts: 2.5, Problems: []store.ProblemCount{{Code: "jsonrpc.id.missing", Learners: 1, Attempts: 2}}},
		},
	}
	tr := i18n.InstructorFor(i18n.EN)
	passed := view.DashCell{Class: "cell cell-passed", Symbol: "✓", Attempts: "1", Label: "passed, attempts: 1"}
	failed := view.DashCell{Class: "cell cell-failed", Symbol: "✗", Attempts: "2", Hints: "+1", Label: "not passed yet, attempts: 2, hints: 1"}
	type row struct {
		Name     string
		Cells    []view.DashCell
		Passed   int
		Attempts string
		Idle     bool
	}
	tests := []struct {
		name string
		anon bool
		keep map[string]bool
		cols []string
		rows []row
	}{
		{"named", false, nil, []string{"a", "b"}, []row{
			{Name: tr.NoName + " #3", Cells: []view.DashCell{{}, {}}, Attempts: "/instructor/learners/3", Idle: true},
			{Name: "Ada", Cells: []view.DashCell{{}, failed}, Attempts: "/instructor/learners/2"},
			{Name: "zoé", Cells: []view.DashCell{passed, {}}, Passed: 1, Attempts: "/instructor/learners/1"},
		}},
		{"anonymous", true, nil, []string{"a", "b"}, []row{
			{Name: "Learner 1", Cells: []view.DashCell{passed, {}}, Passed: 1},
			{Name: "Learner 2", Cells: []view.DashCell{{}, failed}},
			{Name: "Learner 3", Cells: []view.DashCell{{}, {}}, Idle: true},
		}},
		{"an assignment", false, map[string]bool{"b": true}, []string{"b"}, []row{
			{Name: tr.NoName + " #3", Cells: []view.DashCell{{}}, Attempts: "/instructor/learners/3", Idle: true},
			{Name: "Ada", Cells: []view.DashCell{failed}, Attempts: "/instructor/learners/2"},
			{Name: "zoé", Cells: []view.DashCell{{}}, Attempts: "/instructor/learners/1"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm := DashboardLive(DashboardIn{
				Codes: CodesOf(grader.Codes()), Catalog: &course.Catalog{}, Lang: i18n.EN, Room: room,
				Stuck: store.StuckRule{Window: 10 * time.Minute, MinFailures: 3}, Anon: tt.anon, Keep: tt.keep,
			})
			var cols []string
			for _, c := range vm.Columns {
				cols = append(cols, c.Title)
			}
			var rows []row
			for _, r := range vm.Rows {
				rows = append(rows, row{Name: r.Name, Cells: r.Cells, Passed: r.Passed, Attempts: r.AttemptsURL, Idle: r.Idle != ""})
			}
			if diff := cmp.Diff(tt.cols, cols); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.rows, rows); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

// An exercise's summary: the pass rate rounded, the median in the
// language's decimals, a problem by its rule's title with its link.
func TestDashExercise(t *testing.T) {
	sum := store.ExerciseSummary{ExerciseID: "b", Attempted: 3, Passed: 2, MedianAttempts: 2.5,
		Problems: []store.ProblemCount{{Code: "jsonrpc.id.missing", Learners: 2}}}
	codes := CodesOf(grader.Codes())
	for _, tc := range []struct {
		l              i18n.Lang
		rate, median   string
		title, ruleURL string
	}{
		{i18n.EN, "67%", "2.5", codes["jsonrpc.id.missing"][i18n.EN], "/en/rules/jsonrpc.id.missing"},
		{i18n.FR, "67\u00a0%", "2,5", codes["jsonrpc.id.missing"][i18n.FR], "/fr/rules/jsonrpc.id.missing"},
	} {
		ex := codes.DashExercise(&course.Catalog{}, tc.l, Column{ID: "b", Key: "?", Title: "b"}, sum)
		got := []string{ex.PassRate, ex.Median, string(ex.Problems[0].Title), ex.Problems[0].RuleURL}
		if diff := cmp.Diff([]string{tc.rate, tc.median, string(exercise.InlineHTML(tc.title)), tc.ruleURL}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.l, diff)
		}
	}
}
