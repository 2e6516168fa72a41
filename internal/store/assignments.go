package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"time"
)

// Assignment groups exercises under a due time. Attempts sent after a
// learner's due time (the assignment's, or their extension) are kept and
// marked late.
type Assignment struct {
	ID        string // short, for URLs and CSV filters: "week-1"
	Title     string
	Due       time.Time
	Exercises []string // exercise ids, in the order given
}

// Bounds of an assignment as the instructor types it.
const (
	MaxAssignmentTitle     = 120
	MaxAssignmentExercises = 200
)

var assignmentID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// ErrBadAssignment is returned for an assignment that cannot be kept: its
// message says what is wrong.
var ErrBadAssignment = errors.New("bad assignment")

func (a Assignment) validate() error {
	switch {
	case !assignmentID.MatchString(a.ID):
		return fmt.Errorf("%w: the id %q must be 1 to 40 lower-case letters, digits or dashes", ErrBadAssignment, a.ID)
	case a.Title == "" || len([]rune(a.Title)) > MaxAssignmentTitle:
		return fmt.Errorf("%w: the title must have 1 to %d characters", ErrBadAssignment, MaxAssignmentTitle)
	case a.Due.IsZero():
		return fmt.Errorf("%w: no due time", ErrBadAssignment)
	case len(a.Exercises) == 0 || len(a.Exercises) > MaxAssignmentExercises:
		return fmt.Errorf("%w: it must hold 1 to %d exercises", ErrBadAssignment, MaxAssignmentExercises)
	}
	return nil
}

// roomRef is how a room is kept in assignments.course_ref: NULL for the
// workshop (room 0), else the LMS course's id.
func roomRef(course int64) any {
	if course <= 0 {
		return nil
	}
	return course
}

