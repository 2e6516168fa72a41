package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// dueLayout is how a due time is typed (an HTML datetime-local field) and
// dueShown how it is shown, both in the server's time zone.
const (
	dueLayout = "2006-01-02T15:04"
	dueShown  = "2006-01-02 15:04 MST"
)

// showDue is a due time as the pages show it.
func showDue(t time.Time) string { return t.In(time.Local).Format(dueShown) }

// A due time is at most dueBack before now and dueAhead after it: a
// course's term, give or take, never the year 0000 or 9999 that a slip of
// the keyboard (or a script) gives.
const (
	dueBack  = 366 * 24 * time.Hour
	dueAhead = 5 * 366 * 24 * time.Hour
)

// parseDue reads a due time typed in the form (the server's time zone) or
// given by a script (RFC 3339), within dueBack and dueAhead of now.
func parseDue(s string, now time.Time) (time.Time, bool) {
	t, ok := readDue(s)
	if !ok || t.Before(now.Add(-dueBack)) || t.After(now.Add(dueAhead)) {
		return time.Time{}, false
	}
	return t, true
}

func readDue(s string) (time.Time, bool) {
	for _, layout := range []string{dueLayout, "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, true
		}
	}
	t, err := time.Parse(time.RFC3339, s)
	return t, err == nil
}

// assignmentsShow is the instructor's assignments page; ?edit=ID fills the
// form with that assignment.
func (s *Server) assignmentsShow(c *gin.Context) error {
	course, err := s.assignmentRoom(c)
	if err != nil {
		return err
	}
	form, chosen := view.AssignmentForm{}, map[string]bool{}
	if id := c.Query("edit"); id != "" {
		a, err := s.store.AssignmentByID(c.Request.Context(), course, id)
		if err != nil {
			return assignmentMissing(err, id)
		}
		form = view.AssignmentForm{ID: a.ID, Title: a.Title, Due: a.Due.In(time.Local).Format(dueLayout)}
		for _, ex := range a.Exercises {
			chosen[ex] = true
		}
	}
	return s.renderAssignments(c, http.StatusOK, s.assignmentNotice(c), "", form, chosen)
}

// assignmentMissing turns the store's ErrNotFound into a 404 that names
// the assignment.
func assignmentMissing(err error, id string) error {
	if errors.Is(err, store.ErrNotFound) {
		return &httpError{status: http.StatusNotFound, msg: "no assignment " + strconv.Quote(id)}
	}
	return err
}

func (s *Server) assignmentNotice(c *gin.Context) string {
	a := i18n.AssignmentsFor(langOf(c))
	switch c.Query("done") {
	case "saved":
		return i18n.Sprintf(langOf(c), a.Saved, c.Query("id"))
	case "deleted":
		return i18n.Sprintf(langOf(c), a.Deleted, c.Query("id"))
	case "extension":
		return a.ExtensionSaved
	}
	return ""
}

// renderAssignments draws the room's page with problem (already in words)
// above the form, which shows form and chosen.
func (s *Server) renderAssignments(c *gin.Context, status int, notice, problem string, form view.AssignmentForm, chosen map[string]bool) error {
	l := langOf(c)
	ctx := c.Request.Context()
	course, err := s.assignmentRoom(c)
	if err != nil {
		return err
	}
	vm := view.AssignmentsVM{
		T: i18n.InstructorFor(l), U: i18n.UniversityFor(l), A: i18n.AssignmentsFor(l),
		BackURL: inRoom("/instructor", course, nil), Action: inRoom("/instructor/assignments", course, nil),
		ExtAction: inRoom("/instructor/assignments/extensions", course, nil),
		Notice:    notice, Error: problem, Form: form,
	}
	vm.DueHelp = i18n.Sprintf(l, vm.A.DueHelp, s.now().In(time.Local).Format("MST"))
	all, err := s.store.Assignments(ctx, course)
	if err != nil {
		return err
	}
	titles := map[string]string{}
	for _, a := range all {
		titles[a.ID] = a.Title
		vm.Rows = append(vm.Rows, assignmentRow(l, vm.A, a, course))
		vm.Choices = append(vm.Choices, view.FilterOption{Value: a.ID, Label: a.Title})
	}
	cat := s.content.Catalog()
	for _, lesson := range cat.Lessons(l) {
		al := view.AssignmentLesson{Title: lesson.Title}
		for _, ex := range cat.ExercisesFor(lesson.Slug) {
			al.Exercises = append(al.Exercises, view.FilterOption{Value: ex.ID, Label: ex.TextIn(l).Title, Selected: chosen[ex.ID]})
		}
		vm.Lessons = append(vm.Lessons, al)
	}
	if err := s.extensionRows(c, &vm, titles, course); err != nil {
		return err
	}
	s.render(c, status, view.Assignments(s.instructorFrame(c, l, vm.A.Title), vm))
	return nil
}

func assignmentRow(l i18n.Lang, t *i18n.AssignmentUI, a store.Assignment, course int64) view.AssignmentRow {
	q := func() url.Values { return url.Values{"assignment": {a.ID}} }
	return view.AssignmentRow{
		ID: a.ID, Title: a.Title, Due: showDue(a.Due),
		Count:        i18n.Sprintf(l, t.ExercisesCount, len(a.Exercises)),
		EditURL:      inRoom("/instructor/assignments", course, url.Values{"edit": {a.ID}}),
		DashboardURL: inRoom("/instructor", course, q()), GradebookURL: inRoom("/instructor/gradebook", course, q()),
		DeleteURL:   inRoom("/instructor/assignments/"+url.PathEscape(a.ID)+"/delete", course, nil),
		DeleteLabel: i18n.Sprintf(l, t.DeleteFor, a.Title),
	}
}

// extensionRows lists the room's learners for the extension form and the
// extensions given, in words.
func (s *Server) extensionRows(c *gin.Context, vm *view.AssignmentsVM, titles map[string]string, course int64) error {
	ctx := c.Request.Context()
	learners, err := s.roomLearners(c, course)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	for _, lr := range learners {
		names[lr.ID] = pagevm.LearnerLabel(vm.T, lr)
		vm.Learners = append(vm.Learners, view.FilterOption{Value: strconv.FormatInt(lr.ID, 10), Label: names[lr.ID]})
	}
	xs, err := s.store.Extensions(ctx, course)
	if err != nil {
		return err
	}
	for _, x := range xs {
		name, ok := names[x.LearnerID]
		if !ok {
			continue // a learner of an archived room
		}
		vm.Extensions = append(vm.Extensions, titles[x.Assignment]+" · "+i18n.Sprintf(langOf(c), vm.A.ExtensionFor, name, showDue(x.Due)))
	}
	return nil
}
