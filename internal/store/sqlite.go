package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// walSizeLimit is what SQLite truncates the WAL file back to after a
// checkpoint has emptied it (journal_size_limit); the checkpointer forces
// such a checkpoint when the WAL grows past walTruncateAt.
const (
	walSizeLimit  = 8 << 20
	walTruncateAt = 8 << 20
)

func openSQLite(ctx context.Context, path string, o Options) (*Store, error) {
	read, err := sql.Open("sqlite", sqliteDSN(path, false))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	read.SetMaxOpenConns(o.MaxConns)
	read.SetConnMaxIdleTime(o.MaxIdleTime)
	write, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		read.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One writer: SQLite serialises writes anyway, and queueing them in the
	// pool is cheaper and fairer than busy-waiting on the file lock.
	write.SetMaxOpenConns(1)
	s := &Store{read: &db{pool: read, engine: SQLite}, write: &db{pool: write, engine: SQLite}, engine: SQLite, path: path, clock: o.Clock}
	if err := s.quickCheck(ctx); err != nil {
		s.Close()
		return nil, s.explain(err)
	}
	return s, nil
}

func sqliteDSN(path string, writer bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// NORMAL is durable against a killed process in WAL mode (the WAL is
	// written before COMMIT returns); only a power cut can lose the tail.
	q.Add("_pragma", "synchronous(NORMAL)")
	if writer {
		q.Set("_txlock", "immediate")
		// Checkpoints run in the background (checkpoint.go), not in a
		// learner's COMMIT.
		q.Add("_pragma", "wal_autocheckpoint(0)")
		q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", walSizeLimit))
	}
	return "file:" + path + "?" + q.Encode()
}

// quickCheck refuses a damaged file at start-up rather than serving from
// it: PRAGMA quick_check reads every page (a second for 100 MB).
func (s *Store) quickCheck(ctx context.Context) error {
	if err := s.quickCheckRows(ctx); err != nil {
		return fmt.Errorf("quick_check: %w", err)
	}
	return nil
}

func (s *Store) quickCheckRows(ctx context.Context) error {
	rows, err := s.write.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return &damagedError{problem: strings.Join(problems, "; ")}
	}
	return nil
}

// damagedError is a database whose pages SQLite found inconsistent.
type damagedError struct{ problem string }

func (e *damagedError) Error() string { return e.problem }

// explain turns what SQLite says about a bad file into "file: what is
// wrong" and what to do about it. Other engines' errors pass through.
func (s *Store) explain(err error) error {
	if s.engine != SQLite || err == nil {
		return err
	}
	msg := err.Error()
	var d *damagedError
	switch {
	case errors.As(err, &d), strings.Contains(msg, "malformed"), strings.Contains(msg, "not a database"), strings.Contains(msg, "SQLITE_CORRUPT"):
		return fmt.Errorf("%s: the database is damaged (%w); stop every server using it, move %s and %s-wal aside, copy your latest backup (made with \"playground backup\") to %s, and start again",
			s.path, err, s.path, s.path, s.path)
	case strings.Contains(msg, "readonly"), strings.Contains(msg, "read-only"), strings.Contains(msg, "unable to open"),
		strings.Contains(msg, "disk is full"), strings.Contains(msg, "disk I/O error"):
		return fmt.Errorf("%s: the database cannot be written (%w); give this user write access to the file and its directory and free some disk space, or restore a backup to a writable place", s.path, err)
	}
	return fmt.Errorf("%s: %w", s.path, err)
}

// BackupFile writes a consistent copy of the SQLite database at path to
// dest while a server keeps writing it (VACUUM INTO reads one snapshot).
// It opens the database without writing: no migration, no write probe, so
// a backup taken while a busy server writes never waits for the write
// lock. The copy is written beside dest under a temporary name and linked
// to dest only when complete, so a failed backup leaves nothing behind and
// never replaces an existing file. PostgreSQL is backed up with pg_dump.
func BackupFile(ctx context.Context, path, dest string) error {
	pool, err := sql.Open("sqlite", sqliteDSN(path, false))
	if err != nil {
		return fmt.Errorf("open database %s: %w", path, err)
	}
	defer pool.Close()
	return vacuumInto(ctx, &db{pool: pool, engine: SQLite}, dest)
}

// vacuumInto writes one snapshot of the database beside dest under a
// temporary name and links it to dest once it is whole, so a failed
// backup leaves nothing behind.
func vacuumInto(ctx context.Context, d *db, dest string) error {
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".partial-*")
	if err != nil {
		return fmt.Errorf("back up database to %s: %w", dest, err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName)
	if _, err := d.ExecContext(ctx, "VACUUM INTO ?", tmpName); err != nil {
		return fmt.Errorf("back up database to %s: %w", dest, err)
	}
	if err := os.Link(tmpName, dest); err != nil {
		return fmt.Errorf("back up database to %s: %w", dest, err)
	}
	return nil
}
