package mockserver

import (
	"sync"
	"testing"
	"time"
)

// fakeClock is a Clock that moves only when the test says so.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []fakeWaiter
	set     chan struct{} // closed at the next timer set; nil when nobody waits
}

type fakeWaiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) After(d time.Duration) <-chan time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- f.now
		return ch
	}
	f.waiters = append(f.waiters, fakeWaiter{f.now.Add(d), ch})
	if f.set != nil {
		close(f.set)
		f.set = nil
	}
	return ch
}

// Advance moves the clock and fires the timers that are due.
func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	kept := f.waiters[:0]
	for _, w := range f.waiters {
		if !w.at.After(f.now) {
			w.ch <- f.now
		} else {
			kept = append(kept, w)
		}
	}
	f.waiters = kept
}

// waitForTimers blocks until n timers are pending (the code under test is
// waiting on the clock): each timer set wakes it. The test's deadline
// bounds the wait.
func (f *fakeClock) waitForTimers(t *testing.T, n int) {
	t.Helper()
	for {
		f.mu.Lock()
		got := len(f.waiters)
		if got >= n {
			f.mu.Unlock()
			return
		}
		if f.set == nil {
			f.set = make(chan struct{})
		}
		set := f.set
		f.mu.Unlock()
		select {
		case <-set:
		case <-t.Context().Done():
			t.Fatalf("waited for %d timers, %d pending", n, got)
		}
	}
}

// instantClock fires every timer at once: for tests that do not care about
// pacing.
type instantClock struct{ now time.Time }

func (c instantClock) Now() time.Time { return c.now }
func (c instantClock) After(time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}
