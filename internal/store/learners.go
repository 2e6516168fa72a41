package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/names"
)

// Learner is an anonymous learner. The browser holds a random token; the
// database keeps only its SHA-256, so a copied database cannot be used to
// impersonate anyone.
type Learner struct {
	ID          int64
	DisplayName string
	// ResumeCode continues the same progress on another device, as
	// "ABCD-2345".
	ResumeCode string
	CreatedAt  time.Time
	LastSeenAt time.Time
	// StudentID and Email come from the instructor's roster ('' for a
	// learner who joined by the room's code): the university's id, which
	// the gradebook gives as the learner.
	StudentID string
	Email     string
	// ArchiveID is the archived room the learner belongs to, 0 for the
	// current room.
	ArchiveID int64
}

// Key is what the gradebook and the exports call the learner: the
// university's id for a roster student, else the playground's id.
func (l Learner) Key() string {
	if l.StudentID != "" {
		return l.StudentID
	}
	return strconv.FormatInt(l.ID, 10)
}

// tokenBytes is the entropy of a learner token: 256 bits, well above the
// 128 a guessable-in-practice bound would need.
const tokenBytes = 32

// resumeAlphabet has no 0/O or 1/I so a code read aloud or copied by hand
// survives; 32 symbols make each random byte map to one symbol evenly.
const resumeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// resumeLen is the number of symbols in a resume code: 40 bits, enough that
// guessing one of a workshop's codes online is hopeless.
const resumeLen = 8

// MaxDisplayName is the longest display name kept, in characters.
const MaxDisplayName = 40

// newToken returns a fresh learner token for the cookie and the hash to store.
func newToken() (token string, hash []byte) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// validToken rejects values that cannot be a token before touching the
// database: forged or truncated cookies are common and cheap to refuse.
func validToken(token string) bool {
	if len(token) != base64.RawURLEncoding.EncodedLen(tokenBytes) {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}

func newResumeCode() string {
	b := make([]byte, resumeLen)
	_, _ = rand.Read(b)
	out := make([]byte, 0, resumeLen+1)
	for i, c := range b {
		if i == resumeLen/2 {
			out = append(out, '-')
		}
		out = append(out, resumeAlphabet[c&31])
	}
	return string(out)
}

// NormalizeResumeCode turns what a learner typed ("abcd 2345", "ABCD-2345")
// into the stored form, or reports that it cannot be a resume code.
func NormalizeResumeCode(s string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			continue
		case r < 128 && strings.IndexByte(resumeAlphabet, byte(r)) >= 0:
			if b.Len() == resumeLen/2 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
		default:
			return "", false
		}
		if b.Len() > resumeLen+1 {
			return "", false
		}
	}
	if b.Len() != resumeLen+1 {
		return "", false
	}
	return b.String(), true
}

