package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// LTIScore is a score waiting in the outbox, or sent: the latest one of a
// user on a platform's gradebook column (line item).
type LTIScore struct {
	PlatformID int64
	LineItem   string
	Sub        string
	Given, Max float64
	ScoredAt   time.Time
	Tries      int
	LastError  string
}

// QueueLTIScore puts a score in the outbox, to leave at once. A score equal
// to the one the platform already took, or waits to take, is not queued
// again; it reports whether it queued.
func (s *Store) QueueLTIScore(ctx context.Context, sc LTIScore) (bool, error) {
	var queued bool
	err := s.inTx(ctx, func(tx *txn) error {
		var given, max float64
		err := tx.QueryRowContext(ctx, `SELECT score_given, score_max FROM lti_scores WHERE platform_id = ? AND lineitem_url = ? AND sub = ?`,
			sc.PlatformID, sc.LineItem, sc.Sub).Scan(&given, &max)
		if err == nil && given == sc.Given && max == sc.Max {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		now := s.now().UnixMilli()
		queued = true
		_, err = tx.ExecContext(ctx, `INSERT INTO lti_scores(platform_id, lineitem_url, sub, score_given, score_max, scored_at, tries, next_at, sent_at, last_error)
			VALUES (?, ?, ?, ?, ?, ?, 0, ?, NULL, '')
			ON CONFLICT(platform_id, lineitem_url, sub) DO UPDATE SET score_given = excluded.score_given, score_max = excluded.score_max,
				scored_at = excluded.scored_at, tries = 0, next_at = excluded.next_at, sent_at = NULL, last_error = ''`,
			sc.PlatformID, sc.LineItem, sc.Sub, sc.Given, sc.Max, sc.ScoredAt.UnixMilli(), now)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("queue LTI score: %w", err)
	}
	return queued, nil
}

// ClaimLTIScores returns up to limit scores due by now and holds them for
// lease (their next try moves past it), so that another instance on the
// database does not send them at the same time. A sender that dies
// leaves them to be tried again when the lease ends.
func (s *Store) ClaimLTIScores(ctx context.Context, limit int, lease time.Duration) ([]LTIScore, error) {
	var out []LTIScore
	err := s.inTx(ctx, func(tx *txn) error {
		out = out[:0]
		now := s.now()
		rows, err := tx.QueryContext(ctx, `SELECT platform_id, lineitem_url, sub, score_given, score_max, scored_at, tries, last_error
			FROM lti_scores WHERE sent_at IS NULL AND next_at <= ? ORDER BY next_at LIMIT ?`, now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			var sc LTIScore
			var at int64
			if err := rows.Scan(&sc.PlatformID, &sc.LineItem, &sc.Sub, &sc.Given, &sc.Max, &at, &sc.Tries, &sc.LastError); err != nil {
				rows.Close()
				return err
			}
			sc.ScoredAt = time.UnixMilli(at)
			out = append(out, sc)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, sc := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE lti_scores SET next_at = ? WHERE platform_id = ? AND lineitem_url = ? AND sub = ?`,
				now.Add(lease).UnixMilli(), sc.PlatformID, sc.LineItem, sc.Sub); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim LTI scores: %w", err)
	}
	return out, nil
}

// LTIScoreSent marks a score taken by the platform, unless a newer score
// replaced it meanwhile (that one still waits).
func (s *Store) LTIScoreSent(ctx context.Context, sc LTIScore) error {
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE lti_scores SET sent_at = ?, last_error = '' WHERE platform_id = ? AND lineitem_url = ? AND sub = ? AND scored_at = ? AND score_given = ?`,
			s.now().UnixMilli(), sc.PlatformID, sc.LineItem, sc.Sub, sc.ScoredAt.UnixMilli(), sc.Given)
		return err
	})
	if err != nil {
		return fmt.Errorf("mark LTI score sent: %w", err)
	}
	return nil
}

// RetryLTIScore records a failed try and when to try again.
func (s *Store) RetryLTIScore(ctx context.Context, sc LTIScore, next time.Time, cause string) error {
	if len(cause) > 500 {
		cause = cause[:500]
	}
	err := s.inTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `UPDATE lti_scores SET tries = tries + 1, next_at = ?, last_error = ? WHERE platform_id = ? AND lineitem_url = ? AND sub = ? AND scored_at = ? AND sent_at IS NULL`,
			next.UnixMilli(), cause, sc.PlatformID, sc.LineItem, sc.Sub, sc.ScoredAt.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("retry LTI score: %w", err)
	}
	return nil
}

// NextLTIScoreAt is when the next waiting score is due (ok false when none
// waits).
func (s *Store) NextLTIScoreAt(ctx context.Context) (time.Time, bool, error) {
	var at sql.NullInt64
	if err := s.read.QueryRowContext(ctx, `SELECT min(next_at) FROM lti_scores WHERE sent_at IS NULL`).Scan(&at); err != nil {
		return time.Time{}, false, fmt.Errorf("read next LTI score: %w", err)
	}
	return time.UnixMilli(at.Int64), at.Valid, nil
}

// LTIScores lists the outbox, sent scores included, for the instructor and
// the tests.
func (s *Store) LTIScores(ctx context.Context) ([]LTIScore, []bool, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT platform_id, lineitem_url, sub, score_given, score_max, scored_at, tries, last_error, sent_at IS NOT NULL
		FROM lti_scores ORDER BY platform_id, lineitem_url, sub`)
	if err != nil {
		return nil, nil, fmt.Errorf("list LTI scores: %w", err)
	}
	defer rows.Close()
	var out []LTIScore
	var sent []bool
	for rows.Next() {
		var sc LTIScore
		var at int64
		var done bool
		if err := rows.Scan(&sc.PlatformID, &sc.LineItem, &sc.Sub, &sc.Given, &sc.Max, &at, &sc.Tries, &sc.LastError, &done); err != nil {
			return nil, nil, fmt.Errorf("list LTI scores: %w", err)
		}
		sc.ScoredAt = time.UnixMilli(at)
		out, sent = append(out, sc), append(sent, done)
	}
	return out, sent, rows.Err()
}

// LTILinkOf is a learner's gradebook column on a platform.
type LTILinkOf struct {
	LearnerID  int64
	PlatformID int64
	Sub        string
	Link       LTILink
}

// LTILinks lists the gradebook columns of one learner (learnerID > 0) or
// of every learner (learnerID 0, for a regrade).
func (s *Store) LTILinks(ctx context.Context, learnerID int64) ([]LTILinkOf, error) {
	q := `SELECT learner_id, platform_id, sub, lineitem_url, kind, target FROM lti_links`
	var args []any
	if learnerID > 0 {
		q, args = q+` WHERE learner_id = ?`, []any{learnerID}
	}
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY learner_id, lineitem_url`, args...)
	if err != nil {
		return nil, fmt.Errorf("list LTI links: %w", err)
	}
	defer rows.Close()
	var out []LTILinkOf
	for rows.Next() {
		var l LTILinkOf
		if err := rows.Scan(&l.LearnerID, &l.PlatformID, &l.Sub, &l.Link.LineItem, &l.Link.Kind, &l.Link.Target); err != nil {
			return nil, fmt.Errorf("list LTI links: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// LTIGrade is what a gradebook column is worth for a learner now: an
// exercise 1 when passed, an assignment the share of its exercises passed
// by the learner's due time (the extension's, else the assignment's).
func (s *Store) LTIGrade(ctx context.Context, learnerID int64, l LTILink) (given, max float64, err error) {
	if l.Kind == "exercise" {
		var n int
		err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM attempts WHERE learner_id = ? AND exercise_id = ? AND passed = 1`, learnerID, l.Target).Scan(&n)
		if err != nil {
			return 0, 0, fmt.Errorf("grade exercise %s: %w", l.Target, err)
		}
		return float64(min(n, 1)), 1, nil
	}
	var total, passed int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM assignment_exercises WHERE assignment_id = ?`, l.Target).Scan(&total); err != nil {
		return 0, 0, fmt.Errorf("grade assignment %s: %w", l.Target, err)
	}
	err = s.read.QueryRowContext(ctx, `SELECT count(DISTINCT a.exercise_id) FROM attempts a
		JOIN assignment_exercises ae ON ae.exercise_id = a.exercise_id AND ae.assignment_id = ?
		LEFT JOIN extensions x ON x.assignment_id = ae.assignment_id AND x.learner_id = a.learner_id
		WHERE a.learner_id = ? AND a.passed = 1 AND a.created_at <= coalesce(x.due_at, (SELECT due_at FROM assignments WHERE id = ?))`,
		l.Target, learnerID, l.Target).Scan(&passed)
	if err != nil {
		return 0, 0, fmt.Errorf("grade assignment %s: %w", l.Target, err)
	}
	if total == 0 {
		return 0, 1, nil
	}
	return float64(passed), float64(total), nil
}
