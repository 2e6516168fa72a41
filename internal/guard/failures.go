package guard

import (
	"sync"
	"time"
)

// FailureLimit bounds failures: Max per network (AddrKey) and GlobalMax
// overall, each counted over Window from the first failure of a burst, so
// a burst is never split by a clock's minute boundary.
type FailureLimit struct {
	Max, GlobalMax int
	Window         time.Duration
}

// OrDefault fills f's zero fields with d's.
func (f FailureLimit) OrDefault(d FailureLimit) FailureLimit {
	if f.Max <= 0 {
		f.Max = d.Max
	}
	if f.GlobalMax <= 0 {
		f.GlobalMax = d.GlobalMax
	}
	if f.Window <= 0 {
		f.Window = d.Window
	}
	return f
}

// FailureLimiter counts failures per network and overall, over a window
// from the first failure of a burst: the one rule of every guard against
// guessing (CodeGuard, SignInGuard).
type FailureLimiter struct {
	lim FailureLimit

	mu     sync.Mutex
	bursts map[string]*burst
	total  burst
}

// maxFailureKeys bounds the networks a FailureLimiter remembers; past it a
// new network counts only overall.
const maxFailureKeys = 1 << 16

// newFailureLimiter counts failures within lim.
func newFailureLimiter(lim FailureLimit) *FailureLimiter {
	return &FailureLimiter{lim: lim, bursts: map[string]*burst{}}
}

// Counts are the failures of addr's network and overall, in the bursts
// running at now.
func (f *FailureLimiter) Counts(addr string, now time.Time) (n, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if b := f.bursts[AddrKey(addr)]; b != nil {
		n = b.count(now, f.lim.Window)
	}
	return n, f.total.count(now, f.lim.Window)
}

// Allow reports whether addr may try again: its network and everyone
// together are under their bounds.
func (f *FailureLimiter) Allow(addr string, now time.Time) bool {
	n, total := f.Counts(addr, now)
	return n < f.lim.Max && total < f.lim.GlobalMax
}

// Fail counts one failure of addr at now and returns the counts after it.
func (f *FailureLimiter) Fail(addr string, now time.Time) (n, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := AddrKey(addr)
	b := f.bursts[key]
	if b == nil {
		f.forget(now)
		if len(f.bursts) < maxFailureKeys {
			b = &burst{}
			f.bursts[key] = b
		}
	}
	if b != nil {
		n = b.add(now, f.lim.Window)
	}
	return n, f.total.add(now, f.lim.Window)
}

// forget drops the bursts that are over, so memory follows the networks
// failing now, not every one that ever failed.
func (f *FailureLimiter) forget(now time.Time) {
	if len(f.bursts) < 1024 {
		return
	}
	for k, b := range f.bursts {
		if b.count(now, f.lim.Window) == 0 {
			delete(f.bursts, k)
		}
	}
}

// burst counts the failures since the first one of a burst.
type burst struct {
	n     int
	since time.Time
}

// add counts one failure at now, starting a new burst when the last one is
// over, and returns the count.
func (b *burst) add(now time.Time, window time.Duration) int {
	if b.n == 0 || now.Sub(b.since) >= window {
		b.n, b.since = 0, now
	}
	b.n++
	return b.n
}

// count is the failures of the burst still running at now.
func (b *burst) count(now time.Time, window time.Duration) int {
	if b.n == 0 || now.Sub(b.since) >= window {
		return 0
	}
	return b.n
}