// CleanDisplayName normalises a display name (names.Clean: NFC, ordinary
// widths, one space between words, invisible characters dropped), drops
// control characters (bidi overrides and isolates among them) and cuts it
// to MaxDisplayName characters.
func CleanDisplayName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range names.Clean(s) {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0xfffd || isBidiControl(r) {
			continue
		}
		if n == MaxDisplayName {
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// isBidiControl reports whether r changes the direction of the text around
// it: shown as typed, a name with one can turn a dashboard row or a page
// title around.
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// CreateLearner creates a learner and returns it with the token to give
// the browser. The token is not stored and cannot be recovered.
func (s *Store) CreateLearner(ctx context.Context) (Learner, string, error) {
	token, hash := newToken()
	now := s.now()
	// A resume code collision is astronomically rare but possible: try again
	// with a new code rather than fail a learner's first click.
	for range 5 {
		l := Learner{ResumeCode: newResumeCode(), CreatedAt: now.Truncate(time.Millisecond), LastSeenAt: now.Truncate(time.Millisecond)}
		err := s.inTx(ctx, func(tx *txn) error {
			id, err := nextLearnerID(ctx, tx)
			if err != nil {
				return err
			}
			return tx.QueryRowContext(ctx,
				`INSERT INTO learners(id, token_hash, resume_code, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
				 ON CONFLICT(resume_code) DO NOTHING RETURNING id`,
				id, hash, l.ResumeCode, now.UnixMilli(), now.UnixMilli()).Scan(&l.ID)
		})
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return Learner{}, "", fmt.Errorf("create learner: %w", err)
		}
		return l, token, nil
	}
	return Learner{}, "", errors.New("create learner: no free resume code after 5 tries")
}

// nextLearnerID draws a learner id that no learner ever had, on this
// database, whatever was deleted before: SQLite's learner_ids counter (see
// migration 0006) or PostgreSQL's identity sequence.
func nextLearnerID(ctx context.Context, tx *txn) (int64, error) {
	var id int64
	if tx.engine == Postgres {
		err := tx.QueryRowContext(ctx, `SELECT nextval(pg_get_serial_sequence('learners', 'id'))`).Scan(&id)
		if err != nil {
			return 0, fmt.Errorf("draw a learner id: %w", err)
		}
		return id, nil
	}
	if err := tx.QueryRowContext(ctx, `INSERT INTO learner_ids DEFAULT VALUES RETURNING id`).Scan(&id); err != nil {
		return 0, fmt.Errorf("draw a learner id: %w", err)
	}
	// The counter lives in sqlite_sequence: the row itself is not needed.
	if _, err := tx.ExecContext(ctx, `DELETE FROM learner_ids`); err != nil {
		return 0, fmt.Errorf("draw a learner id: %w", err)
	}
	return id, nil
}

const learnerColumns = `l.id, l.display_name, l.resume_code, l.created_at, l.last_seen_at, l.student_id, l.email, coalesce(l.archive_id, 0)`

func scanLearner(row interface{ Scan(...any) error }) (Learner, error) {
	var l Learner
	var created, seen int64
	if err := row.Scan(&l.ID, &l.DisplayName, &l.ResumeCode, &created, &seen, &l.StudentID, &l.Email, &l.ArchiveID); err != nil {
		return Learner{}, err
	}
	l.CreatedAt, l.LastSeenAt = time.UnixMilli(created), time.UnixMilli(seen)
	return l, nil
}

// LearnerByToken finds the learner a browser token belongs to. A malformed
// or unknown token gives ErrNotFound.
func (s *Store) LearnerByToken(ctx context.Context, token string) (Learner, error) {
	if !validToken(token) {
		return Learner{}, ErrNotFound
	}
	h := hashToken(token)
	l, err := scanLearner(s.read.QueryRowContext(ctx, `
		SELECT `+learnerColumns+` FROM learners l WHERE l.token_hash = ? AND l.archive_id IS NULL
		UNION ALL
		SELECT `+learnerColumns+` FROM learner_tokens t JOIN learners l ON l.id = t.learner_id WHERE t.token_hash = ? AND l.archive_id IS NULL
		LIMIT 1`, h, h))
	if errors.Is(err, sql.ErrNoRows) {
		return Learner{}, ErrNotFound
	}
	if err != nil {
		return Learner{}, fmt.Errorf("find learner by token: %w", err)
	}
	return l, nil
}

// LearnerByID finds a learner by id.
func (s *Store) LearnerByID(ctx context.Context, id int64) (Learner, error) {
	l, err := scanLearner(s.read.QueryRowContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE l.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Learner{}, ErrNotFound
	}
	if err != nil {
		return Learner{}, fmt.Errorf("find learner %d: %w", id, err)
	}
	return l, nil
}

// AdoptByResumeCode gives a new device the identity that owns code: it
// returns that learner and a fresh token for the new device. An unknown or
// malformed code gives ErrNotFound.
func (s *Store) AdoptByResumeCode(ctx context.Context, code string) (Learner, string, error) {
	norm, ok := NormalizeResumeCode(code)
	if !ok {
		return Learner{}, "", ErrNotFound
	}
	token, hash := newToken()
	var l Learner
	err := s.inTx(ctx, func(tx *txn) error {
		var err error
		l, err = scanLearner(tx.QueryRowContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE l.resume_code = ? AND l.archive_id IS NULL`, norm))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		now := s.now().UnixMilli()
		if _, err := tx.ExecContext(ctx, `INSERT INTO learner_tokens(token_hash, learner_id, created_at) VALUES (?, ?, ?)`, hash, l.ID, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE learners SET last_seen_at = ? WHERE id = ?`, now, l.ID)
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return Learner{}, "", ErrNotFound
	}
	if err != nil {
		return Learner{}, "", fmt.Errorf("adopt learner by resume code: %w", err)
	}
	return l, token, nil
}

// SetDisplayName changes a learner's display name (cleaned with
// CleanDisplayName; empty removes it) and returns the name kept.
func (s *Store) SetDisplayName(ctx context.Context, id int64, name string) (string, error) {
	name = CleanDisplayName(name)
	err := s.inTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE learners SET display_name = ? WHERE id = ?`, name, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("set display name of learner %d: %w", id, err)
	}
	return name, nil
}

// Learners lists the learners of the current room, oldest first (for the
// instructor).
func (s *Store) Learners(ctx context.Context) ([]Learner, error) { return s.LearnersIn(ctx, 0) }

// LearnersIn lists the learners of a room: the current one (0) or an
// archived one, oldest first.
func (s *Store) LearnersIn(ctx context.Context, archive int64) ([]Learner, error) {
	room, args := roomClause(archive)
	return s.learnersWhere(ctx, room, args)
}

// LearnersOfCourse lists the learners (not the instructors) of an LMS
// course's room, oldest first.
func (s *Store) LearnersOfCourse(ctx context.Context, course int64) ([]Learner, error) {
	room, args := courseClause(course)
	return s.learnersWhere(ctx, room, args)
}

func (s *Store) learnersWhere(ctx context.Context, room string, args []any) ([]Learner, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+learnerColumns+` FROM learners l WHERE `+room+` ORDER BY l.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list learners: %w", err)
	}
	defer rows.Close()
	var out []Learner
	for rows.Next() {
		l, err := scanLearner(rows)
		if err != nil {
			return nil, fmt.Errorf("list learners: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list learners: %w", err)
	}
	return out, nil
}
