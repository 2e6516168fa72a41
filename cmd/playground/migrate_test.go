package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	removeBinary() // security_test.go
	os.Exit(code)
}

// migrate applies every migration once, on both engines, and a second run
// has nothing to do.
func TestMigrateAppliesOnce(t *testing.T) {
	t.Parallel()
	for name, dsn := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "m.db") },
		"postgres": func(t *testing.T) string { return pgtest.DSN(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := dsn(t)
			var out, errb bytes.Buffer
			if code := run([]string{"migrate", "-db", db}, nil, &out, &errb); code != 0 {
				t.Fatalf("migrate = %d: %s", code, errb.String())
			}
			if !strings.Contains(out.String(), "applied 0001_learners.sql") || !strings.Contains(out.String(), "schema version") {
				t.Errorf("first migrate printed %q", out.String())
			}
			out.Reset()
			if code := run([]string{"migrate", "-db", db}, nil, &out, &errb); code != 0 {
				t.Fatalf("second migrate = %d: %s", code, errb.String())
			}
			if strings.Contains(out.String(), "applied") {
				t.Errorf("second migrate applied again: %q", out.String())
			}
		})
	}
}

// A damaged file is refused with its name, what is wrong and how to restore.
func TestMigrateRefusesANonDatabase(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(db, bytes.Repeat([]byte("garbage!"), 1000), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"migrate", "-db", db}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), db+": ") || !strings.Contains(errb.String(), "backup") {
		t.Errorf("migrate on garbage = %d, %q", code, errb.String())
	}
}
