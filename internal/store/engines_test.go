package store

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// openTest opens a SQLite store in a temporary directory.
func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openPostgres opens a store on a fresh PostgreSQL schema, or skips (fails
// in CI) without PostgreSQL.
func openPostgresTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), pgtest.DSN(t))
	if err != nil {
		t.Fatalf("Open PostgreSQL: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// eachEngine runs fn as a subtest on each engine, with a fresh store.
func eachEngine(t *testing.T, fn func(t *testing.T, s *Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, openTest(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, openPostgresTest(t)) })
}

func TestEngineOf(t *testing.T) {
	for dsn, want := range map[string]Engine{
		"playground.db":                     SQLite,
		"/var/lib/playground/course.db":     SQLite,
		"postgres://u:p@db:5432/course":     Postgres,
		"postgresql://u@/course?host=/tmp/": Postgres,
		"postgres.db":                       SQLite,
	} {
		if got := EngineOf(dsn); got != want {
			t.Errorf("EngineOf(%q) = %s, want %s", dsn, got, want)
		}
	}
}

func TestRebind(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT 1":                             "SELECT 1",
		"WHERE a = ? AND b = ?":                "WHERE a = $1 AND b = $2",
		"VALUES (?1, ?2, ?1) LIMIT ?2":         "VALUES ($1, $2, $1) LIMIT $2",
		"x >= ?12":                             "x >= $12",
		"SELECT ? FROM t WHERE id > ? LIMIT ?": "SELECT $1 FROM t WHERE id > $2 LIMIT $3",
	} {
		if got := rebind(Postgres, q); got != want {
			t.Errorf("rebind(%q) = %q, want %q", q, got, want)
		}
		if got := rebind(SQLite, q); got != q {
			t.Errorf("rebind for SQLite changed %q into %q", q, got)
		}
	}
}

// Both engines have the same migrations, by number and name.
func TestMigrationsMatchAcrossEngines(t *testing.T) {
	lite, err := loadMigrations(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := loadMigrations(Postgres)
	if err != nil {
		t.Fatal(err)
	}
	names := func(ms []migration) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.name)
		}
		return out
	}
	if a, b := names(lite), names(pg); len(a) == 0 || !slices.Equal(a, b) {
		t.Errorf("migrations differ: sqlite %v, postgres %v", a, b)
	}
}

func pgtestDSN(t testing.TB) string { return pgtest.DSN(t) }
