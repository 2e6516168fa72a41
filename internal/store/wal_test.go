package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Under a burst of writers and a dashboard that keeps reading, the WAL
// stays bounded: past truncateAt the checkpointer cuts it back, woken by
// the commits themselves. Scaled down (a 1 MiB limit, about 20 MiB of
// pages written, which a PASSIVE checkpoint alone lets grow past 60 MiB)
// so that it runs in seconds; the real burst is measured with
// the attempts load program (docs/operations.md, "Running for a whole course").
func TestWALStaysBoundedUnderABurst(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	s.ckpt.truncateAt = 1 << 20
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const writers, each = 20, 100
	answer := strings.Repeat("x", 4000)
	var peak atomic.Int64
	var wg sync.WaitGroup
	done := make(chan struct{})
	// The instructor's dashboard reads a snapshot every 50 commits (in a
	// room: once a second while 50 writers send answers).
	tick := make(chan struct{}, 1)
	var commits atomic.Int64
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-tick:
			}
			if _, err := s.Dashboard(ctx, time.Now(), StuckRule{Window: time.Minute, MinFailures: 3}, 3); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	var ww sync.WaitGroup
	for w := range writers {
		ww.Add(1)
		go func() {
			defer ww.Done()
			for i := range each {
				if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: fmt.Sprintf("ex-%d", w), Answer: answer + fmt.Sprint(i)}); err != nil {
					t.Error(err)
					return
				}
				if commits.Add(1)%50 == 0 {
					select {
					case tick <- struct{}{}:
					default:
					}
				}
				if n := s.walSize(); n > peak.Load() {
					peak.Store(n)
				}
			}
		}()
	}
	ww.Wait()
	close(done)
	wg.Wait()
	const bound = 8 << 20 // 8 times the limit, as 64 MiB is for the real 8 MiB
	t.Logf("WAL peak %d bytes for %d attempts of %d bytes", peak.Load(), writers*each, len(answer))
	if p := peak.Load(); p > bound {
		t.Errorf("WAL peaked at %d bytes, over %d", p, bound)
	}
	if n, err := s.CountAttempts(ctx); err != nil || n != writers*each {
		t.Errorf("%d attempts stored (%v), want %d", n, err, writers*each)
	}
}
