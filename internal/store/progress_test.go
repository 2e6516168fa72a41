package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The best status never gets worse, failures count until the first pass,
// and hints open one at a time.
func TestProgressBestStatus(t *testing.T) { eachEngine(t, testProgressBestStatus) }

func testProgressBestStatus(t *testing.T, s *Store) {
	ctx := context.Background()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ExerciseProgressFor(ctx, l.ID, "ex"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("untouched exercise: %v, want ErrNotFound", err)
	}
	type state struct {
		Status                            Status
		Attempts, Failed, Hints, HintUsed int
	}
	steps := []struct {
		do   string // "hint N" or "fail" or "pass"
		hint int
		want state
	}{
		{"hint", 1, state{StatusStarted, 0, 0, 1, 0}},
		{"hint", 1, state{StatusStarted, 0, 0, 1, 0}}, // replayed: unchanged
		{"hint", 3, state{StatusStarted, 0, 0, 2, 0}}, // skipping ahead opens only the next
		{"fail", 0, state{StatusFailed, 1, 1, 2, 2}},
		{"fail", 0, state{StatusFailed, 2, 2, 2, 2}},
		{"hint", 3, state{StatusFailed, 2, 2, 3, 2}},
		{"hint", 4, state{StatusFailed, 2, 2, 3, 2}}, // only 3 hints exist
		{"pass", 0, state{StatusPassed, 3, 2, 3, 3}},
		{"fail", 0, state{StatusPassed, 4, 2, 3, 3}}, // a later failure keeps the pass
	}
	for i, st := range steps {
		var got state
		switch st.do {
		case "hint":
			n, err := s.RevealHint(ctx, l.ID, "ex", st.hint, 3)
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.ExerciseProgressFor(ctx, l.ID, "ex")
			if err != nil {
				t.Fatal(err)
			}
			if n != p.HintsRevealed {
				t.Errorf("step %d: RevealHint returned %d, stored %d", i, n, p.HintsRevealed)
			}
			got = state{p.Status, p.Attempts, p.FailedAttempts, p.HintsRevealed, 0}
		default:
			a, p, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "ex", Answer: "{}", Passed: st.do == "pass"})
			if err != nil {
				t.Fatal(err)
			}
			got = state{p.Status, p.Attempts, p.FailedAttempts, p.HintsRevealed, a.HintsUsed}
		}
		if st.do == "hint" {
			st.want.HintUsed = 0
		}
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Errorf("step %d (%s): (-want +got)\n%s", i, st.do, diff)
		}
	}
	p, err := s.ExerciseProgressFor(ctx, l.ID, "ex")
	if err != nil {
		t.Fatal(err)
	}
	if p.FirstAttemptAt.IsZero() || p.PassedAt.IsZero() || p.PassedAt.Before(p.FirstAttemptAt) {
		t.Errorf("times: first %v, passed %v", p.FirstAttemptAt, p.PassedAt)
	}
	if _, err := s.RevealHint(ctx, l.ID, "nohints", 1, 0); err == nil {
		t.Error("RevealHint on an exercise without hints succeeded")
	}
}

func TestProgressForAndLessonsRead(t *testing.T) { eachEngine(t, testProgressForAndLessonsRead) }

func testProgressForAndLessonsRead(t *testing.T, s *Store) {
	ctx := context.Background()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	empty, err := s.ProgressFor(ctx, l.ID)
	if err != nil || len(empty.Exercises) != 0 || len(empty.LessonsRead) != 0 {
		t.Fatalf("new learner progress = %+v, %v", empty, err)
	}
	for _, slug := range []string{"requests", "responses", "requests"} {
		if err := s.MarkLessonRead(ctx, l.ID, slug); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.MarkLessonRead(ctx, other.ID, "tools"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "a", Answer: "x", Passed: true}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "b", Answer: "x", FirstProblem: "jsonrpc.version"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: other.ID, ExerciseID: "a", Answer: "y"}); err != nil {
		t.Fatal(err)
	}
	p, err := s.ProgressFor(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	var read []string
	for slug := range p.LessonsRead {
		read = append(read, slug)
	}
	got := map[string]Status{}
	for id, e := range p.Exercises {
		got[id] = e.Status
	}
	if diff := cmp.Diff(map[string]Status{"a": StatusPassed, "b": StatusFailed}, got); diff != "" {
		t.Errorf("exercise statuses (-want +got):\n%s", diff)
	}
	if len(read) != 2 || p.LessonsRead["requests"].IsZero() || p.LessonsRead["responses"].IsZero() {
		t.Errorf("lessons read = %v", p.LessonsRead)
	}

	dash, err := s.Dashboard(ctx, time.Now(), StuckRule{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []ExerciseSummary{
		{ExerciseID: "a", Attempted: 2, Passed: 1, Attempts: 2, MedianAttempts: 1},
		{ExerciseID: "b", Attempted: 1, Passed: 0, Attempts: 1, MedianAttempts: 1},
	}
	if diff := cmp.Diff(want, dash.Exercises, cmpopts.IgnoreFields(ExerciseSummary{}, "Problems")); diff != "" {
		t.Errorf("exercise sums (-want +got):\n%s", diff)
	}
	var rows int
	if err := s.AllProgress(ctx, 0, func(ExerciseProgress) error { rows++; return nil }); err != nil || rows != 3 {
		t.Errorf("AllProgress visited %d rows (%v), want 3", rows, err)
	}
}