// SaveAssignment creates the assignment in the room (0: the workshop, else
// an LMS course's id) or replaces the room's one with its id (title, due
// time and exercises; extensions are kept). An id another room uses is
// refused: ids are unique across rooms.
func (s *Store) SaveAssignment(ctx context.Context, course int64, a Assignment) error {
	if err := a.validate(); err != nil {
		return err
	}
	now := s.now().UnixMilli()
	err := s.inTx(ctx, func(tx *txn) error {
		var other int64
		err := tx.QueryRowContext(ctx, `SELECT coalesce(course_ref, 0) FROM assignments WHERE id = ?`, a.ID).Scan(&other)
		if err == nil && other != max(course, 0) {
			return fmt.Errorf("%w: the id %q is taken: choose another", ErrBadAssignment, a.ID)
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO assignments(id, title, due_at, created_at, course_ref) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT(id) DO UPDATE SET title = excluded.title, due_at = excluded.due_at`,
			a.ID, a.Title, a.Due.UnixMilli(), now, roomRef(course)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM assignment_exercises WHERE assignment_id = ?`, a.ID); err != nil {
			return err
		}
		seen := map[string]bool{}
		for i, ex := range a.Exercises {
			if seen[ex] {
				continue
			}
			seen[ex] = true
			if _, err := tx.ExecContext(ctx, `INSERT INTO assignment_exercises(assignment_id, exercise_id, position) VALUES (?, ?, ?)`, a.ID, ex, i); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrBadAssignment) {
		return err
	}
	if err != nil {
		return fmt.Errorf("save assignment %s: %w", a.ID, err)
	}
	return nil
}

// DeleteAssignment removes the room's assignment and its extensions (an
// assignment of another room is ErrNotFound); the attempts stay as they
// were marked.
func (s *Store) DeleteAssignment(ctx context.Context, course int64, id string) error {
	err := s.inTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM assignments WHERE id = ? AND coalesce(course_ref, 0) = ?`, id, max(course, 0))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete assignment %s: %w", id, err)
	}
	return nil
}

// Assignments lists the room's assignments (0: the workshop's, else the
// LMS course's), the soonest due first.
func (s *Store) Assignments(ctx context.Context, course int64) ([]Assignment, error) {
	return s.assignmentsWhere(ctx, `coalesce(a.course_ref, 0) = ?`, max(course, 0))
}

func (s *Store) assignmentsWhere(ctx context.Context, where string, args ...any) ([]Assignment, error) {
	rows, err := s.read.QueryContext(ctx, `
		SELECT a.id, a.title, a.due_at, coalesce(e.exercise_id, '')
		FROM assignments a LEFT JOIN assignment_exercises e ON e.assignment_id = a.id
		WHERE `+where+`
		ORDER BY a.due_at, a.id, e.position`, args...)
	if err != nil {
		return nil, fmt.Errorf("list assignments: %w", err)
	}
	defer rows.Close()
	var out []Assignment
	for rows.Next() {
		var id, title, ex string
		var due int64
		if err := rows.Scan(&id, &title, &due, &ex); err != nil {
			return nil, fmt.Errorf("list assignments: %w", err)
		}
		if len(out) == 0 || out[len(out)-1].ID != id {
			out = append(out, Assignment{ID: id, Title: title, Due: time.UnixMilli(due)})
		}
		if ex != "" {
			last := &out[len(out)-1]
			last.Exercises = append(last.Exercises, ex)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list assignments: %w", err)
	}
	return out, nil
}

// AssignmentByID returns one assignment of the room, or ErrNotFound (also
// for another room's).
func (s *Store) AssignmentByID(ctx context.Context, course int64, id string) (Assignment, error) {
	all, err := s.assignmentsWhere(ctx, `a.id = ? AND coalesce(a.course_ref, 0) = ?`, id, max(course, 0))
	if err != nil {
		return Assignment{}, err
	}
	if len(all) == 0 {
		return Assignment{}, ErrNotFound
	}
	return all[0], nil
}

// SetExtension gives a learner their own due time for an assignment; a
// zero due removes the extension.
func (s *Store) SetExtension(ctx context.Context, assignment string, learnerID int64, due time.Time) error {
	err := s.inTx(ctx, func(tx *txn) error {
		if due.IsZero() {
			_, err := tx.ExecContext(ctx, `DELETE FROM extensions WHERE assignment_id = ? AND learner_id = ?`, assignment, learnerID)
			return err
		}
		_, err := tx.ExecContext(ctx, `
			INSERT INTO extensions(assignment_id, learner_id, due_at) VALUES (?, ?, ?)
			ON CONFLICT(assignment_id, learner_id) DO UPDATE SET due_at = excluded.due_at`,
			assignment, learnerID, due.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("set the extension of learner %d on %s: %w", learnerID, assignment, err)
	}
	return nil
}

// Due is one assignment as one learner sees it: its due time, theirs if
// they have an extension.
type Due struct {
	Assignment
	Extended bool
}

// learnerRooms keeps the assignments (a) of a learner's rooms: their LMS
// courses, else the workshop. It takes the learner's id twice.
const learnerRooms = `(a.course_ref IN (SELECT context_ref FROM lti_members WHERE learner_id = ?)
		OR (a.course_ref IS NULL AND NOT EXISTS (SELECT 1 FROM lti_members WHERE learner_id = ?)))`

// DuesFor lists the assignments of the learner's rooms (their LMS
// courses, else the workshop) with their own due times, the soonest first.
func (s *Store) DuesFor(ctx context.Context, learnerID int64) ([]Due, error) {
	all, err := s.assignmentsWhere(ctx, learnerRooms, learnerID, learnerID)
	if err != nil {
		return nil, err
	}
	ext := map[string]time.Time{}
	rows, err := s.read.QueryContext(ctx, `SELECT assignment_id, due_at FROM extensions WHERE learner_id = ?`, learnerID)
	if err != nil {
		return nil, fmt.Errorf("read extensions of learner %d: %w", learnerID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var due int64
		if err := rows.Scan(&id, &due); err != nil {
			return nil, fmt.Errorf("read extensions of learner %d: %w", learnerID, err)
		}
		ext[id] = time.UnixMilli(due)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read extensions of learner %d: %w", learnerID, err)
	}
	out := make([]Due, 0, len(all))
	for _, a := range all {
		d := Due{Assignment: a}
		if t, ok := ext[a.ID]; ok {
			d.Due, d.Extended = t, true
		}
		out = append(out, d)
	}
	return out, nil
}

// lateIn tells whether an attempt sent at ms is late: the exercise belongs
// to at least one assignment of the learner's rooms and ms is past the
// learner's due time of every one of them (an exercise still open in some
// assignment is not late).
func lateIn(ctx context.Context, tx *txn, learnerID int64, exerciseID string, ms int64) (bool, error) {
	var n, open int
	err := tx.QueryRowContext(ctx, `
		SELECT count(*), coalesce(sum(CASE WHEN coalesce(x.due_at, a.due_at) >= ? THEN 1 ELSE 0 END), 0)
		FROM assignment_exercises e JOIN assignments a ON a.id = e.assignment_id
		LEFT JOIN extensions x ON x.assignment_id = a.id AND x.learner_id = ?
		WHERE e.exercise_id = ? AND `+learnerRooms, ms, learnerID, exerciseID, learnerID, learnerID).Scan(&n, &open)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read due times: %w", err)
	}
	return n > 0 && open == 0, nil
}

// Extension is one learner's own due time for one assignment.
type Extension struct {
	Assignment string
	LearnerID  int64
	Due        time.Time
}

// Extensions lists the extensions of the room's assignments, by
// assignment then learner.
func (s *Store) Extensions(ctx context.Context, course int64) ([]Extension, error) {
	rows, err := s.read.QueryContext(ctx, `
		SELECT x.assignment_id, x.learner_id, x.due_at FROM extensions x JOIN assignments a ON a.id = x.assignment_id
		WHERE coalesce(a.course_ref, 0) = ? ORDER BY x.assignment_id, x.learner_id`, max(course, 0))
	if err != nil {
		return nil, fmt.Errorf("list extensions: %w", err)
	}
	defer rows.Close()
	var out []Extension
	for rows.Next() {
		var x Extension
		var due int64
		if err := rows.Scan(&x.Assignment, &x.LearnerID, &due); err != nil {
			return nil, fmt.Errorf("list extensions: %w", err)
		}
		x.Due = time.UnixMilli(due)
		out = append(out, x)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list extensions: %w", err)
	}
	return out, nil
}
