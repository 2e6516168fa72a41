// Package store keeps the playground's durable state (learners, attempts,
// progress) in SQLite through modernc.org/sqlite, a pure-Go driver.
//
// Writes go through a single connection so that concurrent submissions queue
// in Go instead of spinning on SQLITE_BUSY; reads use a small pool. The
// database runs in WAL mode, so readers never block the writer, and a
// committed transaction survives the process being killed.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

//go:embed migrations/*.sql
var migrationFS embed.FS

// Store is the handle on the database. It is safe for concurrent use.
type Store struct {
	read  *sql.DB
	write *sql.DB
	path  string
	ckpt  *checkpointer
}

// Open opens (creating if needed) the database at path and applies every
// pending migration.
func Open(ctx context.Context, path string) (*Store, error) {
	read, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	read.SetMaxOpenConns(8)
	write, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		read.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One writer: SQLite serialises writes anyway, and queueing them in the
	// pool is cheaper and fairer than busy-waiting on the file lock.
	write.SetMaxOpenConns(1)
	s := &Store{read: read, write: write, path: path}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	s.startCheckpoints()
	return s, nil
}

func dsn(path string, writer bool) string {
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
	}
	return "file:" + path + "?" + q.Encode()
}

// Close closes both connection pools; after it returns the WAL has been
// checkpointed by SQLite when the last connection closed.
func (s *Store) Close() error {
	s.stopCheckpoints()
	return errors.Join(s.read.Close(), s.write.Close())
}

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Ping reports whether the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("ping database: %w", err)
	}
	return nil
}

// Backup writes a consistent copy of the database to dest while the server
// keeps running (VACUUM INTO reads one snapshot).
func (s *Store) Backup(ctx context.Context, dest string) error {
	if _, err := s.read.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fmt.Errorf("back up database to %s: %w", dest, err)
	}
	return nil
}

// inTx runs fn in a write transaction and commits it, or rolls back on error.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit transaction: %w", err)
	}
	return nil
}

type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and an underscore", e.Name())
		}
		b, err := migrationFS.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d (numbers must be consecutive)", m.name, i+1)
		}
	}
	return ms, nil
}

// migrate applies the migrations newer than PRAGMA user_version, each in its
// own transaction together with the version bump.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	var current int
	if err := s.write.QueryRowContext(ctx, "PRAGMA user_version").Scan(&current); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if current > len(ms) {
		return fmt.Errorf("database schema version %d is newer than this program knows (%d): use a newer playground", current, len(ms))
	}
	for _, m := range ms[current:] {
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("apply migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
				return fmt.Errorf("record migration %s: %w", m.name, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
