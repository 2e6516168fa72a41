package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/mcpplayground/playground/internal/names"
)

// This file holds what a workshop needs beyond one learner's progress: the
// instructor's dashboard, joining with a unique display name, and resets.

// ErrNameTaken is returned when a display name is already used by another
// learner of the workshop.
var ErrNameTaken = errors.New("display name already taken")

// ProblemCount is how many learners met one problem (a diagnostic code or a
// failed check id) on an exercise.
type ProblemCount struct {
	Code     string
	Learners int // distinct learners who had it at least once
	Attempts int // failed attempts that had it first
}

// ExerciseSummary sums up one exercise for the instructor.
type ExerciseSummary struct {
	ExerciseID string
	Attempted  int // learners with at least one attempt
	Passed     int // learners who passed
	Attempts   int
	Hints      int // hints revealed, summed over learners
	// MedianAttempts is the median number of attempts among the learners
	// who attempted the exercise (0 when none did).
	MedianAttempts float64
	// Problems are the most frequent first problems of failed attempts,
	// the most widespread first.
	Problems []ProblemCount
}

// Stuck is a learner who keeps failing an exercise they have not passed.
type Stuck struct {
	LearnerID  int64
	ExerciseID string
	Failures   int // failed attempts inside the window
	LastAt     time.Time
	// Mistake is the learner's most frequent first problem on the
	// exercise ('' when none was recorded).
	Mistake string
}

// StuckRule says what "stuck" means: at least MinFailures failed attempts
// at one exercise within Window, and no pass on it.
type StuckRule struct {
	Window      time.Duration
	MinFailures int
}

// Cell is one learner's record on one exercise, as the dashboard's matrix
// shows it: the few columns it needs, read without converting timestamps,
// because a room of 300 learners has thousands of them.
type Cell struct {
	LearnerID  int64
	ExerciseID string
	Status     Status
	Attempts   int
	Hints      int
}

// Dashboard is one consistent picture of the workshop: everything in it was
// read from the same snapshot of the database.
type Dashboard struct {
	Learners  []Learner
	Cells     []Cell            // by learner, then exercise
	Exercises []ExerciseSummary // by exercise id
	Stuck     []Stuck           // most failures first
	Attempts  int               // attempts stored in all
	At        time.Time
}

// Dashboard reads the workshop's state for the instructor in one read
// transaction, so the matrix, the sums and the stuck list agree. topProblems
// bounds the problems kept per exercise.
func (s *Store) Dashboard(ctx context.Context, now time.Time, rule StuckRule, topProblems int) (Dashboard, error) {
	return s.DashboardIn(ctx, 0, now, rule, topProblems)
}

