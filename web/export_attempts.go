package web

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// exportBatch is how many attempts the JSON Lines export reads per query:
// short queries never hold a database connection for as long as a slow
// client takes to download.
const exportBatch = 500

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
