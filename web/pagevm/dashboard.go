package pagevm

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// This file turns the instructor's snapshot of the room (store.Dashboard)
// into the dashboard's view models.

// Column is an exercise placed in the course: "3.2" is the second
// exercise of lesson 3.
type Column struct {
	ID, Key, Title, URL string
}

// exerciseColumns lists the catalog's exercises in course order, then any
// exercise that has progress but is no longer in the content (an instructor
// renamed or removed it during the workshop): its data must stay visible.
func exerciseColumns(cat *course.Catalog, l i18n.Lang, extra []string) []Column {
	var cols []Column
	seen := map[string]bool{}
	for _, lesson := range cat.Lessons(l) {
		for i, ex := range cat.ExercisesFor(lesson.Slug) {
			cols = append(cols, Column{
				ID: ex.ID, Key: fmt.Sprintf("%d.%d", lesson.Order, i+1),
				Title: ex.TextIn(l).Title, URL: instructorExerciseURL(l, ex.ID),
			})
			seen[ex.ID] = true
		}
	}
	for _, id := range extra {
		if !seen[id] {
			cols = append(cols, Column{ID: id, Key: "?", Title: id, URL: instructorExerciseURL(l, id)})
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
			names[l.ID] = LearnerLabel(t, l)
		}
	}
	return names
}

// LearnerLabel names a learner on the instructor's pages: the display
// name, else "no name #id" so two anonymous learners stay apart.
func LearnerLabel(t *i18n.InstructorUI, l store.Learner) string {
	if l.DisplayName != "" {
		return l.DisplayName
	}
	return t.NoName + " #" + strconv.FormatInt(l.ID, 10)
}

// DashboardIn is what the refreshing part of the dashboard is built from.
type DashboardIn struct {
	Codes   Codes           // the checker's codes, to say a problem in words
	Catalog *course.Catalog // the exercises, in course order
	Lang    i18n.Lang
	Room    store.Dashboard // the snapshot of the room
	Stuck   store.StuckRule // what the snapshot calls stuck
	Anon    bool            // names hidden (a projected screen)
	Keep    map[string]bool // when not nil, the assignment's exercises: the others are left out
}

// DashboardLive turns a snapshot into the refreshing part of the page.
func DashboardLive(in DashboardIn) view.DashboardLiveVM {
	l, d, anon := in.Lang, in.Room, in.Anon
	t := i18n.InstructorFor(l)
	var extra []string
	for _, ex := range d.Exercises {
		extra = append(extra, ex.ExerciseID)
	}
	cols := exerciseColumns(in.Catalog, l, extra)
	if in.Keep != nil {
		cols = slices.DeleteFunc(cols, func(c Column) bool { return !in.Keep[c.ID] })
	}
	vm := view.DashboardLiveVM{
		T: t, Anon: anon, UpdatedAt: d.At.Format("15:04:05"),
		Summary:   i18n.Sprintf(t.LangOf(), t.Summary, len(d.Learners), d.Attempts),
		StuckHelp: fmt.Sprintf(t.StuckHelp, in.Stuck.MinFailures, int(in.Stuck.Window.Minutes())),
	}
	colIndex := make(map[string]int, len(cols))
	for i, c := range cols {
		colIndex[c.ID] = i
		vm.Columns = append(vm.Columns, view.DashColumn{Key: c.Key, Title: c.Title, URL: c.URL})
	}
	names := learnerNames(d, t, anon)
	vm.Rows = dashRows(l, t, d, anon, names, colIndex)
	sums := make(map[string]store.ExerciseSummary, len(d.Exercises))
	for _, ex := range d.Exercises {
		sums[ex.ExerciseID] = ex
	}
	for _, c := range cols {
		vm.Exercises = append(vm.Exercises, in.Codes.DashExercise(in.Catalog, l, c, sums[c.ID]))
	}
	for _, st := range d.Stuck {
		if i, ok := colIndex[st.ExerciseID]; ok {
			vm.Stuck = append(vm.Stuck, in.dashStuck(t, st, names[st.LearnerID], cols[i]))
		}
	}
	return vm
}

