package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFS embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the numbered migrations of an engine. Both engines
// have the same numbers and names (a test holds it); only the SQL differs.
func loadMigrations(e Engine) ([]migration, error) {
	dir := "migrations/" + string(e)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, ent := range entries {
		num, _, ok := strings.Cut(ent.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and an underscore", ent.Name())
		}
		b, err := migrationFS.ReadFile(dir + "/" + ent.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", ent.Name(), err)
		}
		ms = append(ms, migration{version: v, name: ent.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d (numbers must be consecutive)", m.name, i+1)
		}
	}
	return ms, nil
}

// SchemaVersion is the number of the last migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	q := `PRAGMA user_version`
	if s.engine == Postgres {
		q = `SELECT coalesce(max(version), 0) FROM schema_migrations`
	}
	if err := s.read.QueryRowContext(ctx, q).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// migrate applies the migrations newer than the database's version, each
// in its own transaction together with the version bump. On PostgreSQL an
// advisory lock makes instances that start together apply them once.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations(s.engine)
	if err != nil {
		return err
	}
	if s.engine == Postgres {
		if _, err := s.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
	}
	for _, m := range ms {
		applied, err := s.applyMigration(ctx, m, len(ms))
		if err != nil {
			return err
		}
		if applied {
			s.applied = append(s.applied, m.name)
		}
	}
	return nil
}

// Applied lists the migrations this Open applied, oldest first (none when
// the database was up to date).
func (s *Store) Applied() []string { return s.applied }

// applyMigration applies m unless the database is already at its version
// or past it; it reports whether it did.
func (s *Store) applyMigration(ctx context.Context, m migration, known int) (bool, error) {
	applied := false
	err := s.inTx(ctx, func(t *txn) error {
		if err := lockFor(ctx, t, lockMigrate); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		current, err := versionIn(ctx, t)
		if err != nil {
			return err
		}
		if current > known {
			return fmt.Errorf("database schema version %d is newer than this program knows (%d): use a newer playground", current, known)
		}
		if current >= m.version {
			return nil
		}
		if _, err := t.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("apply migration %s: %w", m.name, err)
		}
		if err := recordVersion(ctx, t, m); err != nil {
			return fmt.Errorf("record migration %s: %w", m.name, err)
		}
		applied = true
		return nil
	})
	return applied, err
}

func versionIn(ctx context.Context, t *txn) (int, error) {
	var v int
	q := `PRAGMA user_version`
	if t.engine == Postgres {
		q = `SELECT coalesce(max(version), 0) FROM schema_migrations`
	}
	if err := t.QueryRowContext(ctx, q).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

func recordVersion(ctx context.Context, t *txn, m migration) error {
	if t.engine == Postgres {
		_, err := t.ExecContext(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`,
			m.version, m.name, time.Now().UnixMilli())
		return err
	}
	_, err := t.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version))
	return err
}
