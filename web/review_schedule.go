package web

import (
	"context"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/internal/store"
)

// trippedCodes are what an attempt got wrong: the checker's error codes,
// else (choice exercises, checks the checker does not know) the failed
// checks' ids.
func trippedCodes(res exercise.Result) []string {
	var codes []string
	for _, d := range res.Report.Diagnostics {
		if d.Severity == grader.SeverityError {
			codes = append(codes, d.Code)
		}
	}
	if len(codes) == 0 && !res.Passed {
		for _, cr := range res.Checks {
			if !cr.Passed {
				codes = append(codes, cr.ID)
			}
		}
	}
	return codes
}

// lookAgain records that the learner unfolded, during a due review of
// the exercise, the hints they had opened before (internal/review).
func (s *Server) lookAgain(ctx context.Context, learnerID int64, exerciseID string) error {
	had, ok, err := s.store.ReviewFor(ctx, learnerID, exerciseID)
	if err != nil || !ok || had.LookedAgain() {
		return err
	}
	looked := had.LookAgain(s.now())
	if !looked.LookedAgain() {
		return nil // not due: looking changes nothing
	}
	return s.store.RecordReview(ctx, learnerID, 0, exerciseID, nil, looked, true)
}

// scheduleReview records what the attempt tripped and moves the
// exercise's review card (internal/review), at the server's clock.
func (s *Server) scheduleReview(ctx context.Context, learnerID, attemptID int64, exerciseID string, res exercise.Result, p store.ExerciseProgress) error {
	had, ok, err := s.store.ReviewFor(ctx, learnerID, exerciseID)
	if err != nil {
		return err
	}
	var cur *review.Card
	if ok {
		cur = &had.Card
	}
	codes := trippedCodes(res)
	next, keep := review.Next(cur, review.Outcome{Passed: res.Passed, Codes: codes, Hints: p.HintsRevealed}, s.now())
	if !ok && !keep && len(codes) == 0 {
		return nil // a first pass: nothing to record
	}
	return s.store.RecordReview(ctx, learnerID, attemptID, exerciseID, codes, next, keep)
}
