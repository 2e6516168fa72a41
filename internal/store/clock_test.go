package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// What the store records is stamped by its clock: a server's fake clock in
// a test sets the times that are later compared with its deadlines.
func TestRecordsTakeTheClock(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2031, 5, 6, 7, 8, 9, 123e6, time.UTC)
	s, err := OpenWith(ctx, filepath.Join(t.TempDir(), "p.db"), Options{Clock: fixedClock{at}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, p, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "ex-1", Answer: "{}", Passed: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.MarkLessonRead(ctx, l.ID, "requests"); err != nil {
		t.Fatal(err)
	}
	progress, err := s.ProgressFor(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]time.Time{
		"learner created":  l.CreatedAt,
		"learner seen":     l.LastSeenAt,
		"attempt":          a.CreatedAt,
		"first attempt":    p.FirstAttemptAt,
		"passed":           p.PassedAt,
		"progress updated": p.UpdatedAt,
		"lesson read":      progress.LessonsRead["requests"],
	}
	want := map[string]time.Time{}
	for k := range got {
		got[k] = got[k].UTC()
		want[k] = at
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("times recorded (-clock +got):\n%s", d)
	}
}

// machineTime are the store's files that may read the system clock: they
// pace the machine's own work, which a test's fake clock must not bend.
var machineTime = map[string]string{
	"store.go":      "the system clock itself",
	"checkpoint.go": "the checkpointer paces real disk work",
	"migrate.go":    "a migration is applied at the machine's time, before any server runs",
}

// No other file of the store calls time.Now: they ask s.now().
func TestStoreUsesItsClock(t *testing.T) {
	for _, call := range sourcetest.ClockCalls(t, ".", machineTime) {
		t.Errorf("%s: use the store's clock, s.now()", call)
	}
}
