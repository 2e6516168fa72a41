// Package store keeps the playground's durable state (learners, attempts,
// progress, instructor sessions, the cookie-signing secret) in one of two
// engines, chosen by the -db value: SQLite through modernc.org/sqlite, a
// pure-Go driver, embedded and the default; or PostgreSQL through
// jackc/pgx, for a course that runs several instances on one database.
//
// Both engines share one API (Store), one set of queries written with
// SQLite's placeholders and rebound for PostgreSQL (engine.go), and the
// same numbered migrations, whose SQL differs where the engines do
// (migrations/sqlite, migrations/postgres).
//
// On SQLite, writes go through a single connection so that concurrent
// submissions queue in Go instead of spinning on SQLITE_BUSY; reads use a
// small pool. The database runs in WAL mode, so readers never block the
// writer, and a committed transaction survives the process being killed.
// On PostgreSQL one bounded pool serves both, and the database serialises
// what must be serialised (row locks, an advisory lock for names).
package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// Store is the handle on the database. It is safe for concurrent use.
type Store struct {
	read   *db
	write  *db
	engine Engine
	path   string // the SQLite file, or the PostgreSQL URL without its password
	ckpt   *checkpointer
	clock  Clock
	// applied are the migrations Open applied.
	applied []string
}

// Options bound the connection pools. Zero values take the defaults.
type Options struct {
	// MaxConns is the PostgreSQL pool's size (default 10), or the number
	// of SQLite read connections (default 8; SQLite has one writer).
	MaxConns int
	// MaxIdleTime closes a connection unused for that long (default 5
	// minutes), so an idle instance gives its connections back.
	MaxIdleTime time.Duration
	// Clock stamps what the store records: attempts, learners, progress,
	// assignments, rosters (default: the system clock). A server passes
	// the clock its handlers read, so a test's fake clock sets both the
	// deadlines and the times that are compared with them.
	Clock Clock
}

// Clock tells the time; web.Clock and mockserver.Clock have the same
// method, so one fake clock can drive them all.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// now is the store's clock.
func (s *Store) now() time.Time { return s.clock.Now() }

func (o Options) withDefaults(e Engine) Options {
	if o.MaxConns <= 0 {
		o.MaxConns = 8
		if e == Postgres {
			o.MaxConns = 10
		}
	}
	if o.MaxIdleTime <= 0 {
		o.MaxIdleTime = 5 * time.Minute
	}
	if o.Clock == nil {
		o.Clock = systemClock{}
	}
	return o
}

// Open opens the database dsn names (a SQLite file, created if needed, or
// a postgres:// URL), checks that it is sound and writable, and applies
// every pending migration.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith is Open with bounded pools.
func OpenWith(ctx context.Context, dsn string, o Options) (*Store, error) {
	e := EngineOf(dsn)
	o = o.withDefaults(e)
	var (
		s   *Store
		err error
	)
	if e == Postgres {
		s, err = openPostgres(ctx, dsn, o)
	} else {
		s, err = openSQLite(ctx, dsn, o)
	}
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, s.explain(err)
	}
	if err := s.ProbeWrite(ctx); err != nil {
		s.Close()
		return nil, s.explain(err)
	}
	if e == SQLite {
		s.startCheckpoints()
	}
	return s, nil
}

// Close closes the connection pools; on SQLite the WAL has been
// checkpointed when the last connection closed.
func (s *Store) Close() error {
	s.stopCheckpoints()
	if s.read == s.write {
		return s.read.pool.Close()
	}
	return errors.Join(s.read.pool.Close(), s.write.pool.Close())
}

// Path is the SQLite file the store was opened from, or the PostgreSQL
// URL without its password: what logs and messages may show.
func (s *Store) Path() string { return s.path }

// Ping reports whether the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("ping database: %w", err)
	}
	return nil
}

// ProbeWrite commits a one-row write, so that a health check sees what a
// learner's next answer would meet: a read-only file, a full disk, a
// database in recovery or read-only mode.
func (s *Store) ProbeWrite(ctx context.Context) error {
	err := s.inTx(ctx, func(t *txn) error {
		_, err := t.ExecContext(ctx, `UPDATE health SET probed_at = ? WHERE id = 1`, s.now().UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("probe a write: %w", err)
	}
	return nil
}

// inTx runs fn in a write transaction and commits it, or rolls back on error.
func (s *Store) inTx(ctx context.Context, fn func(*txn) error) error {
	t, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	if err := fn(t); err != nil {
		_ = t.Rollback()
		return err
	}
	if err := t.Commit(); err != nil {
		return fmt.Errorf("commit transaction: %w", err)
	}
	s.committed()
	return nil
}
