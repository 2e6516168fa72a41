package web

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// exportBatch is how many attempts the JSON Lines export reads per query:
// short queries never hold a database connection for as long as a slow
// client takes to download.
const exportBatch = 500

// csvCell defuses spreadsheet formulas: a display name such as
// "=HYPERLINK(…)" must open as text in the instructor's spreadsheet, not
// run (OWASP's CSV injection advice).
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func csvTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// displayNames maps every learner's id to their display name ("" when
// they have none), for the exports' rows.
func (s *Server) displayNames(ctx context.Context) (map[int64]string, error) {
	learners, err := s.store.Learners(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(learners))
	for _, l := range learners {
		names[l.ID] = l.DisplayName
	}
	return names, nil
}

func attachment(c *gin.Context, name, contentType string) {
	c.Header("Content-Type", contentType)
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s"`, time.Now().Format("20060102-1504"), name))
}

// exportCSV writes every learner's record on every exercise, one line
// each: what a spreadsheet needs to grade or follow up a workshop.
func (s *Server) exportCSV(c *gin.Context) error {
	ctx := c.Request.Context()
	names, err := s.displayNames(ctx)
	if err != nil {
		return err
	}
	cat := s.content.Catalog()
	attachment(c, "progress.csv", "text/csv; charset=utf-8")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	_ = w.Write([]string{"learner_id", "display_name", "exercise_id", "lesson", "status", "attempts",
		"failed_attempts", "hints_revealed", "first_attempt_at", "passed_at", "updated_at"})
	err = s.store.AllProgress(ctx, func(p store.ExerciseProgress) error {
		lesson := ""
		if ex, ok := cat.Exercise(p.ExerciseID); ok {
			lesson = ex.Lesson
		}
		return w.Write([]string{
			strconv.FormatInt(p.LearnerID, 10), csvCell(names[p.LearnerID]), csvCell(p.ExerciseID), lesson,
			string(p.Status), strconv.Itoa(p.Attempts), strconv.Itoa(p.FailedAttempts), strconv.Itoa(p.HintsRevealed),
			csvTime(p.FirstAttemptAt), csvTime(p.PassedAt), csvTime(p.UpdatedAt),
		})
	})
	w.Flush()
	if err == nil {
		err = w.Error()
	}
	if err != nil {
		// The header is sent: all that is left is to stop and say so in the log.
		s.log.Error("export progress as CSV", "err", err)
	}
	return nil
}

// attemptJSON is one line of the attempts export.
type attemptJSON struct {
	ID           int64     `json:"id"`
	LearnerID    int64     `json:"learner_id"`
	DisplayName  string    `json:"display_name"`
	ExerciseID   string    `json:"exercise_id"`
	Answer       string    `json:"answer"`
	Passed       bool      `json:"passed"`
	HintsUsed    int       `json:"hints_used"`
	FirstProblem string    `json:"first_problem,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
}

// exportAttempts writes every attempt, oldest first, as JSON Lines: one
// object per line, so a script can stream it with any JSON library.
func (s *Server) exportAttempts(c *gin.Context) error {
	ctx := c.Request.Context()
	names, err := s.displayNames(ctx)
	if err != nil {
		return err
	}
	attachment(c, "attempts.jsonl", "application/jsonl; charset=utf-8")
	c.Status(http.StatusOK)
	enc := json.NewEncoder(c.Writer)
	enc.SetEscapeHTML(false)
	var after int64
	for {
		n := 0
		err := s.store.EachAttempt(ctx, store.AttemptFilter{AfterID: after, Limit: exportBatch}, func(a store.Attempt) error {
			n++
			after = a.ID
			return enc.Encode(attemptJSON{
				ID: a.ID, LearnerID: a.LearnerID, DisplayName: names[a.LearnerID], ExerciseID: a.ExerciseID,
				Answer: a.Answer, Passed: a.Passed, HintsUsed: a.HintsUsed, FirstProblem: a.FirstProblem,
				CreatedAt: a.CreatedAt.UTC(),
			})
		})
		if err != nil {
			s.log.Error("export attempts", "err", err)
			return nil
		}
		if n < exportBatch {
			return nil
		}
	}
}
