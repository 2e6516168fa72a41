package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// dashboardShow is the instructor's dashboard page.
func (s *Server) dashboardShow(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	anon := anonMode(c)
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	only, err := s.dashboardAssignment(c)
	if err != nil {
		return err
	}
	vm := view.DashboardVM{
		T: t, Anon: anon, JoinCode: s.cfg.JoinCode,
		LiveURL:   "/instructor/live?lang=" + string(l),
		NamesURL:  "/instructor?anon=1",
		ExportCSV: "/instructor/export.csv", ExportJSONL: "/instructor/attempts.jsonl",
		GradebookURL: "/instructor/gradebook", GradebookLabel: i18n.UniversityFor(l).GradebookLink,
		LTIURL: "/instructor/lti", LTILabel: i18n.LTIFor(l).PlatformsTitle,
		U: i18n.UniversityFor(l), RosterURL: "/instructor/roster",
		ResetWorkshopURL: "/instructor/reset", SignOutURL: "/instructor/logout",
		NamesLabel: t.HideNames,
		Live:       s.dashboardLiveVM(l, d, anon, only.keep),
		A:          i18n.AssignmentsFor(l), AssignmentsURL: inRoom("/instructor/assignments", dashboardCourse(c), nil),
		Assignments: only.options,
	}
	if anon {
		vm.LiveURL += "&anon=1"
		vm.NamesURL, vm.NamesLabel = "/instructor", t.ShowNames
	}
	if only.id != "" {
		// The matrix, the gradebook and the exports all narrow to it.
		q := "assignment=" + url.QueryEscape(only.id)
		vm.LiveURL += "&" + q
		vm.GradebookURL += "?" + q
		vm.ExportCSV += "?" + q
		vm.ExportJSONL += "?" + q
	}
	dashboardForCourse(c, &vm)
	vm.Notice = s.resetNotice(c, t)
	if vm.Changed, err = s.changedExercises(c, l); err != nil {
		return err
	}
	if vm.Archives, err = s.archiveRows(c, l); err != nil {
		return err
	}
	s.render(c, http.StatusOK, view.Dashboard(s.instructorFrame(c, l, t.Title), vm, s.assets.URL("js/instructor.js")))
	return nil
}

// resetNotice says what the last reset did (the reset redirects here with
// ?done=).
func (s *Server) resetNotice(c *gin.Context, t *i18n.InstructorUI) string {
	switch c.Query("done") {
	case "workshop":
		n, _ := strconv.Atoi(c.Query("n"))
		return i18n.Sprintf(t.LangOf(), t.ResetWorkshopDone, n)
	case "learner":
		id, _ := strconv.ParseInt(c.Query("id"), 10, 64)
		if l, err := s.store.LearnerByID(c.Request.Context(), id); err == nil {
			name := l.DisplayName
			if name == "" {
				name = t.NoName
			}
			return fmt.Sprintf(t.ResetLearnerDone, name)
		}
	}
	return ""
}

// changedExercises says which exercises changed (their checks, starter or
// solutions) after attempts were graded against an earlier version.
// Attempts stored before versions were kept are left out.
func (s *Server) changedExercises(c *gin.Context, l i18n.Lang) ([]string, error) {
	counts, err := s.store.AttemptVersions(c.Request.Context())
	if err != nil {
		return nil, err
	}
	cat := s.content.Catalog()
	stale := map[string]int{}
	for _, v := range counts {
		if ex, ok := cat.Exercise(v.ExerciseID); ok && v.Version != "" && v.Version != ex.Version() {
			stale[v.ExerciseID] += v.Attempts
		}
	}
	var out []string
	for _, ex := range cat.Exercises() {
		if n := stale[ex.ID]; n > 0 {
			out = append(out, i18n.Sprintf(l, i18n.UniversityFor(l).ExerciseChanged, ex.ID, n))
		}
	}
	return out, nil
}

// dashboardForCourse points the dashboard's live view and gradebook link
// at an LMS course's room; its instructor gets no platforms link.
func dashboardForCourse(c *gin.Context, vm *view.DashboardVM) {
	course := dashboardCourse(c)
	if course == 0 {
		return
	}
	q := "course=" + strconv.FormatInt(course, 10)
	vm.LiveURL += "&" + q
	if strings.Contains(vm.GradebookURL, "?") {
		vm.GradebookURL += "&" + q
	} else {
		vm.GradebookURL += "?" + q
	}
	if _, held := courseOf(c); held {
		vm.LTIURL = ""
	}
}
