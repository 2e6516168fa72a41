package web

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
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
	learners := pagevm.GradebookPage(&vm, l, q, g.Book.Learners, c.Query("page"))
	g.Table(&vm, l, learners)
	s.render(c, http.StatusOK, view.Gradebook(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}
