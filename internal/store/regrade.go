package store

import (
	"context"
	"fmt"
)

// Regraded is an attempt's new verdict, graded again with today's
// exercise.
type Regraded struct {
	AttemptID    int64
	LearnerID    int64
	ExerciseID   string
	Passed       bool
	FirstProblem string
	Version      string
}

// ApplyRegrade stores new verdicts and versions, and recomputes the
// progress of every learner and exercise they touch (status, failures
// before the first pass, when it was passed), in one transaction: the
// gradebook, the dashboard and the learner's page agree at once.
func (s *Store) ApplyRegrade(ctx context.Context, rs []Regraded) error {
	type pair struct {
		learner int64
		ex      string
	}
	err := s.inTx(ctx, func(tx *txn) error {
		touched := map[pair]bool{}
		for _, r := range rs {
			if _, err := tx.ExecContext(ctx, `UPDATE attempts SET passed = ?, first_problem = ?, exercise_version = ? WHERE id = ?`,
				boolInt(r.Passed), r.FirstProblem, r.Version, r.AttemptID); err != nil {
				return fmt.Errorf("update attempt %d: %w", r.AttemptID, err)
			}
			touched[pair{r.LearnerID, r.ExerciseID}] = true
		}
		for p := range touched {
			if _, err := tx.ExecContext(ctx, `
				UPDATE exercise_progress SET
					status = CASE WHEN EXISTS (SELECT 1 FROM attempts WHERE learner_id = ?1 AND exercise_id = ?2 AND passed = 1) THEN 'passed' ELSE 'failed' END,
					passed_at = (SELECT min(created_at) FROM attempts WHERE learner_id = ?1 AND exercise_id = ?2 AND passed = 1),
					failed_attempts = (SELECT count(*) FROM attempts WHERE learner_id = ?1 AND exercise_id = ?2 AND passed = 0
						AND id < coalesce((SELECT min(id) FROM attempts WHERE learner_id = ?1 AND exercise_id = ?2 AND passed = 1), 9223372036854775807))
				WHERE learner_id = ?1 AND exercise_id = ?2`, p.learner, p.ex); err != nil {
				return fmt.Errorf("recompute the progress of learner %d on %s: %w", p.learner, p.ex, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("apply regrade: %w", err)
	}
	return nil
}

// VersionCount is how many attempts at an exercise were graded against
// one version of it.
type VersionCount struct {
	ExerciseID string
	Version    string
	Attempts   int
}

// AttemptVersions counts the attempts of the current room by exercise and
// version: the dashboard compares them with today's versions.
func (s *Store) AttemptVersions(ctx context.Context) ([]VersionCount, error) {
	rows, err := s.read.QueryContext(ctx, `
		SELECT a.exercise_id, a.exercise_version, count(*) FROM attempts a JOIN learners l ON l.id = a.learner_id
		WHERE l.archive_id IS NULL GROUP BY a.exercise_id, a.exercise_version ORDER BY a.exercise_id, a.exercise_version`)
	if err != nil {
		return nil, fmt.Errorf("count attempts by version: %w", err)
	}
	defer rows.Close()
	var out []VersionCount
	for rows.Next() {
		var v VersionCount
		if err := rows.Scan(&v.ExerciseID, &v.Version, &v.Attempts); err != nil {
			return nil, fmt.Errorf("count attempts by version: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
