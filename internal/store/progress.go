package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Status is a learner's best result on an exercise. The order matters:
// a later status is better, and the stored status never gets worse.
type Status string

// Statuses, from nothing to done.
const (
	StatusNew     Status = "new"     // never touched (no row)
	StatusStarted Status = "started" // a hint revealed, no attempt yet
	StatusFailed  Status = "failed"  // attempted, never passed
	StatusPassed  Status = "passed"  // passed at least once
)

// ExerciseProgress is one learner's record on one exercise.
type ExerciseProgress struct {
	LearnerID  int64
	ExerciseID string
	Status     Status
	Attempts   int
	// FailedAttempts counts the failures before the first pass.
	FailedAttempts int
	HintsRevealed  int
	FirstAttemptAt time.Time // zero before the first attempt
	PassedAt       time.Time // zero until passed
	UpdatedAt      time.Time
}

// Progress is everything a learner has done.
type Progress struct {
	Exercises   map[string]ExerciseProgress // by exercise id
	LessonsRead map[string]time.Time        // by lesson slug
}

const progressColumns = `learner_id, exercise_id, status, attempts, failed_attempts, hints_revealed, first_attempt_at, passed_at, updated_at`

func scanProgress(row interface{ Scan(...any) error }) (ExerciseProgress, error) {
	var p ExerciseProgress
	var first, passed sql.NullInt64
	var updated int64
	if err := row.Scan(&p.LearnerID, &p.ExerciseID, &p.Status, &p.Attempts, &p.FailedAttempts, &p.HintsRevealed, &first, &passed, &updated); err != nil {
		return ExerciseProgress{}, err
	}
	if first.Valid {
		p.FirstAttemptAt = time.UnixMilli(first.Int64)
	}
	if passed.Valid {
		p.PassedAt = time.UnixMilli(passed.Int64)
	}
	p.UpdatedAt = time.UnixMilli(updated)
	return p, nil
}

// ExerciseProgressFor returns a learner's record on one exercise, or
// ErrNotFound when they have not touched it.
func (s *Store) ExerciseProgressFor(ctx context.Context, learnerID int64, exerciseID string) (ExerciseProgress, error) {
	p, err := scanProgress(s.read.QueryRowContext(ctx,
		`SELECT `+progressColumns+` FROM exercise_progress WHERE learner_id = ? AND exercise_id = ?`, learnerID, exerciseID))
	if errors.Is(err, sql.ErrNoRows) {
		return ExerciseProgress{}, ErrNotFound
	}
	if err != nil {
		return ExerciseProgress{}, fmt.Errorf("read progress of learner %d on %s: %w", learnerID, exerciseID, err)
	}
	return p, nil
}

// ProgressFor returns all of a learner's progress. A learner with none gets
// empty maps, not an error.
func (s *Store) ProgressFor(ctx context.Context, learnerID int64) (Progress, error) {
	out := Progress{Exercises: map[string]ExerciseProgress{}, LessonsRead: map[string]time.Time{}}
	rows, err := s.read.QueryContext(ctx, `SELECT `+progressColumns+` FROM exercise_progress WHERE learner_id = ?`, learnerID)
	if err != nil {
		return Progress{}, fmt.Errorf("read progress of learner %d: %w", learnerID, err)
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanProgress(rows)
		if err != nil {
			return Progress{}, fmt.Errorf("read progress of learner %d: %w", learnerID, err)
		}
		out.Exercises[p.ExerciseID] = p
	}
	if err := rows.Err(); err != nil {
		return Progress{}, fmt.Errorf("read progress of learner %d: %w", learnerID, err)
	}
	rows.Close()

	lr, err := s.read.QueryContext(ctx, `SELECT lesson_slug, read_at FROM lessons_read WHERE learner_id = ?`, learnerID)
	if err != nil {
		return Progress{}, fmt.Errorf("read lessons read by learner %d: %w", learnerID, err)
	}
	defer lr.Close()
	for lr.Next() {
		var slug string
		var at int64
		if err := lr.Scan(&slug, &at); err != nil {
			return Progress{}, fmt.Errorf("read lessons read by learner %d: %w", learnerID, err)
		}
		out.LessonsRead[slug] = time.UnixMilli(at)
	}
	if err := lr.Err(); err != nil {
		return Progress{}, fmt.Errorf("read lessons read by learner %d: %w", learnerID, err)
	}
	return out, nil
}

// RevealHint records that the learner opened hint number n (1-based) of an
// exercise that has total hints, and returns how many are now revealed.
// Hints open one at a time: asking for n when fewer than n-1 are open opens
// only the next one, and asking again for an open hint changes nothing, so
// a double click or a replayed form is harmless.
func (s *Store) RevealHint(ctx context.Context, learnerID int64, exerciseID string, n, total int) (int, error) {
	if total <= 0 || n <= 0 {
		return 0, fmt.Errorf("reveal hint %d of %d on %s: no such hint", n, total, exerciseID)
	}
	n = min(n, total)
	var revealed int
	now := s.now().UnixMilli()
	err := s.inTx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `
			INSERT INTO exercise_progress AS p (learner_id, exercise_id, status, hints_revealed, updated_at)
			VALUES (?, ?, 'started', 1, ?)
			ON CONFLICT(learner_id, exercise_id) DO UPDATE SET
				hints_revealed = CASE WHEN ? > p.hints_revealed THEN p.hints_revealed + 1 ELSE p.hints_revealed END,
				updated_at = excluded.updated_at
			RETURNING hints_revealed`,
			learnerID, exerciseID, now, n).Scan(&revealed)
	})
	if err != nil {
		return 0, fmt.Errorf("reveal hint %d on %s for learner %d: %w", n, exerciseID, learnerID, err)
	}
	return revealed, nil
}

// MarkLessonRead records that a learner read a lesson; reading it again
// keeps the first time.
func (s *Store) MarkLessonRead(ctx context.Context, learnerID int64, slug string) error {
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx,
			`INSERT INTO lessons_read(learner_id, lesson_slug, read_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
			learnerID, slug, s.now().UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("mark lesson %s read for learner %d: %w", slug, learnerID, err)
	}
	return nil
}

// AllProgress calls fn for every learner's record on every exercise, by
// learner then exercise (for the instructor's CSV export). It stops at the
// first error fn returns.
func (s *Store) AllProgress(ctx context.Context, archive int64, fn func(ExerciseProgress) error) error {
	room, args := roomClause(archive)
	rows, err := s.read.QueryContext(ctx, `SELECT `+progressColumns+` FROM exercise_progress
		WHERE learner_id IN (SELECT l.id FROM learners l WHERE `+room+`) ORDER BY learner_id, exercise_id`, args...)
	if err != nil {
		return fmt.Errorf("read all progress: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanProgress(rows)
		if err != nil {
			return fmt.Errorf("read all progress: %w", err)
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read all progress: %w", err)
	}
	return nil
}
