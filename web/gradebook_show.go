package web

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// gradebookShow is the gradebook page: the CSV's grades as a table, with
// the lesson and assignment filters.
func (s *Server) gradebookShow(c *gin.Context) error {
	l := langOf(c)
	t, u := i18n.InstructorFor(l), i18n.UniversityFor(l)
	g, err := s.gradebookFor(c)
	if err != nil {
		return err
	}
	q := url.Values{}
	for k, v := range map[string]string{"lesson": g.Filter.Lesson, "assignment": g.Filter.Assignment} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if g.Filter.Archive != 0 {
		q.Set("archive", strconv.FormatInt(g.Filter.Archive, 10))
	}
	vm := view.GradebookVM{
		T: t, U: u, L: i18n.LTIFor(l), Title: u.GradebookTitle, Action: "/instructor/gradebook",
		CSVURL: "/instructor/gradebook.csv", BackURL: "/instructor",
	}
	if g.Filter.Course != 0 {
		vm.Course = strconv.FormatInt(g.Filter.Course, 10)
		q.Set("course", vm.Course)
	}
	if err := s.courseChoices(c, &vm); err != nil {
		return err
	}
	if len(q) > 0 {
		vm.CSVURL += "?" + q.Encode()
	}
	for _, lesson := range s.content.Catalog().Lessons(l) {
		vm.Lessons = append(vm.Lessons, view.FilterOption{Value: lesson.Slug, Label: lesson.Title, Selected: lesson.Slug == g.Filter.Lesson})
	}
	assignments, err := s.store.Assignments(c.Request.Context(), g.Filter.Course)
	if err != nil {
		return err
	}
	for _, a := range assignments {
		vm.Assignments = append(vm.Assignments, view.FilterOption{Value: a.ID, Label: a.Title, Selected: a.ID == g.Filter.Assignment})
	}
	for _, ex := range g.Exercises {
		vm.Columns = append(vm.Columns, view.GradeColumn{ID: ex.ID, Title: ex.TextIn(l).Title, URL: pagevm.InstructorExerciseURL(l, ex.ID)})
	}
	learners := gradebookPage(&vm, l, u, q, g.Book.Learners, c.Query("page"))
	for _, learner := range learners {
		row := view.GradeRow{Learner: learner.Key(), Name: pagevm.LearnerLabel(t, learner), URL: pagevm.LearnerAttemptsURL(learner.ID)}
		for _, ex := range g.Exercises {
			gr := g.Book.Grades[learner.ID][ex.ID]
			cell := view.GradeCell{Value: "0", Label: u.CellNotPassed}
			switch {
			case g.counts(learner.ID, ex.ID):
				cell = view.GradeCell{Value: "1", Label: u.CellPassed}
			case gr.Passed:
				cell = view.GradeCell{Value: "0", Late: true, Label: u.CellLate}
			}
			row.Cells = append(row.Cells, cell)
		}
		row.Passed, row.Percent = g.total(learner.ID)
		vm.Rows = append(vm.Rows, row)
	}
	s.render(c, http.StatusOK, view.Gradebook(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

// gradebookPageSize is how many learners a page of the gradebook shows: a
// room of 5,000 made a page of 12.6 MB. The CSV has every learner.
const gradebookPageSize = 100

// gradebookPage picks the learners of the page asked for (1 when the
// number is missing or out of range) and says which they are on vm, with
// links to the pages around it keeping the filter q.
func gradebookPage(vm *view.GradebookVM, l i18n.Lang, u *i18n.UniversityUI, q url.Values, all []store.Learner, asked string) []store.Learner {
	pages := (len(all) + gradebookPageSize - 1) / gradebookPageSize
	if pages <= 1 {
		return all
	}
	page, err := strconv.Atoi(asked)
	if err != nil || page < 1 || page > pages {
		page = 1
	}
	from, to := (page-1)*gradebookPageSize, min(page*gradebookPageSize, len(all))
	vm.Page = i18n.Sprintf(l, u.GradebookPage, from+1, to, len(all))
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
