package pagevm

import (
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// The dashboard's JSON, for an instructor's scripts (GET
// /instructor/dashboard.json).
type (
	DashJSON struct {
		At        time.Time          `json:"at"`
		Attempts  int                `json:"attempts"`
		Learners  []DashLearnerJSON  `json:"learners"`
		Exercises []DashExerciseJSON `json:"exercises"`
		Stuck     []DashStuckJSON    `json:"stuck"`
	}
	DashLearnerJSON struct {
		ID        int64                   `json:"id"`
		Name      string                  `json:"name"`
		Passed    int                     `json:"passed"`
		Exercises map[string]DashCellJSON `json:"exercises"`
	}
	DashCellJSON struct {
		Status   string `json:"status"`
		Attempts int    `json:"attempts"`
		Hints    int    `json:"hints"`
	}
	DashExerciseJSON struct {
		ID             string            `json:"id"`
		Key            string            `json:"key"`
		Title          string            `json:"title"`
		Tried          int               `json:"tried"`
		Passed         int               `json:"passed"`
		PassRate       *float64          `json:"pass_rate"` // null before anyone tried
		MedianAttempts float64           `json:"median_attempts"`
		Hints          int               `json:"hints"`
		Problems       []DashProblemJSON `json:"problems"`
	}
	DashProblemJSON struct {
		Code     string `json:"code"`
		Learners int    `json:"learners"`
		Attempts int    `json:"attempts"`
	}
	DashStuckJSON struct {
		LearnerID  int64     `json:"learner_id"`
		Name       string    `json:"name"`
		ExerciseID string    `json:"exercise_id"`
		Failures   int       `json:"failures"`
		LastAt     time.Time `json:"last_at"`
	}
)

// DashboardJSON is the room's snapshot for a script; anon hides the
// names as on the page.
func DashboardJSON(cat *course.Catalog, l i18n.Lang, d store.Dashboard, anon bool) DashJSON {
	t := i18n.InstructorFor(l)
	names := learnerNames(d, t, anon)
	out := DashJSON{At: d.At.UTC(), Attempts: d.Attempts, Learners: []DashLearnerJSON{}, Exercises: []DashExerciseJSON{}, Stuck: []DashStuckJSON{}}
	byID := map[int64]int{}
	for _, lr := range d.Learners {
		byID[lr.ID] = len(out.Learners)
		name := lr.DisplayName
		if anon {
			name = names[lr.ID]
		}
		out.Learners = append(out.Learners, DashLearnerJSON{ID: lr.ID, Name: name, Exercises: map[string]DashCellJSON{}})
	}
	for _, p := range d.Cells {
		i, ok := byID[p.LearnerID]
		if !ok {
			continue
		}
		out.Learners[i].Exercises[p.ExerciseID] = DashCellJSON{Status: string(p.Status), Attempts: p.Attempts, Hints: p.Hints}
		if p.Status == store.StatusPassed {
			out.Learners[i].Passed++
		}
	}
	sums := map[string]store.ExerciseSummary{}
	var extra []string
	for _, ex := range d.Exercises {
		sums[ex.ExerciseID] = ex
		extra = append(extra, ex.ExerciseID)
	}
	for _, col := range exerciseColumns(cat, l, extra) {
		sum := sums[col.ID]
		ej := DashExerciseJSON{ID: col.ID, Key: col.Key, Title: col.Title, Tried: sum.Attempted, Passed: sum.Passed,
			MedianAttempts: sum.MedianAttempts, Hints: sum.Hints, Problems: []DashProblemJSON{}}
		if sum.Attempted > 0 {
			r := float64(sum.Passed) / float64(sum.Attempted)
			ej.PassRate = &r
		}
		for _, p := range sum.Problems {
			ej.Problems = append(ej.Problems, DashProblemJSON{Code: p.Code, Learners: p.Learners, Attempts: p.Attempts})
		}
		out.Exercises = append(out.Exercises, ej)
	}
	for _, st := range d.Stuck {
		name := ""
		if i, ok := byID[st.LearnerID]; ok {
			name = out.Learners[i].Name
		}
		out.Stuck = append(out.Stuck, DashStuckJSON{LearnerID: st.LearnerID, Name: name, ExerciseID: st.ExerciseID, Failures: st.Failures, LastAt: st.LastAt.UTC()})
	}
	return out
}
