package web

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// dashboardJSON types, for scripts.
type (
	dashJSON struct {
		At        time.Time          `json:"at"`
		Attempts  int                `json:"attempts"`
		Learners  []dashLearnerJSON  `json:"learners"`
		Exercises []dashExerciseJSON `json:"exercises"`
		Stuck     []dashStuckJSON    `json:"stuck"`
	}
	dashLearnerJSON struct {
		ID        int64                   `json:"id"`
		Name      string                  `json:"name"`
		Passed    int                     `json:"passed"`
		Exercises map[string]dashCellJSON `json:"exercises"`
	}
	dashCellJSON struct {
		Status   string `json:"status"`
		Attempts int    `json:"attempts"`
		Hints    int    `json:"hints"`
	}
	dashExerciseJSON struct {
		ID             string        `json:"id"`
		Key            string        `json:"key"`
		Title          string        `json:"title"`
		Tried          int           `json:"tried"`
		Passed         int           `json:"passed"`
		PassRate       *float64      `json:"pass_rate"` // null before anyone tried
		MedianAttempts float64       `json:"median_attempts"`
		Hints          int           `json:"hints"`
		Problems       []problemJSON `json:"problems"`
	}
	problemJSON struct {
		Code     string `json:"code"`
		Learners int    `json:"learners"`
		Attempts int    `json:"attempts"`
	}
	dashStuckJSON struct {
		LearnerID  int64     `json:"learner_id"`
		Name       string    `json:"name"`
		ExerciseID string    `json:"exercise_id"`
		Failures   int       `json:"failures"`
		LastAt     time.Time `json:"last_at"`
	}
)

// dashboardJSON is the dashboard's data for an instructor's script
// (Authorization: Bearer); ?anon=1 hides the names here too.
func (s *Server) dashboardJSON(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	anon := anonMode(c)
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	names := pagevm.LearnerNames(d, t, anon)
	out := dashJSON{At: d.At.UTC(), Attempts: d.Attempts, Learners: []dashLearnerJSON{}, Exercises: []dashExerciseJSON{}, Stuck: []dashStuckJSON{}}
	byID := map[int64]int{}
	for _, lr := range d.Learners {
		byID[lr.ID] = len(out.Learners)
		name := lr.DisplayName
		if anon {
			name = names[lr.ID]
		}
		out.Learners = append(out.Learners, dashLearnerJSON{ID: lr.ID, Name: name, Exercises: map[string]dashCellJSON{}})
	}
	for _, p := range d.Cells {
		i, ok := byID[p.LearnerID]
		if !ok {
			continue
		}
		out.Learners[i].Exercises[p.ExerciseID] = dashCellJSON{Status: string(p.Status), Attempts: p.Attempts, Hints: p.Hints}
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
	for _, col := range pagevm.ExerciseColumns(s.content.Catalog(), l, extra) {
		sum := sums[col.ID]
		ej := dashExerciseJSON{ID: col.ID, Key: col.Key, Title: col.Title, Tried: sum.Attempted, Passed: sum.Passed,
			MedianAttempts: sum.MedianAttempts, Hints: sum.Hints, Problems: []problemJSON{}}
		if sum.Attempted > 0 {
			r := float64(sum.Passed) / float64(sum.Attempted)
			ej.PassRate = &r
		}
		for _, p := range sum.Problems {
			ej.Problems = append(ej.Problems, problemJSON{Code: p.Code, Learners: p.Learners, Attempts: p.Attempts})
		}
		out.Exercises = append(out.Exercises, ej)
	}
	for _, st := range d.Stuck {
		name := ""
		if i, ok := byID[st.LearnerID]; ok {
			name = out.Learners[i].Name
		}
		out.Stuck = append(out.Stuck, dashStuckJSON{LearnerID: st.LearnerID, Name: name, ExerciseID: st.ExerciseID, Failures: st.Failures, LastAt: st.LastAt.UTC()})
	}
	c.JSON(http.StatusOK, out)
	return nil
}
