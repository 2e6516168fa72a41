package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/review"
)

// The review schedule and the codes each attempt tripped (migration 0005).
// The schedule itself is internal/review's; the store keeps its cards.

// ReviewCard is one learner's card for one exercise.
type ReviewCard struct {
	ExerciseID string
	review.Card
}

// RecordReview stores the codes attemptID tripped and the exercise's card
// after it (deleted when keep is false), in one transaction.
func (s *Store) RecordReview(ctx context.Context, learnerID, attemptID int64, exerciseID string, codes []string, card review.Card, keep bool) error {
	return s.inTx(ctx, func(tx *txn) error {
		for i, code := range codes {
			if i >= review.MaxCodes {
				break
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO attempt_codes(attempt_id, code) VALUES (?, ?) ON CONFLICT DO NOTHING`, attemptID, code); err != nil {
				return fmt.Errorf("record attempt codes: %w", err)
			}
		}
		if !keep {
			if _, err := tx.ExecContext(ctx, `DELETE FROM reviews WHERE learner_id = ? AND exercise_id = ?`, learnerID, exerciseID); err != nil {
				return fmt.Errorf("retire review: %w", err)
			}
			return nil
		}
		_, err := tx.ExecContext(ctx, `
			INSERT INTO reviews(learner_id, exercise_id, box, due_at, codes, hints_seen) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT(learner_id, exercise_id) DO UPDATE SET
				box = excluded.box, due_at = excluded.due_at, codes = excluded.codes, hints_seen = excluded.hints_seen`,
			learnerID, exerciseID, card.Box, card.Due.UnixMilli(), strings.Join(card.Codes, " "), card.HintsSeen)
		if err != nil {
			return fmt.Errorf("schedule review: %w", err)
		}
		return nil
	})
}

// ReviewFor is the learner's card for one exercise; ok is false when the
// exercise is not scheduled.
func (s *Store) ReviewFor(ctx context.Context, learnerID int64, exerciseID string) (ReviewCard, bool, error) {
	row := s.read.QueryRowContext(ctx, `SELECT exercise_id, box, due_at, codes, hints_seen FROM reviews WHERE learner_id = ? AND exercise_id = ?`, learnerID, exerciseID)
	c, err := scanReview(row)
	if errors.Is(err, sql.ErrNoRows) {
		return ReviewCard{}, false, nil
	}
	return c, err == nil, err
}

// maxReviews bounds the cards one page lists.
const maxReviews = 200

// DueReviews are the learner's cards due at now, the most overdue first.
func (s *Store) DueReviews(ctx context.Context, learnerID int64, now time.Time) ([]ReviewCard, error) {
	return s.reviewCards(ctx, `SELECT exercise_id, box, due_at, codes, hints_seen FROM reviews
		WHERE learner_id = ? AND due_at <= ? ORDER BY due_at, exercise_id LIMIT ?`, learnerID, now.UnixMilli(), maxReviews)
}

// Reviews are all the learner's cards, due or not, the soonest due first.
func (s *Store) Reviews(ctx context.Context, learnerID int64) ([]ReviewCard, error) {
	return s.reviewCards(ctx, `SELECT exercise_id, box, due_at, codes, hints_seen FROM reviews
		WHERE learner_id = ? ORDER BY due_at, exercise_id LIMIT ?`, learnerID, maxReviews)
}

func (s *Store) reviewCards(ctx context.Context, query string, args ...any) ([]ReviewCard, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("due reviews: %w", err)
	}
	defer rows.Close()
	var out []ReviewCard
	for rows.Next() {
		c, err := scanReview(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("due reviews: %w", err)
	}
	return out, nil
}

func scanReview(row interface{ Scan(...any) error }) (ReviewCard, error) {
	var c ReviewCard
	var due int64
	var codes string
	if err := row.Scan(&c.ExerciseID, &c.Box, &due, &codes, &c.HintsSeen); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return c, err
		}
		return c, fmt.Errorf("read review: %w", err)
	}
	c.Due = time.UnixMilli(due)
	c.Codes = strings.Fields(codes)
	return c, nil
}
