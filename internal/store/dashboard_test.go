package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestDashboardSumsUpTheRoom(t *testing.T) { eachEngine(t, testDashboardSumsUpTheRoom) }

func testDashboardSumsUpTheRoom(t *testing.T, s *Store) {
	ctx := context.Background()
	var ids []int64
	for range 4 {
		l, _, err := s.CreateLearner(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, l.ID)
	}
	a, b, c, d := ids[0], ids[1], ids[2], ids[3]
	attempt := func(learner int64, ex, problem string) {
		t.Helper()
		if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: learner, ExerciseID: ex, Answer: "x", Passed: problem == "", FirstProblem: problem}); err != nil {
			t.Fatal(err)
		}
	}
	// "ex1": a passes at once; b fails twice on the version then passes;
	// c fails five times (three kinds of problem) and is stuck; d only
	// opened a hint.
	attempt(a, "ex1", "")
	attempt(b, "ex1", "jsonrpc.version")
	attempt(b, "ex1", "jsonrpc.version")
	attempt(b, "ex1", "")
	for _, p := range []string{"jsonrpc.version", "json.trailing-comma", "json.trailing-comma", "check-id", "json.trailing-comma"} {
		attempt(c, "ex1", p)
	}
	if _, err := s.RevealHint(ctx, d, "ex1", 1, 2); err != nil {
		t.Fatal(err)
	}
	// "ex2": b passed after three failures, so b is not stuck on it.
	attempt(b, "ex2", "json.missing-comma")
	attempt(b, "ex2", "json.missing-comma")
	attempt(b, "ex2", "json.missing-comma")
	attempt(b, "ex2", "")

	dash, err := s.Dashboard(ctx, time.Now().Add(time.Second), StuckRule{Window: 10 * time.Minute, MinFailures: 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(dash.Learners) != 4 || len(dash.Cells) != 5 || dash.Attempts != 13 {
		t.Errorf("dashboard has %d learners, %d progress rows, %d attempts; want 4, 5, 13", len(dash.Learners), len(dash.Cells), dash.Attempts)
	}
	want := []ExerciseSummary{
		{ExerciseID: "ex1", Attempted: 3, Passed: 2, Attempts: 9, Hints: 1, MedianAttempts: 3,
			Problems: []ProblemCount{{Code: "jsonrpc.version", Learners: 2, Attempts: 3}, {Code: "json.trailing-comma", Learners: 1, Attempts: 3}}},
		{ExerciseID: "ex2", Attempted: 1, Passed: 1, Attempts: 4, MedianAttempts: 4,
			Problems: []ProblemCount{{Code: "json.missing-comma", Learners: 1, Attempts: 3}}},
	}
	if diff := cmp.Diff(want, dash.Exercises); diff != "" {
		t.Errorf("exercise summaries (-want +got):\n%s", diff)
	}
	var stuck []Stuck
	for _, st := range dash.Stuck {
		st.LastAt = time.Time{}
		stuck = append(stuck, st)
	}
	if diff := cmp.Diff([]Stuck{{LearnerID: c, ExerciseID: "ex1", Failures: 5, Mistake: "json.trailing-comma"}}, stuck); diff != "" {
		t.Errorf("stuck list (-want +got):\n%s", diff)
	}

	// Later, the failures have left the window: nobody is stuck.
	later, err := s.Dashboard(ctx, time.Now().Add(11*time.Minute), StuckRule{Window: 10 * time.Minute, MinFailures: 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(later.Stuck) != 0 {
		t.Errorf("stuck after the window: %+v", later.Stuck)
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []int
		want float64
	}{{nil, 0}, {[]int{4}, 4}, {[]int{5, 1}, 3}, {[]int{9, 1, 2}, 2}, {[]int{1, 2, 3, 10}, 2.5}} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestJoinWorkshopNamesAreUnique(t *testing.T) { eachEngine(t, testJoinWorkshopNamesAreUnique) }

func testJoinWorkshopNamesAreUnique(t *testing.T, s *Store) {
	ctx := context.Background()
	ada, token, err := s.JoinWorkshop(ctx, 0, "  Ada\x00 ")
	if err != nil {
		t.Fatal(err)
	}
	if ada.DisplayName != "Ada" || token == "" || ada.ResumeCode == "" {
		t.Errorf("joined as %+v with token %q", ada, token)
	}
	back, err := s.LearnerByToken(ctx, token)
	if err != nil || back.ID != ada.ID || back.DisplayName != "Ada" {
		t.Errorf("LearnerByToken = %+v, %v", back, err)
	}
	for _, name := range []string{"ada", "ADA", " Ada"} {
		if _, _, err := s.JoinWorkshop(ctx, 0, name); !errors.Is(err, ErrNameTaken) {
			t.Errorf("join as %q = %v, want ErrNameTaken", name, err)
		}
	}
	if _, _, err := s.JoinWorkshop(ctx, 0, "Élodie"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.JoinWorkshop(ctx, 0, "éLODIE"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("join as éLODIE = %v, want ErrNameTaken (case folded beyond ASCII)", err)
	}
	if _, _, err := s.JoinWorkshop(ctx, 0, " \t "); err == nil {
		t.Error("an empty name joined")
	}
	// An existing anonymous learner takes a name; keeping one's own name is fine.
	anon, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	named, tok, err := s.JoinWorkshop(ctx, anon.ID, "Grace")
	if err != nil || tok != "" || named.ID != anon.ID || named.DisplayName != "Grace" {
		t.Errorf("naming learner %d = %+v, %q, %v", anon.ID, named, tok, err)
	}
	if _, _, err := s.JoinWorkshop(ctx, anon.ID, "grace"); err != nil {
		t.Errorf("renaming oneself with another case: %v", err)
	}
	if _, _, err := s.JoinWorkshop(ctx, anon.ID, "Ada"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("taking Ada's name = %v, want ErrNameTaken", err)
	}
	if _, _, err := s.JoinWorkshop(ctx, 99999, "Nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("naming a missing learner = %v, want ErrNotFound", err)
	}
}

// Fifty browsers join with the same name at once: exactly one gets it.
func TestJoinWorkshopRace(t *testing.T) { eachEngine(t, testJoinWorkshopRace) }

func testJoinWorkshopRace(t *testing.T, s *Store) {
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, taken := 0, 0
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := s.JoinWorkshop(ctx, 0, "Linus")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, ErrNameTaken):
				taken++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || taken != 49 {
		t.Errorf("%d joined and %d were refused, want 1 and 49", won, taken)
	}
}

func TestResetLearnerAndWorkshop(t *testing.T) { eachEngine(t, testResetLearnerAndWorkshop) }

func testResetLearnerAndWorkshop(t *testing.T, s *Store) {
	ctx := context.Background()
	keep, _, err := s.JoinWorkshop(ctx, 0, "Keep")
	if err != nil {
		t.Fatal(err)
	}
	reset, token, err := s.JoinWorkshop(ctx, 0, "Reset")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{keep.ID, reset.ID} {
		if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: id, ExerciseID: "ex", Answer: "x", FirstProblem: "p"}); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkLessonRead(ctx, id, "requests"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.ResetLearner(ctx, reset.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.ResetLearner(ctx, 12345); !errors.Is(err, ErrNotFound) {
		t.Errorf("reset of a missing learner = %v, want ErrNotFound", err)
	}
	p, err := s.ProgressFor(ctx, reset.ID)
	if err != nil || len(p.Exercises) != 0 || len(p.LessonsRead) != 0 {
		t.Errorf("after reset: %+v, %v", p, err)
	}
	if l, err := s.LearnerByToken(ctx, token); err != nil || l.DisplayName != "Reset" {
		t.Errorf("the reset learner lost their identity: %+v, %v", l, err)
	}
	kp, err := s.ProgressFor(ctx, keep.ID)
	if err != nil || len(kp.Exercises) != 1 || len(kp.LessonsRead) != 1 {
		t.Errorf("the other learner's progress was touched: %+v, %v", kp, err)
	}
	if n, _ := s.CountAttempts(ctx); n != 1 {
		t.Errorf("%d attempts after resetting one of two learners, want 1", n)
	}

	n, err := s.ResetWorkshop(ctx)
	if err != nil || n != 2 {
		t.Fatalf("ResetWorkshop = %d, %v; want 2", n, err)
	}
	dash, err := s.Dashboard(ctx, time.Now(), StuckRule{Window: time.Minute, MinFailures: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(dash.Learners)+len(dash.Cells)+len(dash.Exercises)+len(dash.Stuck)+dash.Attempts != 0 {
		t.Errorf("after a workshop reset the dashboard is not empty: %+v", dash)
	}
	if _, _, err := s.JoinWorkshop(ctx, 0, "Keep"); err != nil {
		t.Errorf("a name of the previous group cannot be reused: %v", err)
	}
	// The reset archived the room: its learners and attempts stay
	// readable until the archive is erased.
	archives, err := s.Archives(ctx)
	if err != nil || len(archives) != 1 || archives[0].Learners != 2 || archives[0].Attempts != 1 {
		t.Fatalf("archives after the reset: %+v, %v", archives, err)
	}
	if old, err := s.LearnersIn(ctx, archives[0].ID); err != nil || len(old) != 2 || old[0].ArchiveID != archives[0].ID {
		t.Errorf("archived learners: %+v, %v", old, err)
	}
	if n, err := s.CountAttemptsIn(ctx, archives[0].ID); err != nil || n != 1 {
		t.Errorf("archived attempts: %d, %v", n, err)
	}
	if n, err := s.EraseArchive(ctx, archives[0].ID); err != nil || n != 2 {
		t.Errorf("EraseArchive = %d, %v", n, err)
	}
	if n, _ := s.CountAttempts(ctx); n != 0 {
		t.Errorf("%d attempts left after erasing the archive", n)
	}
	if _, err := s.EraseArchive(ctx, archives[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("erasing it again = %v, want ErrNotFound", err)
	}
}

// The dashboard's attempt queries use indexes rather than scanning the
// attempts table: the problems read the covering index of migration 0003,
// the stuck list starts from the progress rows and counts through the
// (learner, exercise) index.
func TestDashboardQueriesUseIndexes(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	for _, tt := range []struct{ name, query, want string }{
		{"problems", `SELECT exercise_id, first_problem, count(DISTINCT learner_id), count(*) FROM attempts WHERE passed = 0 AND first_problem <> '' GROUP BY exercise_id, first_problem`,
			"SCAN attempts USING COVERING INDEX attempts_problems"},
		{"stuck", `SELECT p.learner_id, p.exercise_id, count(*), max(a.created_at)
			FROM exercise_progress p CROSS JOIN attempts a
			WHERE p.status = 'failed' AND p.failed_attempts >= 3 AND a.learner_id = p.learner_id AND a.exercise_id = p.exercise_id
			AND a.passed = 0 AND +a.created_at >= 1 GROUP BY p.learner_id, p.exercise_id`,
			"SEARCH a USING INDEX attempts_learner_exercise"},
	} {
		rows, err := s.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+tt.query)
		if err != nil {
			t.Fatal(err)
		}
		var plan string
		for rows.Next() {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				t.Fatal(err)
			}
			plan += detail + "\n"
		}
		rows.Close()
		if !strings.Contains(plan, tt.want) || strings.Contains(plan, "SCAN a\n") || strings.Contains(plan, "SCAN attempts\n") {
			t.Errorf("%s: plan lacks %q or scans the attempts table:\n%s", tt.name, tt.want, plan)
		}
	}
}

func BenchmarkDashboard300Learners(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	for i := range 300 {
		l, _, err := s.JoinWorkshop(ctx, 0, fmt.Sprintf("learner %d", i))
		if err != nil {
			b.Fatal(err)
		}
		for ex := range 20 {
			id := fmt.Sprintf("ex-%02d", ex)
			for k := range 3 {
				if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: id, Answer: "x", Passed: k == 2, FirstProblem: map[bool]string{true: "", false: fmt.Sprintf("code-%d", (i+k)%5)}[k == 2]}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Dashboard(ctx, time.Now(), StuckRule{Window: 10 * time.Minute, MinFailures: 3}, 3); err != nil {
			b.Fatal(err)
		}
	}
}
