package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Grade is one learner's result on one exercise, as the gradebook counts
// it.
type Grade struct {
	Passed bool // passed at least once
	// OnTime: passed before the learner's due time of the assignment the
	// gradebook was asked for (with no assignment, a pass not marked late).
	OnTime bool
}

// Gradebook is the grades of a room: every learner of it, including those
// who never answered, and their grades by learner id then exercise id.
type Gradebook struct {
	Learners []Learner
	Grades   map[int64]map[string]Grade
}

// GradebookFilter chooses the room and the deadline.
type GradebookFilter struct {
	// Archive is an archived room's id; 0 is the current room.
	Archive int64
	// Course, when set, is an LMS course's room (LTIRoom.ID): its
	// students, whatever Archive says.
	Course int64
	// Assignment, when set, judges OnTime against its due time and each
	// learner's extension.
	Assignment string
}

// defaultRoom selects the learners (aliased l) of the join-code
// workshop: not archived, and in no LMS course (those are rooms of their
// own).
const defaultRoom = `l.archive_id IS NULL AND NOT EXISTS (SELECT 1 FROM lti_members m WHERE m.learner_id = l.id)`

// roomClause selects the learners (aliased l) of a room.
func roomClause(archive int64) (string, []any) {
	if archive == 0 {
		return defaultRoom, nil
	}
	return `l.archive_id = ?`, []any{archive}
}

// courseClause selects the students (aliased l) of an LMS course.
func courseClause(course int64) (string, []any) {
	return `EXISTS (SELECT 1 FROM lti_members m WHERE m.learner_id = l.id AND m.context_ref = ? AND m.instructor = 0)`, []any{course}
}

// Gradebook reads a room's grades from the attempts themselves (not the
// progress rows), so that a regrade shows at once, in one snapshot.
func (s *Store) Gradebook(ctx context.Context, f GradebookFilter) (Gradebook, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Gradebook{}, fmt.Errorf("read gradebook: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to undo
	room, args := roomClause(f.Archive)
	if f.Course > 0 {
		room, args = courseClause(f.Course)
	}
	g := Gradebook{Grades: map[int64]map[string]Grade{}}
	rows, err := tx.QueryContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE `+room+` ORDER BY l.id`, args...)
	if err != nil {
		return Gradebook{}, fmt.Errorf("read gradebook: learners: %w", err)
	}
	for rows.Next() {
		l, err := scanLearner(rows)
		if err != nil {
			rows.Close()
			return Gradebook{}, fmt.Errorf("read gradebook: learners: %w", err)
		}
		g.Learners = append(g.Learners, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Gradebook{}, fmt.Errorf("read gradebook: learners: %w", err)
	}
	onTime := `a.late = 0`
	if f.Assignment != "" {
		// Placeholders in the query's order: the due time's, the
		// extension's, then the room's.
		onTime = `a.created_at <= coalesce(x.due_at, (SELECT due_at FROM assignments WHERE id = ?))`
		args = append([]any{f.Assignment, f.Assignment}, args...)
	}
	q := `SELECT a.learner_id, a.exercise_id, max(a.passed), max(CASE WHEN a.passed = 1 AND ` + onTime + ` THEN 1 ELSE 0 END)
		FROM attempts a JOIN learners l ON l.id = a.learner_id`
	if f.Assignment != "" {
		q += ` LEFT JOIN extensions x ON x.assignment_id = ? AND x.learner_id = a.learner_id`
	}
	q += ` WHERE ` + room + ` GROUP BY a.learner_id, a.exercise_id`
	rows, err = tx.QueryContext(ctx, q, args...)
	if err != nil {
		return Gradebook{}, fmt.Errorf("read gradebook: grades: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var ex string
		var passed, onTime int
		if err := rows.Scan(&id, &ex, &passed, &onTime); err != nil {
			return Gradebook{}, fmt.Errorf("read gradebook: grades: %w", err)
		}
		if g.Grades[id] == nil {
			g.Grades[id] = map[string]Grade{}
		}
		g.Grades[id][ex] = Grade{Passed: passed == 1, OnTime: onTime == 1}
	}
	if err := rows.Err(); err != nil {
		return Gradebook{}, fmt.Errorf("read gradebook: grades: %w", err)
	}
	return g, nil
}
