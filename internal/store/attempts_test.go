package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRecordAttemptKeepsEverything(t *testing.T) { eachEngine(t, testRecordAttemptKeepsEverything) }

func testRecordAttemptKeepsEverything(t *testing.T, s *Store) {
	ctx := context.Background()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.LastAttempt(ctx, l.ID, "ex"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LastAttempt before any = %v, want ErrNotFound", err)
	}
	answers := []NewAttempt{
		{LearnerID: l.ID, ExerciseID: "ex", Answer: `{"jsonrpc": "1.0"}`, FirstProblem: "jsonrpc.version"},
		{LearnerID: l.ID, ExerciseID: "ex", Answer: "héllo \x00 wörld"},
		{LearnerID: l.ID, ExerciseID: "ex", Answer: `{"jsonrpc": "2.0", "id": 1, "method": "ping"}`, Passed: true},
	}
	for _, a := range answers {
		if _, _, err := s.RecordAttempt(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Attempts(ctx, AttemptFilter{LearnerID: l.ID, ExerciseID: "ex"})
	if err != nil {
		t.Fatal(err)
	}
	var back []NewAttempt
	for _, a := range got {
		if a.CreatedAt.IsZero() || a.ID == 0 {
			t.Errorf("attempt %+v lacks id or time", a)
		}
		back = append(back, NewAttempt{LearnerID: a.LearnerID, ExerciseID: a.ExerciseID, Answer: a.Answer, Passed: a.Passed, FirstProblem: a.FirstProblem})
	}
	if diff := cmp.Diff(answers, back); diff != "" {
		t.Errorf("stored attempts (-want +got):\n%s", diff)
	}
	last, err := s.LastAttempt(ctx, l.ID, "ex")
	if err != nil || last.ID != got[2].ID {
		t.Errorf("LastAttempt = %+v, %v; want id %d", last, err, got[2].ID)
	}
	page, err := s.Attempts(ctx, AttemptFilter{AfterID: got[0].ID, Limit: 1})
	if err != nil || len(page) != 1 || page[0].ID != got[1].ID {
		t.Errorf("paging after %d = %+v, %v", got[0].ID, page, err)
	}
	if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: 424242, ExerciseID: "ex", Answer: "x"}); err == nil {
		t.Error("an attempt by a learner who does not exist was stored")
	}
}

// 200 learners submitting at once: every attempt is stored, none is lost to
// SQLITE_BUSY, and the counters agree with the attempts table. Run it with
// -race.
func TestConcurrentAttemptsAllStored(t *testing.T) { eachEngine(t, testConcurrentAttemptsAllStored) }

func testConcurrentAttemptsAllStored(t *testing.T, s *Store) {
	ctx := context.Background()
	const learners, each = 200, 2
	ids := make([]int64, learners)
	for i := range ids {
		l, _, err := s.CreateLearner(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = l.ID
	}
	var wg sync.WaitGroup
	errs := make(chan error, learners*each)
	start := make(chan struct{})
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for k := range each {
				ex := fmt.Sprintf("ex-%d", k%2)
				if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: id, ExerciseID: ex, Answer: fmt.Sprintf("%d/%d", i, k), Passed: k == each-1}); err != nil {
					errs <- err
				}
				if _, err := s.ProgressFor(ctx, id); err != nil {
					errs <- err
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	n, err := s.CountAttempts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != learners*each {
		t.Errorf("%d attempts stored, want %d", n, learners*each)
	}
	dash, err := s.Dashboard(ctx, time.Now(), StuckRule{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	total, passed := 0, 0
	for _, st := range dash.Exercises {
		total += st.Attempts
		passed += st.Passed
	}
	if total != learners*each || passed != learners {
		t.Errorf("progress counts %d attempts and %d passes, want %d and %d", total, passed, learners*each, learners)
	}
	seen := map[string]bool{}
	_ = s.EachAttempt(ctx, AttemptFilter{}, func(a Attempt) error { seen[a.Answer] = true; return nil })
	if len(seen) != learners*each {
		t.Errorf("%d distinct answers, want %d", len(seen), learners*each)
	}
}
