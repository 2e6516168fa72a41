package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpplayground/playground/internal/store"
)

// "playground backup" copies a database that a server is writing to: each
// copy opens, passes SQLite's integrity check, and is one consistent
// moment, where every learner's progress counts exactly the attempts the
// copy holds.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var learners []int64
	for i := range 20 {
		l, _, err := st.JoinWorkshop(ctx, 0, fmt.Sprintf("learner %d", i))
		if err != nil {
			t.Fatal(err)
		}
		learners = append(learners, l.ID)
	}

	// Writers: twenty learners answering as fast as the store takes it.
	stop := make(chan struct{})
	var written atomic.Int64
	reached := make(chan struct{}, 4) // one signal at each 200th attempt, up to 800
	var wg sync.WaitGroup
	for w, id := range learners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				_, _, err := st.RecordAttempt(ctx, store.NewAttempt{
					LearnerID: id, ExerciseID: fmt.Sprintf("ex-%d", k%3), Answer: strings.Repeat("x", 200),
					Passed: k%5 == 4, FirstProblem: map[bool]string{true: "", false: "json.trailing-comma"}[k%5 == 4],
				})
				if err != nil {
					t.Errorf("writer %d: %v", w, err)
					return
				}
				if n := written.Add(1); n%200 == 0 && n <= 800 {
					reached <- struct{}{}
				}
			}
		}()
	}
	writersGone := make(chan struct{})
	go func() { wg.Wait(); close(writersGone) }()
	defer func() { close(stop); <-writersGone }()

	var prev int
	for i := range 4 {
		select { // let the writers get 200 attempts ahead
		case <-reached:
		case <-writersGone:
			t.FailNow()
		}
		before := written.Load()
		dest := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		var stdout, stderr bytes.Buffer
		if code := run([]string{"backup", "-db", db, dest}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("backup %d exited %d: %s", i, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), dest) {
			t.Errorf("backup %d says %q", i, stdout.String())
		}
		n := checkCopy(t, dest)
		if n < int(before) || n < prev {
			t.Errorf("copy %d holds %d attempts; at least %d were acknowledged before it started (previous copy: %d)", i, n, before, prev)
		}
		prev = n
	}
}

// checkCopy opens a backup on its own and returns how many attempts it holds.
func checkCopy(t *testing.T, path string) int {
	t.Helper()
	c, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var ok string
	if err := c.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("%s: integrity_check = %q, %v", path, ok, err)
	}
	var attempts, mismatched int
	if err := c.QueryRow("SELECT count(*) FROM attempts").Scan(&attempts); err != nil {
		t.Fatal(err)
	}
	// Progress and attempts are written in one transaction: a consistent
	// copy has no learner whose counter disagrees with their attempts.
	if err := c.QueryRow(`
		SELECT count(*) FROM exercise_progress p
		WHERE p.attempts <> (SELECT count(*) FROM attempts a WHERE a.learner_id = p.learner_id AND a.exercise_id = p.exercise_id)`).Scan(&mismatched); err != nil {
		t.Fatal(err)
	}
	if mismatched != 0 {
		t.Errorf("%s: %d progress rows disagree with the attempts: not one moment", path, mismatched)
	}
	// The copy is a database the playground opens as it is.
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open the copy: %v", err)
	}
	s.Close()
	return attempts
}

func TestBackupRefusesBadUse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	exists := filepath.Join(dir, "exists.db")
	if err := os.WriteFile(exists, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"backup"}, "usage: playground backup"},
		{[]string{"backup", "-db", db, exists}, "already exists"},
		{[]string{"backup", "-db", filepath.Join(dir, "missing.db"), filepath.Join(dir, "new.db")}, "missing.db"},
		{[]string{"backup", "-db", db, "a", "b"}, "usage"},
		{[]string{"backup", "-db", "postgres://course@localhost/course", filepath.Join(dir, "pg.db")}, "pg_dump"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
	if b, _ := os.ReadFile(exists); string(b) != "keep me" {
		t.Error("backup overwrote an existing file")
	}
	if _, err := os.Stat(filepath.Join(dir, "new.db")); err == nil {
		t.Error("a backup of a missing database created a file")
	}
}
