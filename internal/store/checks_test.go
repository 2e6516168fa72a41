package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A database with damaged pages is refused at start-up with the file's
// name, what is wrong and how to restore a backup, instead of serving a
// part of its rows.
func TestOpenRefusesADamagedDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 300 {
		if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "ex", Answer: fmt.Sprintf("%0500d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Scribble over a few pages in the middle of the attempts table.
	garbage := []byte(strings.Repeat("\xde\xad\xbe\xef", 3*4096/4))
	if _, err := f.WriteAt(garbage, 10*4096); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Open(ctx, path)
	if err == nil {
		t.Fatal("Open accepted a damaged database")
	}
	for _, want := range []string{path + ": the database is damaged", "backup", "quick_check"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestOpenRefusesAFileThatIsNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.db")
	if err := os.WriteFile(path, []byte(strings.Repeat("not a database\n", 500)), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path)
	if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), "backup") {
		t.Errorf("Open(text file) = %v, want %s: what is wrong and how to restore", err, path)
	}
}

// A database that cannot be written fails the write probe (what /healthz
// runs), and the error names the file and what to check.
func TestProbeWriteSeesAReadOnlyDatabase(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if err := s.ProbeWrite(ctx); err != nil {
		t.Fatalf("ProbeWrite on a sound database: %v", err)
	}
	// query_only on the one write connection: what a read-only file or a
	// full disk does to writes, without needing either (root ignores the
	// file mode).
	if _, err := s.write.ExecContext(ctx, "PRAGMA query_only = 1"); err != nil {
		t.Fatal(err)
	}
	err := s.ProbeWrite(ctx)
	if err == nil {
		t.Fatal("ProbeWrite succeeded on a read-only database")
	}
	if msg := s.explain(err).Error(); !strings.HasPrefix(msg, s.Path()+": the database cannot be written") {
		t.Errorf("explained as %q", msg)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("reads should still work: %v", err)
	}
}
