package web

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// progressJSON is GET /api/progress: what the progress page shows.
type progressJSON struct {
	Learner *learnerJSON         `json:"learner"` // null before the first action
	Lessons []lessonProgressJSON `json:"lessons"`
	Totals  progressTotals       `json:"totals"`
}

type learnerJSON struct {
	DisplayName string    `json:"display_name"`
	ResumeCode  string    `json:"resume_code"`
	CreatedAt   time.Time `json:"created_at"`
}

type lessonProgressJSON struct {
	Slug            string                 `json:"slug"`
	Order           int                    `json:"order"`
	Title           string                 `json:"title"`
	Read            bool                   `json:"read"`
	ReadAt          *time.Time             `json:"read_at,omitempty"`
	ExercisesPassed int                    `json:"exercises_passed"`
	ExercisesTotal  int                    `json:"exercises_total"`
	Exercises       []exerciseProgressJSON `json:"exercises"`
}

type exerciseProgressJSON struct {
	ID             string     `json:"id"`
	Title          string     `json:"title"`
	Kind           string     `json:"kind"`
	Status         string     `json:"status"`
	Attempts       int        `json:"attempts"`
	FailedAttempts int        `json:"failed_attempts"`
	HintsRevealed  int        `json:"hints_revealed"`
	PassedAt       *time.Time `json:"passed_at,omitempty"`
}

type progressTotals struct {
	LessonsRead     int `json:"lessons_read"`
	Lessons         int `json:"lessons"`
	ExercisesPassed int `json:"exercises_passed"`
	Exercises       int `json:"exercises"`
}

// progressAPI returns the cookie's learner's progress as JSON. Without a
// learner it is the course with nothing done, and no learner is created.
func (s *Server) progressAPI(c *gin.Context) error {
	l := apiLang(c)
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	learner, ok, prog := rec.learner, rec.found, rec.progress
	out := progressJSON{Lessons: []lessonProgressJSON{}}
	if ok {
		out.Learner = &learnerJSON{DisplayName: learner.DisplayName, ResumeCode: learner.ResumeCode, CreatedAt: learner.CreatedAt.UTC()}
	}
	cat := s.content.Catalog()
	for _, lesson := range cat.Lessons(l) {
		lp := lessonProgressJSON{Slug: lesson.Slug, Order: lesson.Order, Title: lesson.Title, Exercises: []exerciseProgressJSON{}}
		if at, read := prog.LessonsRead[lesson.Slug]; read {
			at = at.UTC()
			lp.Read, lp.ReadAt = true, &at
			out.Totals.LessonsRead++
		}
		for _, ex := range cat.ExercisesFor(lesson.Slug) {
			p := prog.Exercises[ex.ID]
			ej := exerciseProgressJSON{
				ID: ex.ID, Title: ex.TextIn(l).Title, Kind: string(ex.Kind), Status: string(pagevm.StatusOf(p)),
				Attempts: p.Attempts, FailedAttempts: p.FailedAttempts, HintsRevealed: p.HintsRevealed,
			}
			if p.Status == store.StatusPassed {
				at := p.PassedAt.UTC()
				ej.PassedAt = &at
				lp.ExercisesPassed++
			}
			lp.ExercisesTotal++
			lp.Exercises = append(lp.Exercises, ej)
		}
		out.Totals.Lessons++
		out.Totals.ExercisesPassed += lp.ExercisesPassed
		out.Totals.Exercises += lp.ExercisesTotal
		out.Lessons = append(out.Lessons, lp)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}
