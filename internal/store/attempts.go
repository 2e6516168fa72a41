package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Attempt is one answer a learner submitted, with its verdict.
type Attempt struct {
	ID         int64
	LearnerID  int64
	ExerciseID string
	Answer     string
	Passed     bool
	// HintsUsed is how many hints were open when the answer was sent.
	HintsUsed int
	// FirstProblem is the code of the first blocking diagnostic or the id of
	// the first failed check; empty on a pass.
	FirstProblem string
	CreatedAt    time.Time
	// Late: sent after the learner's due time of every assignment that
	// holds the exercise.
	Late bool
	// Version is the exercise's version it was graded against ('' for an
	// attempt stored before versions were kept).
	Version string
}

// NewAttempt is what RecordAttempt needs to know.
type NewAttempt struct {
	LearnerID    int64
	ExerciseID   string
	Answer       string
	Passed       bool
	FirstProblem string
	Version      string // the exercise's Version()
}

// RecordAttempt stores an attempt and updates the learner's best status on
// the exercise in one transaction: when it returns nil, both are durable.
// It returns the stored attempt and the updated progress.
func (s *Store) RecordAttempt(ctx context.Context, a NewAttempt) (Attempt, ExerciseProgress, error) {
	now := s.now()
	ms := now.UnixMilli()
	status := StatusFailed
	var passedAt any
	if a.Passed {
		status, passedAt = StatusPassed, ms
	}
	out := Attempt{
		LearnerID: a.LearnerID, ExerciseID: a.ExerciseID, Answer: a.Answer, Passed: a.Passed,
		FirstProblem: a.FirstProblem, CreatedAt: time.UnixMilli(ms),
	}
	var p ExerciseProgress
	err := s.inTx(ctx, func(tx *txn) error {
		// The progress row first: its hints_revealed is the hints used by
		// this attempt, and RETURNING saves a read. The existing row is
		// named p: PostgreSQL refuses its bare column names as ambiguous.
		var err error
		p, err = scanProgress(tx.QueryRowContext(ctx, `
			INSERT INTO exercise_progress AS p (learner_id, exercise_id, status, attempts, failed_attempts, first_attempt_at, passed_at, updated_at)
			VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?5)
			ON CONFLICT(learner_id, exercise_id) DO UPDATE SET
				attempts = p.attempts + 1,
				failed_attempts = p.failed_attempts + CASE WHEN p.status <> 'passed' AND excluded.status <> 'passed' THEN 1 ELSE 0 END,
				status = CASE WHEN p.status = 'passed' OR excluded.status = 'passed' THEN 'passed' ELSE 'failed' END,
				first_attempt_at = coalesce(p.first_attempt_at, excluded.first_attempt_at),
				passed_at = coalesce(p.passed_at, excluded.passed_at),
				updated_at = excluded.updated_at
			RETURNING `+progressColumns,
			a.LearnerID, a.ExerciseID, string(status), boolInt(!a.Passed), ms, passedAt))
		if err != nil {
			return fmt.Errorf("update progress: %w", err)
		}
		out.HintsUsed = p.HintsRevealed
		if out.Late, err = lateIn(ctx, tx, a.LearnerID, a.ExerciseID, ms); err != nil {
			return err
		}
		out.Version = a.Version
		if err := tx.QueryRowContext(ctx, `
			INSERT INTO attempts(learner_id, exercise_id, answer, passed, hints_used, first_problem, created_at, late, exercise_version)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			a.LearnerID, a.ExerciseID, s.answerValue(a.Answer), boolInt(a.Passed), out.HintsUsed, a.FirstProblem, ms,
			boolInt(out.Late), a.Version).Scan(&out.ID); err != nil {
			return fmt.Errorf("insert attempt: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE learners SET last_seen_at = ? WHERE id = ?`, ms, a.LearnerID); err != nil {
			return fmt.Errorf("touch learner: %w", err)
		}
		return nil
	})
	if err != nil {
		return Attempt{}, ExerciseProgress{}, fmt.Errorf("record attempt of learner %d on %s: %w", a.LearnerID, a.ExerciseID, err)
	}
	return out, p, nil
}

