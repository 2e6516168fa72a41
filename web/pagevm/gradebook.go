package pagevm

import (
	"net/url"
	"strconv"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// Grades are a room's grades with the exercises they are counted on.
type Grades struct {
	Exercises []*exercise.Exercise // the columns, in course order
	Book      store.Gradebook
	OnTime    bool // an assignment's grades: a pass counts when on time
}

// Counts is whether a learner's grade on an exercise counts as passed: on
// time for an assignment, at all otherwise.
func (g Grades) Counts(learner int64, ex string) bool {
	gr := g.Book.Grades[learner][ex]
	if g.OnTime {
		return gr.OnTime
	}
	return gr.Passed
}

// Total is how many of the columns a learner passed, and the percentage
// with one decimal ("66.7"; "0.0" when there are no columns).
func (g Grades) Total(learner int64) (int, string) {
	n := 0
	for _, ex := range g.Exercises {
		if g.Counts(learner, ex.ID) {
			n++
		}
	}
	pct := 0.0
	if len(g.Exercises) > 0 {
		pct = float64(n) * 100 / float64(len(g.Exercises))
	}
	return n, strconv.FormatFloat(pct, 'f', 1, 64)
}

// Table fills the gradebook's columns and the rows of learners (a page
// of the room's).
func (g Grades) Table(vm *view.GradebookVM, l i18n.Lang, learners []store.Learner) {
	t, u := i18n.InstructorFor(l), i18n.UniversityFor(l)
	for _, ex := range g.Exercises {
		vm.Columns = append(vm.Columns, view.GradeColumn{ID: ex.ID, Title: ex.TextIn(l).Title, URL: instructorExerciseURL(l, ex.ID)})
	}
	for _, learner := range learners {
		row := view.GradeRow{Learner: learner.Key(), Name: LearnerLabel(t, learner), URL: LearnerAttemptsURL(learner.ID)}
		for _, ex := range g.Exercises {
			gr := g.Book.Grades[learner.ID][ex.ID]
			cell := view.GradeCell{Value: "0", Label: u.CellNotPassed}
			switch {
			case g.Counts(learner.ID, ex.ID):
				cell = view.GradeCell{Value: "1", Label: u.CellPassed}
			case gr.Passed:
				cell = view.GradeCell{Value: "0", Late: true, Label: u.CellLate}
			}
			row.Cells = append(row.Cells, cell)
		}
		row.Passed, row.Percent = g.Total(learner.ID)
		vm.Rows = append(vm.Rows, row)
	}
}

// GradebookPageSize is how many learners a page of the gradebook shows: a
// room of 5,000 made a page of 12.6 MB. The CSV has every learner.
const GradebookPageSize = 100

// GradebookPage picks the learners of the page asked for (1 when the
// number is missing or out of range) and says which they are on vm, with
// links to the pages around it keeping the filter q.
func GradebookPage(vm *view.GradebookVM, l i18n.Lang, q url.Values, all []store.Learner, asked string) []store.Learner {
	pages := (len(all) + GradebookPageSize - 1) / GradebookPageSize
	if pages <= 1 {
		return all
	}
	page, err := strconv.Atoi(asked)
	if err != nil || page < 1 || page > pages {
		page = 1
	}
	from, to := (page-1)*GradebookPageSize, min(page*GradebookPageSize, len(all))
	vm.Page = i18n.Sprintf(l, i18n.UniversityFor(l).GradebookPage, from+1, to, len(all))
	link := func(p int) string {
		pq := url.Values{}
		for k, v := range q {
			pq[k] = v
		}
		pq.Set("page", strconv.Itoa(p))
		return vm.Action + "?" + pq.Encode()
	}
	if page > 1 {
		vm.PrevURL = link(page - 1)
	}
	if page < pages {
		vm.NextURL = link(page + 1)
	}
	return all[from:to]
}
