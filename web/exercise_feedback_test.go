package web

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// 200 learners answer at once through the real router: every answer is
// acknowledged and stored, each under its own learner. Run with -race.
func TestConcurrentLearnersThroughRouter(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	const learners = 200
	var wg sync.WaitGroup
	errs := make(chan error, 2*learners) // each learner may fail twice
	start := make(chan struct{})
	for i := range learners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := newBrowser(t, base)
			// Each learner has read the lesson, so it has its cookie: 200
			// known learners answer, not 200 strangers behind one address.
			if r := b.do("POST", "/api/lessons/"+ex.Lesson+"/read", "", ""); r.status != http.StatusNoContent {
				errs <- fmt.Errorf("learner %d: lesson read = %d", i, r.status)
			}
			answer := ex.Starter
			if i%2 == 0 {
				answer = ex.Solutions[0]
			}
			<-start
			r := b.postJSON("/api/exercises/"+ex.ID+"/attempts?lang="+string(i18n.All[i%2]), map[string]string{"answer": answer})
			if r.status != http.StatusOK {
				errs <- fmt.Errorf("learner %d: %d %s", i, r.status, r.body)
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ctx := context.Background()
	if n := countLearners(t, e.store); n != learners {
		t.Errorf("%d learners, want %d", n, learners)
	}
	n, err := e.store.CountAttempts(ctx)
	if err != nil || n != learners {
		t.Errorf("%d attempts stored (%v), want %d", n, err, learners)
	}
	dash, err := e.store.Dashboard(ctx, time.Now(), store.StuckRule{}, 0)
	if err != nil || len(dash.Exercises) != 1 || dash.Exercises[0].Passed != learners/2 || dash.Exercises[0].Attempts != learners {
		t.Errorf("exercise sums = %+v, %v", dash.Exercises, err)
	}
}

// BenchmarkAttemptAPI measures one attempt through the router: grading,
// the transaction, and the JSON answer with its HTML fragments.
func BenchmarkAttemptAPI(b *testing.B) {
	// The per-learner rate limit would measure the limiter, not the work.
	e := newTestEnv(b, Config{AttemptLimit: RateLimit{PerSecond: -1}})
	base := e.serve(b)
	ex := e.exerciseOfKind(b, exercise.KindFix)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		br := newBrowser(b, base)
		for pb.Next() {
			r := br.postJSON("/api/exercises/"+ex.ID+"/attempts", map[string]string{"answer": ex.Starter})
			if r.status != http.StatusOK {
				b.Errorf("attempt = %d", r.status)
				return
			}
		}
	})
}
