package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/mcpplayground/playground/internal/store"
)

// seedRoom fills the store with a room: learners who each tried every
// exercise of the bundled course, failing twice before passing.
func seedRoom(b testing.TB, e *testEnv, learners int) {
	ctx := context.Background()
	exs := e.catalog.Exercises()
	for i := range learners {
		l, _, err := e.store.JoinWorkshop(ctx, 0, fmt.Sprintf("learner %03d", i))
		if err != nil {
			b.Fatal(err)
		}
		for j, ex := range exs {
			for k := range 3 {
				if _, _, err := e.store.RecordAttempt(ctx, store.NewAttempt{LearnerID: l.ID, ExerciseID: ex.ID, Answer: "{}",
					Passed: k == 2 && (i+j)%4 != 0, FirstProblem: fmt.Sprintf("code-%d", (i+k)%5)}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkDashboardLive300 is one live refresh of the dashboard for a
// room of 300 learners who tried every exercise: the snapshot, the view
// model and the HTML.
func BenchmarkDashboardLive300(b *testing.B) {
	e := newTestEnv(b, Config{}, asWorkshop())
	seedRoom(b, e, 300)
	req := httptest.NewRequest("GET", "/instructor/live", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	var size int
	for b.Loop() {
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("GET /instructor/live = %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KiB/page")
}
