package web

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/csvcell"
	"github.com/mcpplayground/playground/internal/store"
)

// exportCSV writes every learner's record on every exercise, one line
// each: what a spreadsheet needs to grade or follow up a workshop.
func (s *Server) exportCSV(c *gin.Context) error {
	ctx := c.Request.Context()
	f, err := gradebookFilterOf(c)
	if err != nil {
		return err
	}
	keep, err := s.exportKeep(ctx, f)
	if err != nil {
		return err
	}
	names, err := s.displayNames(ctx, f.Archive)
	if err != nil {
		return err
	}
	cat := s.content.Catalog()
	s.attachment(c, "progress.csv", "text/csv; charset=utf-8")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	_ = w.Write([]string{"learner_id", "display_name", "exercise_id", "lesson", "status", "attempts",
		"failed_attempts", "hints_revealed", "first_attempt_at", "passed_at", "updated_at"})
	err = s.store.AllProgress(ctx, f.Archive, func(p store.ExerciseProgress) error {
		if !keep(p.ExerciseID) {
			return nil
		}
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
		// The header is sent: cut the connection, so that the download
		// fails instead of looking complete, and say why in the log (at
		// INFO when the client is the one that went away).
		s.exportCut(c, "export progress as CSV", err)
	}
	return nil
}

// csvCell defuses spreadsheet formulas: a display name such as
// "=HYPERLINK(…)" must open as text in the instructor's spreadsheet, not
// run (OWASP's CSV injection advice).
func csvCell(s string) string { return csvcell.Escape(s) }

func csvTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
