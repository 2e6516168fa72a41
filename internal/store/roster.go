package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// RosterStudent is one line of an instructor's roster.
type RosterStudent struct {
	StudentID string
	Name      string
	Email     string
}

// Bounds of a roster file.
const (
	MaxRosterBytes    = 512 << 10
	MaxRosterStudents = 5000
	maxStudentID      = 64
	maxEmail          = 254
)

// ErrBadRoster is returned for a roster file that cannot be imported; the
// message says which line and what is wrong, and nothing was imported.
var ErrBadRoster = errors.New("bad roster")

// ParseRoster reads a roster CSV: student_id,name[,email] per line, with
// an optional header line (its first cell is "student_id"). It reads at
// most MaxRosterBytes and MaxRosterStudents, and refuses the whole file on
// the first problem, naming its line.
func ParseRoster(r io.Reader) ([]RosterStudent, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxRosterBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read roster: %w", err)
	}
	if len(b) > MaxRosterBytes {
		return nil, fmt.Errorf("%w: the file is larger than %d bytes", ErrBadRoster, MaxRosterBytes)
	}
	b = bytes.TrimPrefix(b, []byte("\ufeff")) // a spreadsheet's byte order mark
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%w: line %d: the file is not UTF-8 text (save it as \"CSV UTF-8\")", ErrBadRoster, firstInvalidLine(b))
	}
	// Old Mac spreadsheets end lines with a lone CR, which encoding/csv
	// does not take for a line end.
	b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	cr := csv.NewReader(bytes.NewReader(b))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []RosterStudent
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, rosterReadError(err)
		}
		line, _ := cr.FieldPos(0)
		if len(out) == 0 && len(seen) == 0 && strings.EqualFold(strings.TrimSpace(rec[0]), "student_id") {
			continue
		}
		st, err := rosterLine(rec)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadRoster, line, err)
		}
		if first, dup := seen[st.StudentID]; dup {
			return nil, fmt.Errorf("%w: line %d: student id %q is already on line %d", ErrBadRoster, line, st.StudentID, first)
		}
		seen[st.StudentID] = line
		if out = append(out, st); len(out) > MaxRosterStudents {
			return nil, fmt.Errorf("%w: more than %d students", ErrBadRoster, MaxRosterStudents)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no student in the file (one line per student: student_id,name[,email])", ErrBadRoster)
	}
	return out, nil
}

// rosterReadError names the line of a CSV syntax error, in words an
// instructor can act on.
func rosterReadError(err error) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("%w: %v", ErrBadRoster, err)
	}
	what := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		what = `a " inside a field that is not quoted: quote the whole field and double the " ("Ann ""Nan"" Lee")`
	case errors.Is(pe.Err, csv.ErrQuote):
		what = `a quoted field is not closed, or a " follows its closing quote: double every " inside a quoted field`
	}
	line := pe.StartLine
	if line == 0 {
		line = pe.Line
	}
	return fmt.Errorf("%w: line %d: %s", ErrBadRoster, line, what)
}

func rosterLine(rec []string) (RosterStudent, error) {
	if len(rec) < 2 || len(rec) > 3 {
		return RosterStudent{}, fmt.Errorf("%d columns, want student_id,name[,email]", len(rec))
	}
	id, err := normalizeStudentID(rec[0])
	if err != nil {
		return RosterStudent{}, err
	}
	st := RosterStudent{StudentID: id, Name: CleanDisplayName(rec[1])}
	if len(rec) == 3 {
		st.Email = strings.TrimSpace(rec[2])
	}
	switch {
	case st.Name == "":
		return st, errors.New("the name is empty")
	case st.Email != "" && (len(st.Email) > maxEmail || !strings.Contains(st.Email, "@") || strings.ContainsAny(st.Email, " \t<>,;")):
		return st, fmt.Errorf("%q is not an e-mail address", st.Email)
	}
	return st, nil
}

// ImportRoster adds the students not yet in the current room, each a
// learner with the roster's name and a resume code that is their
// personal join code, and updates the name and e-mail of those already
// in it. It returns how many were added and updated.
func (s *Store) ImportRoster(ctx context.Context, students []RosterStudent) (added, updated int, err error) {
	now := s.now().UnixMilli()
	err = s.inTx(ctx, func(tx *txn) error {
		added, updated = 0, 0
		for _, st := range students {
			res, err := tx.ExecContext(ctx, `UPDATE learners SET display_name = ?, email = ? WHERE student_id = ? AND archive_id IS NULL`,
				st.Name, st.Email, st.StudentID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				updated++
				continue
			}
			if err := insertStudent(ctx, tx, st, now); err != nil {
				return err
			}
			added++
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("import roster: %w", err)
	}
	return added, updated, nil
}

// insertStudent creates a roster student's learner. Its own token is
// never given out: the student's browsers get theirs by the resume code.
func insertStudent(ctx context.Context, tx *txn, st RosterStudent, now int64) error {
	_, hash := newToken()
	for range 5 {
		id, err := nextLearnerID(ctx, tx)
		if err != nil {
			return err
		}
		var got int64
		err = tx.QueryRowContext(ctx, `
			INSERT INTO learners(id, token_hash, resume_code, display_name, student_id, email, created_at, last_seen_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(resume_code) DO NOTHING RETURNING id`,
			id, hash, newResumeCode(), st.Name, st.StudentID, st.Email, now, now).Scan(&got)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("add student %s: %w", st.StudentID, err)
		}
	}
	return fmt.Errorf("add student %s: no free resume code after 5 tries", st.StudentID)
}

// LearnerByResumeCode finds the learner of the current room a resume code
// (a roster student's personal code) belongs to, without adopting it.
func (s *Store) LearnerByResumeCode(ctx context.Context, code string) (Learner, error) {
	norm, ok := NormalizeResumeCode(code)
	if !ok {
		return Learner{}, ErrNotFound
	}
	l, err := scanLearner(s.read.QueryRowContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE l.resume_code = ? AND l.archive_id IS NULL`, norm))
	if errors.Is(err, sql.ErrNoRows) {
		return Learner{}, ErrNotFound
	}
	if err != nil {
		return Learner{}, fmt.Errorf("find learner by resume code: %w", err)
	}
	return l, nil
}

// Joined tells whether a learner has a browser: a roster student has one
// once they opened their personal link.
func (s *Store) Joined(ctx context.Context) (map[int64]bool, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT DISTINCT learner_id FROM learner_tokens`)
	if err != nil {
		return nil, fmt.Errorf("read who joined: %w", err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read who joined: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// firstInvalidLine is the line of the first byte of b that is not UTF-8.
func firstInvalidLine(b []byte) int {
	line := 1
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			return line
		}
		if r == '\n' {
			line++
		}
		b = b[n:]
	}
	return line
}