// DashboardIn is Dashboard for an LMS course's room (course > 0, an
// LTIRoom.ID: its students) or the workshop's (0).
func (s *Store) DashboardIn(ctx context.Context, course int64, now time.Time, rule StuckRule, topProblems int) (Dashboard, error) {
	room := defaultRoom
	if course > 0 {
		// An id, not text: written into the query, so the numbered
		// placeholders of readStuck keep their numbers.
		room = `EXISTS (SELECT 1 FROM lti_members m WHERE m.learner_id = l.id AND m.context_ref = ` + strconv.FormatInt(course, 10) + ` AND m.instructor = 0)`
	}
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Dashboard{}, fmt.Errorf("read dashboard: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to undo
	d := Dashboard{At: now}
	if err := d.readLearners(ctx, tx, room); err != nil {
		return Dashboard{}, err
	}
	if err := d.readProgress(ctx, tx, room); err != nil {
		return Dashboard{}, err
	}
	problems, err := readProblems(ctx, tx, room, topProblems)
	if err != nil {
		return Dashboard{}, err
	}
	for i := range d.Exercises {
		d.Exercises[i].Problems = problems[d.Exercises[i].ExerciseID]
	}
	if err := d.readStuck(ctx, tx, room, now, rule); err != nil {
		return Dashboard{}, err
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM attempts a JOIN learners l ON l.id = a.learner_id WHERE `+room).Scan(&d.Attempts); err != nil {
		return Dashboard{}, fmt.Errorf("read dashboard: count attempts: %w", err)
	}
	return d, nil
}

func (d *Dashboard) readLearners(ctx context.Context, tx *txn, room string) error {
	rows, err := tx.QueryContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE `+room+` ORDER BY l.id`)
	if err != nil {
		return fmt.Errorf("read dashboard: learners: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLearner(rows)
		if err != nil {
			return fmt.Errorf("read dashboard: learners: %w", err)
		}
		d.Learners = append(d.Learners, l)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read dashboard: learners: %w", err)
	}
	return nil
}

// readProgress reads every progress row and sums each exercise up from
// them: the rows are needed for the matrix anyway, and the median needs
// every value.
func (d *Dashboard) readProgress(ctx context.Context, tx *txn, room string) error {
	rows, err := tx.QueryContext(ctx, `SELECT learner_id, exercise_id, status, attempts, hints_revealed FROM exercise_progress
		WHERE learner_id IN (SELECT l.id FROM learners l WHERE `+room+`) ORDER BY learner_id, exercise_id`)
	if err != nil {
		return fmt.Errorf("read dashboard: progress: %w", err)
	}
	defer rows.Close()
	byID := map[string]*ExerciseSummary{}
	counts := map[string][]int{}
	for rows.Next() {
		var p Cell
		if err := rows.Scan(&p.LearnerID, &p.ExerciseID, &p.Status, &p.Attempts, &p.Hints); err != nil {
			return fmt.Errorf("read dashboard: progress: %w", err)
		}
		d.Cells = append(d.Cells, p)
		sum := byID[p.ExerciseID]
		if sum == nil {
			sum = &ExerciseSummary{ExerciseID: p.ExerciseID}
			byID[p.ExerciseID] = sum
		}
		sum.Hints += p.Hints
		if p.Attempts > 0 {
			sum.Attempted++
			sum.Attempts += p.Attempts
			counts[p.ExerciseID] = append(counts[p.ExerciseID], p.Attempts)
		}
		if p.Status == StatusPassed {
			sum.Passed++
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read dashboard: progress: %w", err)
	}
	for id, sum := range byID {
		sum.MedianAttempts = median(counts[id])
		d.Exercises = append(d.Exercises, *sum)
	}
	sort.Slice(d.Exercises, func(i, j int) bool { return d.Exercises[i].ExerciseID < d.Exercises[j].ExerciseID })
	return nil
}

func median(xs []int) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Ints(xs)
	n := len(xs)
	if n%2 == 1 {
		return float64(xs[n/2])
	}
	return float64(xs[n/2-1]+xs[n/2]) / 2
}

// readProblems counts, per exercise, the learners who met each first
// problem. Counting learners rather than attempts keeps one learner who
// retries twenty times from hiding what the rest of the room misunderstands.
func readProblems(ctx context.Context, tx *txn, room string, top int) (map[string][]ProblemCount, error) {
	rows, err := tx.QueryContext(ctx, `
		SELECT exercise_id, first_problem, count(DISTINCT learner_id), count(*)
		FROM attempts WHERE passed = 0 AND first_problem <> ''
			AND learner_id IN (SELECT l.id FROM learners l WHERE `+room+`)
		GROUP BY exercise_id, first_problem`)
	if err != nil {
		return nil, fmt.Errorf("read dashboard: problems: %w", err)
	}
	defer rows.Close()
	out := map[string][]ProblemCount{}
	for rows.Next() {
		var ex string
		var pc ProblemCount
		if err := rows.Scan(&ex, &pc.Code, &pc.Learners, &pc.Attempts); err != nil {
			return nil, fmt.Errorf("read dashboard: problems: %w", err)
		}
		out[ex] = append(out[ex], pc)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read dashboard: problems: %w", err)
	}
	for ex, pcs := range out {
		sort.Slice(pcs, func(i, j int) bool {
			a, b := pcs[i], pcs[j]
			if a.Learners != b.Learners {
				return a.Learners > b.Learners
			}
			if a.Attempts != b.Attempts {
				return a.Attempts > b.Attempts
			}
			return a.Code < b.Code
		})
		if top > 0 && len(pcs) > top {
			out[ex] = pcs[:top]
		}
	}
	return out, nil
}

func (d *Dashboard) readStuck(ctx context.Context, tx *txn, room string, now time.Time, rule StuckRule) error {
	if rule.MinFailures <= 0 || rule.Window <= 0 {
		return nil
	}
	// Only a pair that has failed at least MinFailures times and never
	// passed can be stuck, and a busy room has few: start from those
	// (CROSS JOIN fixes the order) and count each one's recent failures
	// through the (learner, exercise) index, rather than reading every
	// attempt of the last minutes.
	rows, err := tx.QueryContext(ctx, `
		SELECT p.learner_id, p.exercise_id, count(*), max(a.created_at),
			coalesce((SELECT m.first_problem FROM attempts m
				WHERE m.learner_id = p.learner_id AND m.exercise_id = p.exercise_id AND m.passed = 0 AND m.first_problem <> ''
				GROUP BY m.first_problem ORDER BY count(*) DESC, m.first_problem LIMIT 1), '')
		FROM exercise_progress p CROSS JOIN attempts a
		WHERE p.status = 'failed' AND p.failed_attempts >= ?2
			AND p.learner_id IN (SELECT l.id FROM learners l WHERE `+room+`)
			AND a.learner_id = p.learner_id AND a.exercise_id = p.exercise_id
			AND a.passed = 0 AND +a.created_at >= ?1
		GROUP BY p.learner_id, p.exercise_id
		HAVING count(*) >= ?2
		ORDER BY count(*) DESC, max(a.created_at) DESC, p.learner_id`,
		now.Add(-rule.Window).UnixMilli(), rule.MinFailures)
	if err != nil {
		return fmt.Errorf("read dashboard: stuck learners: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st Stuck
		var last int64
		if err := rows.Scan(&st.LearnerID, &st.ExerciseID, &st.Failures, &last, &st.Mistake); err != nil {
			return fmt.Errorf("read dashboard: stuck learners: %w", err)
		}
		st.LastAt = time.UnixMilli(last)
		d.Stuck = append(d.Stuck, st)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read dashboard: stuck learners: %w", err)
	}
	return nil
}

// JoinWorkshop gives a learner a display name that no other learner of the
// workshop has (compared without regard to case). With learnerID 0 it
// creates the learner and returns its browser token; otherwise it names the
// existing learner and the token is empty. A name that is empty once
// cleaned, or taken, gives ErrNameTaken or an error saying so.
func (s *Store) JoinWorkshop(ctx context.Context, learnerID int64, name string) (Learner, string, error) {
	name = CleanDisplayName(name)
	if name == "" {
		return Learner{}, "", errors.New("join workshop: empty display name")
	}
	var (
		l     Learner
		token string
	)
	// On SQLite the write connection is single and its transactions take
	// the lock at BEGIN; on PostgreSQL an advisory lock does the same
	// across instances: the check and the write cannot interleave with
	// another join.
	err := s.inTx(ctx, func(tx *txn) error {
		if err := lockFor(ctx, tx, lockNames); err != nil {
			return err
		}
		if err := nameFree(ctx, tx, learnerID, name); err != nil {
			return err
		}
		now := s.now().UnixMilli()
		if learnerID != 0 {
			var err error
			l, err = scanLearner(tx.QueryRowContext(ctx, `
				UPDATE learners SET display_name = ?, last_seen_at = ? WHERE id = ?
				RETURNING id, display_name, resume_code, created_at, last_seen_at, student_id, email, coalesce(archive_id, 0)`, name, now, learnerID))
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		var hash []byte
		token, hash = newToken()
		for range 5 {
			l = Learner{DisplayName: name, ResumeCode: newResumeCode(), CreatedAt: time.UnixMilli(now), LastSeenAt: time.UnixMilli(now)}
			id, err := nextLearnerID(ctx, tx)
			if err != nil {
				return err
			}
			err = tx.QueryRowContext(ctx, `
				INSERT INTO learners(id, token_hash, resume_code, display_name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT(resume_code) DO NOTHING RETURNING id`,
				id, hash, l.ResumeCode, name, now, now).Scan(&l.ID)
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		return errors.New("no free resume code after 5 tries")
	})
	switch {
	case errors.Is(err, ErrNameTaken), errors.Is(err, ErrNotFound):
		return Learner{}, "", err
	case err != nil:
		return Learner{}, "", fmt.Errorf("join workshop as %q: %w", name, err)
	}
	return l, token, nil
}

// nameFree reports ErrNameTaken when another learner than self has name,
// or one a reader takes for it (names.Same: case, look-alike letters,
// invisible characters). Names are compared in Go: SQLite's NOCASE folds only ASCII, and a room
// holds "Élodie" and "élodie" as surely as "Max" and "max". A workshop has
// at most a few hundred names, so reading them all costs nothing.
func nameFree(ctx context.Context, tx *txn, self int64, name string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, display_name FROM learners WHERE display_name <> '' AND id <> ? AND archive_id IS NULL`, self)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var other string
		if err := rows.Scan(&id, &other); err != nil {
			return err
		}
		if names.Same(other, name) {
			return ErrNameTaken
		}
	}
	return rows.Err()
}

// ResetLearner erases a learner's attempts, progress and lessons read, but
// keeps the learner, so their browser and resume code still work and they
// start the course again. An unknown learner gives ErrNotFound.
func (s *Store) ResetLearner(ctx context.Context, id int64) error {
	err := s.inTx(ctx, func(tx *txn) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM learners WHERE id = ?`, id).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		for _, q := range []string{
			`DELETE FROM reviews WHERE learner_id = ?`,
			`DELETE FROM attempts WHERE learner_id = ?`,
			`DELETE FROM exercise_progress WHERE learner_id = ?`,
			`DELETE FROM lessons_read WHERE learner_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("reset learner %d: %w", id, err)
	}
	return nil
}

// ResetWorkshop archives the room, so the next group starts from an empty
// one (and may reuse the same names): every learner of the current room,
// with everything they did, moves to a new archive, readable and
// exportable (?archive=N) until EraseArchive. Their browsers are no
// longer learners of the room. It returns how many learners were archived.
func (s *Store) ResetWorkshop(ctx context.Context) (int, error) {
	var n int64
	err := s.inTx(ctx, func(tx *txn) error {
		var archive int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO archives(created_at) VALUES (?) RETURNING id`, s.now().UnixMilli()).Scan(&archive); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE learners SET archive_id = ? WHERE archive_id IS NULL AND id NOT IN (SELECT learner_id FROM lti_members)`, archive)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("reset workshop: %w", err)
	}
	return int(n), nil
}

// Archive is a room archived by a workshop reset.
type Archive struct {
	ID        int64
	CreatedAt time.Time
	Learners  int
	Attempts  int
}

// Archives lists the archived rooms, the latest first.
func (s *Store) Archives(ctx context.Context) ([]Archive, error) {
	rows, err := s.read.QueryContext(ctx, `
		SELECT r.id, r.created_at,
			(SELECT count(*) FROM learners l WHERE l.archive_id = r.id),
			(SELECT count(*) FROM attempts a JOIN learners l ON l.id = a.learner_id WHERE l.archive_id = r.id)
		FROM archives r ORDER BY r.id DESC`)
	if err != nil {
		return nil, fmt.Errorf("list archives: %w", err)
	}
	defer rows.Close()
	var out []Archive
	for rows.Next() {
		var a Archive
		var at int64
		if err := rows.Scan(&a.ID, &at, &a.Learners, &a.Attempts); err != nil {
			return nil, fmt.Errorf("list archives: %w", err)
		}
		a.CreatedAt = time.UnixMilli(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// EraseArchive erases an archived room for good: its learners with
// everything they did. An unknown archive gives ErrNotFound. It returns
// how many learners were erased.
func (s *Store) EraseArchive(ctx context.Context, id int64) (int, error) {
	var n int64
	err := s.inTx(ctx, func(tx *txn) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM archives WHERE id = ?`, id).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		// Children first: explicit deletes are cheaper than per-row
		// cascades on a large attempts table.
		in := ` WHERE learner_id IN (SELECT id FROM learners WHERE archive_id = ?)`
		for _, q := range []string{
			`DELETE FROM reviews` + in,
			`DELETE FROM attempt_codes WHERE attempt_id IN (SELECT a.id FROM attempts a JOIN learners l ON l.id = a.learner_id WHERE l.archive_id = ?)`,
			`DELETE FROM attempts` + in,
			`DELETE FROM exercise_progress` + in,
			`DELETE FROM lessons_read` + in,
			`DELETE FROM learner_tokens` + in,
			`DELETE FROM extensions` + in,
		} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM learners WHERE archive_id = ?`, id)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		_, err = tx.ExecContext(ctx, `DELETE FROM archives WHERE id = ?`, id)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("erase archive %d: %w", id, err)
	}
	return int(n), nil
}