// dashRows are the learners' rows of the matrix, a cell per column.
func dashRows(l i18n.Lang, t *i18n.InstructorUI, d store.Dashboard, anon bool, names map[int64]string, colIndex map[string]int) []view.DashRow {
	rows := make(map[int64]*view.DashRow, len(d.Learners))
	order := make([]int64, 0, len(d.Learners))
	for _, lr := range d.Learners {
		// The zero DashCell is a cell nobody touched.
		r := &view.DashRow{ID: lr.ID, Name: names[lr.ID], Cells: make([]view.DashCell, len(colIndex))}
		if !anon {
			r.ResetURL = fmt.Sprintf("/instructor/learners/%d/reset", lr.ID)
			r.ResetLabel = fmt.Sprintf(t.ResetLearnerFor, r.Name)
			r.AttemptsURL = LearnerAttemptsURL(lr.ID)
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
	out := make([]view.DashRow, 0, len(order))
	for _, id := range order {
		out = append(out, *rows[id])
	}
	return out
}

// dashStuck is a stuck learner's card, on exercise c.
func (in DashboardIn) dashStuck(t *i18n.InstructorUI, st store.Stuck, name string, c Column) view.DashStuck {
	row := view.DashStuck{
		Name: name, ExerciseKey: c.Key, ExerciseTitle: c.Title, URL: c.URL,
		Detail: i18n.Sprintf(t.LangOf(), t.StuckRow, st.Failures, st.LastAt.Format("15:04")),
	}
	if !in.Anon {
		row.LearnerURL = LearnerAttemptsURL(st.LearnerID) + "#latest"
	}
	if st.Mistake != "" {
		ex, _ := in.Catalog.Exercise(st.ExerciseID)
		row.Mistake = in.Codes.MistakeInWords(in.Lang, ex, st.Mistake)
	}
	return row
}

// IdleAfter is how long after joining a learner who has sent nothing is
// flagged on the dashboard: long enough to read a lesson's start.
const IdleAfter = 10 * time.Minute

// markIdle flags the learners who joined IdleAfter ago or more and have
// touched no exercise since: someone who may be lost before the first
// step, whom the stuck list (which needs failures) never shows.
func markIdle(l i18n.Lang, d store.Dashboard, rows map[int64]*view.DashRow) {
	touched := make(map[int64]bool, len(d.Learners))
	for _, c := range d.Cells {
		touched[c.LearnerID] = true
	}
	t := i18n.InsightFor(l)
	for _, lr := range d.Learners {
		if r, ok := rows[lr.ID]; ok && !touched[lr.ID] && d.At.Sub(lr.CreatedAt) >= IdleAfter {
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

// DashExercise is an exercise's column summed up: how many tried and
// passed, and its frequent problems in words, linked to their rules.
func (codes Codes) DashExercise(cat *course.Catalog, l i18n.Lang, c Column, sum store.ExerciseSummary) view.DashExercise {
	t := i18n.InstructorFor(l)
	ex := view.DashExercise{
		Key: c.Key, Title: c.Title, URL: c.URL,
		Tried: sum.Attempted, Passed: sum.Passed, Hints: sum.Hints,
		PassRate: t.NoProblems, Median: t.NoProblems,
	}
	if sum.Attempted > 0 {
		ex.PassRate = fmt.Sprintf(t.Percent, (sum.Passed*100+sum.Attempted/2)/sum.Attempted)
		ex.Median = formatDecimal(l, sum.MedianAttempts)
	}
	def, _ := cat.Exercise(c.ID)
	for _, p := range sum.Problems {
		ex.Problems = append(ex.Problems, view.DashProblem{
			Code: p.Code, Title: codes.MistakeInWords(l, def, p.Code), RuleURL: codes.RuleURL(l, p.Code),
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
