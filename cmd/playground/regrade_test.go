package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

// A check changed after learners answered: regrade with the real binary
// flips exactly the verdicts it should, each way, on both engines; the
// dry run writes nothing; the gradebook follows.
func TestRegradeAfterAChangedCheck(t *testing.T) {
	t.Parallel()
	bin := playgroundBinary(t)
	for name, dsn := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "g.db") },
		"postgres": func(t *testing.T) string { return pgtest.DSN(t) },
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db, dir := dsn(t), filepath.Join(t.TempDir(), "course")
			if out, err := exec.Command(bin, "content", "export", dir).CombinedOutput(); err != nil {
				t.Fatalf("content export: %v %s", err, out)
			}
			src, _ := newContentSource(dir, contentReplace)
			cat, err := src.load(markdown.New())
			if err != nil {
				t.Fatal(err)
			}
			ex, _ := cat.Exercise("json-rpc-fix-batch")
			other, _ := cat.Exercise("json-rpc-write-list-changed")
			st, err := store.Open(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			ada, _, _ := st.CreateLearner(ctx)
			bob, _, _ := st.CreateLearner(ctx)
			record := func(l store.Learner, exID, answer string) int64 {
				e, _ := cat.Exercise(exID)
				res := e.Grade(answer, i18n.EN)
				a, _, err := st.RecordAttempt(ctx, store.NewAttempt{LearnerID: l.ID, ExerciseID: exID, Answer: answer, Passed: res.Passed, Version: e.Version()})
				if err != nil {
					t.Fatal(err)
				}
				return a.ID
			}
			idTwo := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
			adaTry := record(ada, ex.ID, ex.Solutions[0]) // passes with id 1
			bobTry := record(bob, ex.ID, idTwo)           // fails on the id
			record(bob, other.ID, other.Solutions[0])
			st.Close()

			file := filepath.Join(dir, "exercises", filepath.Base(ex.File))
			b, _ := os.ReadFile(file)
			changed := strings.Replace(string(b), "  - id: 1\n", "  - id: 2\n", 1)
			if changed == string(b) {
				t.Fatalf("%s has no check '- id: 1' to change", file)
			}
			os.WriteFile(file, []byte(changed), 0o644)

			want := "json-rpc-fix-batch: 2 attempts regraded, 1 now pass (failed before), 1 now fail (passed before)\n"
			out, err := exec.Command(bin, "regrade", "-db", db, "-content", dir, "-dry-run").Output()
			if err != nil || !strings.Contains(string(out), want) || !strings.Contains(string(out), "json-rpc-write-list-changed: 1 attempt regraded, 0 now pass (failed before), 0 now fail (passed before)") ||
				!strings.Contains(string(out), "dry run: nothing was written") {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			// -v names, for each attempt, the check that now fails it.
			out, err = exec.Command(bin, "regrade", "-db", db, "-content", dir, "-dry-run", "-v", "-exercise", ex.ID).Output()
			for _, line := range []string{
				fmt.Sprintf("  attempt %d (learner %d): passed, now fails at id (line 18): The `id` is `2`.\n", adaTry, ada.ID),
				fmt.Sprintf("  attempt %d (learner %d): failed, now passes\n", bobTry, bob.ID),
			} {
				if err != nil || !strings.Contains(string(out), line) {
					t.Errorf("regrade -v lacks %q: %v\n%s", line, err, out)
				}
			}
			grades := func() map[int64]map[string]store.Grade {
				st, err := store.Open(ctx, db)
				if err != nil {
					t.Fatal(err)
				}
				defer st.Close()
				g, err := st.Gradebook(ctx, store.GradebookFilter{})
				if err != nil {
					t.Fatal(err)
				}
				return g.Grades
			}
			if g := grades(); !g[ada.ID][ex.ID].Passed || g[bob.ID][ex.ID].Passed {
				t.Fatalf("the dry run wrote: %v", g)
			}
			out, err = exec.Command(bin, "regrade", "-db", db, "-content", dir, "-exercise", ex.ID).Output()
			if err != nil || !strings.Contains(string(out), want) || strings.Contains(string(out), other.ID) {
				t.Fatalf("regrade: %v\n%s", err, out)
			}
			g := grades()
			if g[ada.ID][ex.ID].Passed || !g[bob.ID][ex.ID].Passed || !g[bob.ID][other.ID].Passed {
				t.Errorf("after regrade: %v", g)
			}
			st, _ = store.Open(ctx, db)
			defer st.Close()
			p, err := st.ExerciseProgressFor(ctx, bob.ID, ex.ID)
			if err != nil || p.Status != store.StatusPassed || p.FailedAttempts != 0 {
				t.Errorf("Bob's progress after regrade: %+v, %v", p, err)
			}
			// Regraded again, nothing changes.
			out, _ = exec.Command(bin, "regrade", "-db", db, "-content", dir).Output()
			if !strings.Contains(string(out), "0 attempts changed verdict") {
				t.Errorf("second regrade: %s", out)
			}
		})
	}
}

// -v's line for an attempt names the first check that now fails it, its
// line in the exercise file, and what the checker found when it is the
// valid check.
func TestRegradeAttemptLine(t *testing.T) {
	t.Parallel()
	src, err := newContentSource("", contentReplace)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := src.load(markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := cat.Exercise("json-rpc-fix-batch")
	tests := []struct {
		name   string
		passed bool
		answer string
		want   string
	}{
		{"still passes", true, ex.Solutions[0], "attempt 7 (learner 3): passed, still passes"},
		{"now passes", false, ex.Solutions[0], "attempt 7 (learner 3): failed, now passes"},
		{"still fails", false, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
			"attempt 7 (learner 3): failed, still fails at id (line 18): The `id` is `1`."},
		{"now fails, on the checker", true, `{"jsonrpc":"2.0","id":1,"method":"tools/list",}`,
			"attempt 7 (learner 3): passed, now fails at valid"},
	}
	for _, tt := range tests {
		a := store.Attempt{ID: 7, LearnerID: 3, ExerciseID: ex.ID, Answer: tt.answer, Passed: tt.passed}
		got := attemptLine(ex, a, ex.Grade(tt.answer, i18n.Default))
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: got %q, want it to start with %q", tt.name, got, tt.want)
		}
	}
}
