package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func TestOpenMigratesAndReopens(t *testing.T) {
	ctx := context.Background()
	for _, e := range []Engine{SQLite, Postgres} {
		t.Run(string(e), func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "p.db")
			if e == Postgres {
				dsn = pgtestDSN(t)
			}
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			ms, err := loadMigrations(e)
			if err != nil {
				t.Fatal(err)
			}
			if v, err := s.SchemaVersion(ctx); err != nil || v != len(ms) {
				t.Errorf("schema version = %d (%v), want %d", v, err, len(ms))
			}
			if len(s.Applied()) != len(ms) {
				t.Errorf("first Open applied %v, want all %d migrations", s.Applied(), len(ms))
			}
			if err := s.Ping(ctx); err != nil {
				t.Errorf("Ping: %v", err)
			}
			if err := s.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			// A second open must find nothing to do and keep the version.
			s2, err := Open(ctx, dsn)
			if err != nil {
				t.Fatalf("reopen: %v", err)
			}
			defer s2.Close()
			if v, err := s2.SchemaVersion(ctx); err != nil || v != len(ms) {
				t.Errorf("after reopen schema version = %d (%v), want %d", v, err, len(ms))
			}
			if len(s2.Applied()) != 0 {
				t.Errorf("reopen applied %v again", s2.Applied())
			}
		})
	}
}

func TestSQLiteRunsInWALMode(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	var mode string
	if err := s.read.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" {
		t.Errorf("journal_mode = %q, want wal", mode)
	}
	var limit int64
	if err := s.write.QueryRowContext(ctx, "PRAGMA journal_size_limit").Scan(&limit); err != nil {
		t.Fatal(err)
	}
	if limit != walSizeLimit {
		t.Errorf("journal_size_limit = %d, want %d", limit, walSizeLimit)
	}
}

func TestBackupIsAUsableDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, filepath.Join(dir, "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.write.ExecContext(ctx, `INSERT INTO learners(token_hash, resume_code, created_at, last_seen_at) VALUES (x'01', 'ABCD-EFGH', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "copy.db")
	if err := BackupFile(ctx, filepath.Join(dir, "p.db"), dest); err != nil {
		t.Fatalf("BackupFile: %v", err)
	}
	c, err := Open(ctx, dest)
	if err != nil {
		t.Fatalf("open backup: %v", err)
	}
	defer c.Close()
	var n int
	if err := c.read.QueryRowContext(ctx, "SELECT count(*) FROM learners").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("backup has %d learners, want 1", n)
	}
	// A second backup to the same name is refused and leaves the first intact.
	if err := BackupFile(ctx, filepath.Join(dir, "p.db"), dest); err == nil {
		t.Error("BackupFile over an existing file succeeded")
	}
	if fi, err := os.Stat(dest); err != nil || fi.Size() == 0 {
		t.Errorf("the first backup was damaged by the refused one: %v %v", fi, err)
	}
	assertOnly(t, dir, "copy.db", "copy.db-shm", "copy.db-wal", "p.db", "p.db-shm", "p.db-wal")
}

// A backup that fails half-way (here: the copy is cancelled) leaves no file
// that would block a retry with the same name.
func TestFailedBackupLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.db")
	s, err := Open(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dest := filepath.Join(dir, "copy.db")
	if err := BackupFile(ctx, src, dest); err == nil {
		t.Fatal("a cancelled backup succeeded")
	}
	if err := BackupFile(context.Background(), src, filepath.Join(dir, "missing-dir", "copy.db")); err == nil {
		t.Fatal("a backup into a missing directory succeeded")
	}
	assertOnly(t, dir, "p.db", "p.db-shm", "p.db-wal")
	if err := BackupFile(context.Background(), src, dest); err != nil {
		t.Fatalf("retry with the same name: %v", err)
	}
}

func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s holds %s, left behind", dir, e.Name())
		}
	}
}
