package pagevm

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// A late pass counts for the room, not for an assignment, where its cell
// says it was late; the total is a percentage with one decimal.
func TestGradesTable(t *testing.T) {
	book := store.Gradebook{
		Learners: []store.Learner{{ID: 1, DisplayName: "Ada"}},
		Grades: map[int64]map[string]store.Grade{1: {
			"a": {Passed: true, OnTime: true},
			"b": {Passed: true},
		}},
	}
	exs := []*exercise.Exercise{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	u := i18n.UniversityFor(i18n.EN)
	tests := []struct {
		onTime  bool
		cells   []view.GradeCell
		passed  int
		percent string
	}{
		{false, []view.GradeCell{{Value: "1", Label: u.CellPassed}, {Value: "1", Label: u.CellPassed}, {Value: "0", Label: u.CellNotPassed}}, 2, "66.7"},
		{true, []view.GradeCell{{Value: "1", Label: u.CellPassed}, {Value: "0", Late: true, Label: u.CellLate}, {Value: "0", Label: u.CellNotPassed}}, 1, "33.3"},
	}
	for _, tt := range tests {
		var vm view.GradebookVM
		g := Grades{Exercises: exs, Book: book, OnTime: tt.onTime}
		g.Table(&vm, i18n.EN, book.Learners)
		row := vm.Rows[0]
		if diff := cmp.Diff(tt.cells, row.Cells); diff != "" {
			t.Errorf("on time %v: cells (-want +got):\n%s", tt.onTime, diff)
		}
		if row.Passed != tt.passed || row.Percent != tt.percent || len(vm.Columns) != 3 || row.URL != "/instructor/learners/1" {
			t.Errorf("on time %v: %d passed, %s%%, %d columns, %s", tt.onTime, row.Passed, row.Percent, len(vm.Columns), row.URL)
		}
	}
	if n, pct := (Grades{Book: book}).Total(1); n != 0 || pct != "0.0" {
		t.Errorf("no columns: %d, %s", n, pct)
	}
}
