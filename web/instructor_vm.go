package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// dashboardCache shares one snapshot of the room between the dashboards
// and scripts that ask within ttl: an instructor with the dashboard open
// on a laptop and on the projector costs one query, not two.
type dashboardCache struct {
	ttl time.Duration
	mu  sync.Mutex // held during the query, so concurrent refreshes coalesce
	at  time.Time
	d   store.Dashboard
}

func newDashboardCache(ttl time.Duration) *dashboardCache { return &dashboardCache{ttl: ttl} }

func (dc *dashboardCache) get(ctx context.Context, st *store.Store, now time.Time, course int64) (store.Dashboard, error) {
	if course > 0 {
		// An LMS course's room: a smaller one, read each time.
		return st.DashboardIn(ctx, course, now, stuckRule, topProblems)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if !dc.at.IsZero() && now.Sub(dc.at) < dc.ttl {
		return dc.d, nil
	}
	// The snapshot is shared: finish it even if the browser that asked
	// has gone, since the next refresh (of any dashboard) will want it.
	d, err := st.Dashboard(context.WithoutCancel(ctx), now, stuckRule, topProblems)
	if err != nil {
		return store.Dashboard{}, err
	}
	dc.at, dc.d = now, d
	return d, nil
}

// invalidate makes the next read fresh, after a reset.
func (dc *dashboardCache) invalidate() {
	dc.mu.Lock()
	dc.at = time.Time{}
	dc.mu.Unlock()
}

// exerciseColumn is an exercise placed in the course: "3.2" is the second
// exercise of lesson 3.
type exerciseColumn struct {
	id, key, title, url string
}

// exerciseColumns lists the catalog's exercises in course order, then any
// exercise that has progress but is no longer in the content (an instructor
// renamed or removed it during the workshop): its data must stay visible.
func exerciseColumns(cat *course.Catalog, l i18n.Lang, extra []string) []exerciseColumn {
	var cols []exerciseColumn
	seen := map[string]bool{}
	for _, lesson := range cat.Lessons(l) {
		for i, ex := range cat.ExercisesFor(lesson.Slug) {
			cols = append(cols, exerciseColumn{
				id: ex.ID, key: fmt.Sprintf("%d.%d", lesson.Order, i+1),
				title: ex.TextIn(l).Title, url: pagevm.InstructorExerciseURL(l, ex.ID),
			})
			seen[ex.ID] = true
		}
	}
	for _, id := range extra {
		if !seen[id] {
			cols = append(cols, exerciseColumn{id: id, key: "?", title: id, url: pagevm.InstructorExerciseURL(l, id)})
			seen[id] = true
		}
	}
	return cols
}

// learnerNames gives each learner the name the dashboard shows: their
// display name, or "Learner n" in anonymous mode (n in joining order, so a
// projected screen never reveals who is who).
func learnerNames(d store.Dashboard, t *i18n.InstructorUI, anon bool) map[int64]string {
	names := make(map[int64]string, len(d.Learners))
	for i, l := range d.Learners {
		switch {
		case anon:
			names[l.ID] = fmt.Sprintf(t.AnonName, i+1)
		default:
			names[l.ID] = learnerLabel(t, l)
		}
	}
	return names
}

// learnerLabel names a learner on the instructor's pages: the display
// name, else "no name #id" so two anonymous learners stay apart.
func learnerLabel(t *i18n.InstructorUI, l store.Learner) string {
	if l.DisplayName != "" {
		return l.DisplayName
	}
	return t.NoName + " #" + strconv.FormatInt(l.ID, 10)
}

// dashboardLiveVM turns a snapshot into the refreshing part of the page;
// keep, when not nil, narrows it to an assignment's exercises.
func (s *Server) dashboardLiveVM(l i18n.Lang, d store.Dashboard, anon bool, keep map[string]bool) view.DashboardLiveVM {
	t := i18n.InstructorFor(l)
	var extra []string
	for _, ex := range d.Exercises {
		extra = append(extra, ex.ExerciseID)
	}
	cols := exerciseColumns(s.content.Catalog(), l, extra)
	if keep != nil {
		cols = slices.DeleteFunc(cols, func(c exerciseColumn) bool { return !keep[c.id] })
	}
	colIndex := make(map[string]int, len(cols))
	vm := view.DashboardLiveVM{
		T: t, Anon: anon, UpdatedAt: d.At.Format("15:04:05"),
		Summary:   i18n.Sprintf(t.LangOf(), t.Summary, len(d.Learners), d.Attempts),
		StuckHelp: fmt.Sprintf(t.StuckHelp, stuckRule.MinFailures, int(stuckRule.Window.Minutes())),
	}
	for i, c := range cols {
		colIndex[c.id] = i
		vm.Columns = append(vm.Columns, view.DashColumn{Key: c.key, Title: c.title, URL: c.url})
	}

	names := learnerNames(d, t, anon)
	rows := make(map[int64]*view.DashRow, len(d.Learners))
	order := make([]int64, 0, len(d.Learners))
	for _, lr := range d.Learners {
		// The zero DashCell is a cell nobody touched.
		r := &view.DashRow{ID: lr.ID, Name: names[lr.ID], Cells: make([]view.DashCell, len(cols))}
		if !anon {
			r.ResetURL = fmt.Sprintf("/instructor/learners/%d/reset", lr.ID)
			r.ResetLabel = fmt.Sprintf(t.ResetLearnerFor, r.Name)
			r.AttemptsURL = fmt.Sprintf("/instructor/learners/%d", lr.ID)
			r.AttemptsLabel = fmt.Sprintf(t.AttemptsOpen, r.Name)
		}
		rows[lr.ID] = r
		order = append(order, lr.ID)
	}
	cells := cellCache{t: t, labels: map[store.Cell]view.DashCell{}}
	for _, p := range d.Cells {
		r, ok := rows[p.LearnerID]
		i, known := colIndex[p.ExerciseID]
		if !ok || !known {
			continue
		}
		r.Cells[i] = cells.get(p)
		if p.Status == store.StatusPassed {
			r.Passed++
		}
	}
	markIdle(l, d, rows)
	if !anon {
		// Named rows are easier to find in alphabetical order; anonymous
		// ones keep joining order so "Learner 3" stays put.
		sort.SliceStable(order, func(i, j int) bool {
			return strings.ToLower(rows[order[i]].Name) < strings.ToLower(rows[order[j]].Name)
		})
	}
	for _, id := range order {
		vm.Rows = append(vm.Rows, *rows[id])
	}

	sums := make(map[string]store.ExerciseSummary, len(d.Exercises))
	for _, ex := range d.Exercises {
		sums[ex.ExerciseID] = ex
	}
	for _, c := range cols {
		vm.Exercises = append(vm.Exercises, s.dashExercise(l, t, c, sums[c.id]))
	}
	for _, st := range d.Stuck {
		i, ok := colIndex[st.ExerciseID]
		if !ok {
			continue
		}
		c := cols[i]
		row := view.DashStuck{
			Name: names[st.LearnerID], ExerciseKey: c.key, ExerciseTitle: c.title, URL: c.url,
			Detail: i18n.Sprintf(t.LangOf(), t.StuckRow, st.Failures, st.LastAt.Format("15:04")),
		}
		if !anon {
			row.LearnerURL = pagevm.LearnerAttemptsURL(st.LearnerID) + "#latest"
		}
		if st.Mistake != "" {
			ex, _ := s.content.Catalog().Exercise(st.ExerciseID)
			row.Mistake = s.codeTitles.MistakeInWords(l, ex, st.Mistake)
		}
		vm.Stuck = append(vm.Stuck, row)
	}
	return vm
}

// idleAfter is how long after joining a learner who has sent nothing is
// flagged on the dashboard: long enough to read a lesson's start.
const idleAfter = 10 * time.Minute

// markIdle flags the learners who joined idleAfter ago or more and have
// touched no exercise since: someone who may be lost before the first
// step, whom the stuck list (which needs failures) never shows.
func markIdle(l i18n.Lang, d store.Dashboard, rows map[int64]*view.DashRow) {
	touched := make(map[int64]bool, len(d.Learners))
	for _, c := range d.Cells {
		touched[c.LearnerID] = true
	}
	t := i18n.InsightFor(l)
	for _, lr := range d.Learners {
		if r, ok := rows[lr.ID]; ok && !touched[lr.ID] && d.At.Sub(lr.CreatedAt) >= idleAfter {
			r.Idle = fmt.Sprintf(t.Idle, lr.CreatedAt.In(time.Local).Format("15:04"))
		}
	}
}

// cellCache builds each distinct cell once: a room of 300 learners has
// thousands of cells but only a few dozen different ones ("failed, 2
// attempts, 1 hint"), and the refresh runs every few seconds.
type cellCache struct {
	t      *i18n.InstructorUI
	labels map[store.Cell]view.DashCell
}

func (cc *cellCache) get(p store.Cell) view.DashCell {
	key := store.Cell{Status: p.Status, Attempts: p.Attempts, Hints: p.Hints}
	if c, ok := cc.labels[key]; ok {
		return c
	}
	c := dashCell(cc.t, p)
	cc.labels[key] = c
	return c
}

func dashCell(t *i18n.InstructorUI, p store.Cell) view.DashCell {
	c := view.DashCell{Attempts: strconv.Itoa(p.Attempts)}
	words := []string{}
	switch p.Status {
	case store.StatusPassed:
		c.Class, c.Symbol, words = "cell cell-passed", "✓", append(words, t.StatusPassed)
	case store.StatusFailed:
		c.Class, c.Symbol, words = "cell cell-failed", "✗", append(words, t.StatusFailed)
	default:
		c.Class, c.Symbol, words = "cell cell-started", "○", append(words, t.StatusStarted)
	}
	if p.Attempts > 0 {
		words = append(words, fmt.Sprintf(t.CellAttempts, p.Attempts))
	} else {
		c.Attempts = ""
	}
	if p.Hints > 0 {
		c.Hints = "+" + strconv.Itoa(p.Hints)
		words = append(words, fmt.Sprintf(t.CellHints, p.Hints))
	}
	c.Label = strings.Join(words, ", ")
	return c
}

func (s *Server) dashExercise(l i18n.Lang, t *i18n.InstructorUI, c exerciseColumn, sum store.ExerciseSummary) view.DashExercise {
	ex := view.DashExercise{
		Key: c.key, Title: c.title, URL: c.url,
		Tried: sum.Attempted, Passed: sum.Passed, Hints: sum.Hints,
		PassRate: t.NoProblems, Median: t.NoProblems,
	}
	if sum.Attempted > 0 {
		ex.PassRate = fmt.Sprintf(t.Percent, (sum.Passed*100+sum.Attempted/2)/sum.Attempted)
		ex.Median = formatDecimal(l, sum.MedianAttempts)
	}
	def, _ := s.content.Catalog().Exercise(c.id)
	for _, p := range sum.Problems {
		ex.Problems = append(ex.Problems, view.DashProblem{
			Code: p.Code, Title: s.codeTitles.MistakeInWords(l, def, p.Code), RuleURL: s.codeTitles.RuleURL(l, p.Code),
			People: i18n.Sprintf(t.LangOf(), t.ProblemPeople, p.Learners),
		})
	}
	return ex
}

// formatDecimal writes 2.5 as "2.5" in English and "2,5" in French.
func formatDecimal(l i18n.Lang, v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if l == i18n.FR {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// What the instructor's handlers share: the page frame, the login form,
// the resets' confirmations and the exports' names and headers.

func (s *Server) renderLogin(c *gin.Context, status int, next, msg string) {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	f := s.instructorFrame(c, l, t.LoginTitle)
	action := "/instructor/login?next=" + url.QueryEscape(next)
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.InstructorLogin(f, view.InstructorLoginVM{T: t, Action: action, Error: msg}, s.assets.URL("js/instructor.js")))
}

// instructorFrame is the page frame of the instructor's pages: they have no
// /{lang}/ prefix, so the language switch adds ?lang= instead.
func (s *Server) instructorFrame(c *gin.Context, l i18n.Lang, title string) view.Frame {
	f := s.frame(c, l, title, "")
	q := c.Request.URL.Query()
	q.Set("lang", string(l.Other()))
	f.AltURL = c.Request.URL.Path + "?" + q.Encode()
	f.BodyClass = "instructor"
	return f
}

// anonMode reports whether names are hidden (?anon=1), for a dashboard
// projected on a screen.
func anonMode(c *gin.Context) bool { return c.Query("anon") == "1" }

// Resets erase data, so each one is two steps: a GET shows what will be
// erased with a checkbox to tick, and only a POST with confirm=yes erases.

// learnerParam finds the learner named in the URL.
func (s *Server) learnerParam(c *gin.Context, t *i18n.InstructorUI) (store.Learner, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	l, err := s.store.LearnerByID(c.Request.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	return l, err
}

func (s *Server) learnerResetVM(c *gin.Context, t *i18n.InstructorUI, l store.Learner) view.ConfirmVM {
	return view.ConfirmVM{
		T: t, Title: fmt.Sprintf(t.ResetLearnerTitle, learnerLabel(t, l)), Body: t.ResetLearnerBody,
		Action: c.Request.URL.Path, Back: "/instructor",
	}
}

func (s *Server) workshopResetVM(c *gin.Context, t *i18n.InstructorUI) (view.ConfirmVM, error) {
	learners, err := s.store.Learners(c.Request.Context())
	if err != nil {
		return view.ConfirmVM{}, err
	}
	attempts, err := s.store.CountAttemptsIn(c.Request.Context(), 0)
	if err != nil {
		return view.ConfirmVM{}, err
	}
	return view.ConfirmVM{
		T: t, Title: t.ResetWorkshopTitle, Body: i18n.Sprintf(t.LangOf(), t.ResetWorkshopBody, len(learners), attempts),
		Action: "/instructor/reset", Back: "/instructor",
	}, nil
}

// displayNames maps every learner's id to their display name ("" when
// they have none), for the exports' rows.
func (s *Server) displayNames(ctx context.Context, archive int64) (map[int64]string, error) {
	learners, err := s.store.LearnersIn(ctx, archive)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(learners))
	for _, l := range learners {
		names[l.ID] = l.DisplayName
	}
	return names, nil
}

func (s *Server) attachment(c *gin.Context, name, contentType string) {
	c.Header("Content-Type", contentType)
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s"`, s.now().Format("20060102-1504"), name))
}
