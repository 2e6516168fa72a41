package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ReissueResumeCode gives a learner of the current room a new resume code
// (for a roster student, their personal code and link), for a code that
// leaked: from now on the old code finds no one, and every browser that
// came in with a resume code is signed out (it may be the one that found
// the leaked code); the browser the learner started on, and the
// learner's progress, stay. An unknown or archived learner is ErrNotFound.
func (s *Store) ReissueResumeCode(ctx context.Context, id int64) (Learner, error) {
	code := newResumeCode()
	err := s.inTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE learners SET resume_code = ? WHERE id = ? AND archive_id IS NULL`, code, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM learner_tokens WHERE learner_id = ?`, id)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return Learner{}, ErrNotFound
	}
	if err != nil {
		return Learner{}, fmt.Errorf("reissue the resume code of learner %d: %w", id, err)
	}
	return s.LearnerByID(ctx, id)
}

// LearnerByStudentID finds the learner of the current room with a roster's
// student id.
func (s *Store) LearnerByStudentID(ctx context.Context, studentID string) (Learner, error) {
	l, err := scanLearner(s.read.QueryRowContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE l.student_id = ? AND l.archive_id IS NULL`, studentID))
	if errors.Is(err, sql.ErrNoRows) {
		return Learner{}, ErrNotFound
	}
	if err != nil {
		return Learner{}, fmt.Errorf("find learner by student id: %w", err)
	}
	return l, nil
}