// answerValue is an answer as the engine stores it: TEXT on SQLite, BYTEA
// on PostgreSQL (whose TEXT refuses NUL bytes, which a learner may paste).
func (s *Store) answerValue(answer string) any {
	if s.engine == Postgres {
		return []byte(answer)
	}
	return answer
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

const attemptColumns = `id, learner_id, exercise_id, answer, passed, hints_used, first_problem, created_at, late, exercise_version`

func scanAttempt(row interface{ Scan(...any) error }) (Attempt, error) {
	var a Attempt
	var created int64
	if err := row.Scan(&a.ID, &a.LearnerID, &a.ExerciseID, &a.Answer, &a.Passed, &a.HintsUsed, &a.FirstProblem, &created, &a.Late, &a.Version); err != nil {
		return Attempt{}, err
	}
	a.CreatedAt = time.UnixMilli(created)
	return a, nil
}

// LastAttempt returns a learner's latest attempt at an exercise, or
// ErrNotFound.
func (s *Store) LastAttempt(ctx context.Context, learnerID int64, exerciseID string) (Attempt, error) {
	a, err := scanAttempt(s.read.QueryRowContext(ctx,
		`SELECT `+attemptColumns+` FROM attempts WHERE learner_id = ? AND exercise_id = ? ORDER BY id DESC LIMIT 1`,
		learnerID, exerciseID))
	if errors.Is(err, sql.ErrNoRows) {
		return Attempt{}, ErrNotFound
	}
	if err != nil {
		return Attempt{}, fmt.Errorf("read last attempt of learner %d on %s: %w", learnerID, exerciseID, err)
	}
	return a, nil
}

// AttemptFilter selects attempts; zero fields select everything.
type AttemptFilter struct {
	LearnerID  int64
	ExerciseID string
	AfterID    int64 // only attempts with a larger id, for paging
	Limit      int   // 0 means no limit
	// InRoom keeps the attempts of one room's learners: the current room
	// (Archive 0) or an archived one. Without it, every room's.
	InRoom  bool
	Archive int64
}

// EachAttempt calls fn for every attempt matching f, oldest first, without
// loading them all (exports can be large). It stops at fn's first error.
func (s *Store) EachAttempt(ctx context.Context, f AttemptFilter, fn func(Attempt) error) error {
	q := `SELECT ` + attemptColumns + ` FROM attempts WHERE id > ?`
	args := []any{f.AfterID}
	if f.InRoom {
		room, rargs := roomClause(f.Archive)
		q += ` AND learner_id IN (SELECT l.id FROM learners l WHERE ` + room + `)`
		args = append(args, rargs...)
	}
	if f.LearnerID != 0 {
		q += ` AND learner_id = ?`
		args = append(args, f.LearnerID)
	}
	if f.ExerciseID != "" {
		q += ` AND exercise_id = ?`
		args = append(args, f.ExerciseID)
	}
	q += ` ORDER BY id`
	if f.Limit > 0 {
		q += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	rows, err := s.read.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("read attempts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return fmt.Errorf("read attempts: %w", err)
		}
		if err := fn(a); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read attempts: %w", err)
	}
	return nil
}

// Attempts returns the attempts matching f, oldest first.
func (s *Store) Attempts(ctx context.Context, f AttemptFilter) ([]Attempt, error) {
	var out []Attempt
	err := s.EachAttempt(ctx, f, func(a Attempt) error {
		out = append(out, a)
		return nil
	})
	return out, err
}

// CountAttemptsIn returns how many attempts the learners of a room (0:
// the current one) sent.
func (s *Store) CountAttemptsIn(ctx context.Context, archive int64) (int, error) {
	room, args := roomClause(archive)
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM attempts a JOIN learners l ON l.id = a.learner_id WHERE `+room, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	return n, nil
}

// CountAttempts returns how many attempts are stored.
func (s *Store) CountAttempts(ctx context.Context) (int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM attempts`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	return n, nil
}
