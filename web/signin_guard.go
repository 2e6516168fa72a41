package web

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// signInGuard stands behind every way into the instructor pages: the
// sign-in form, a Bearer token and the session cookie. Each attempt is
// counted when it is decided — once its credentials have arrived whole —
// per address and overall, in one-minute windows.
//
// The guard never applies to the successful path: the right token and a
// valid session cookie always get in at once, so a participant guessing
// from the instructor's own address (one NAT for the room) cannot lock the
// instructor out. Wrong guesses are what it slows: past freeFails from one
// address (or globalFreeFails overall) each further failure is answered
// only after a delay, one at a time per address. With the per-address
// connection cap (listener.go) an address then holds at most that many
// guesses in flight and gets about one answer per delay, so guessing a
// token is held to a few tries a second instead of hundreds.
type signInGuard struct {
	delay      time.Duration // per wrong guess past the free ones
	freeFails  int           // per address and window, before delays
	globalFree int           // overall and window, before every address is delayed
	wait       func(context.Context, time.Duration) error
	log        *slog.Logger

	mu     sync.Mutex
	window time.Time
	fails  map[string]int
	total  int
	queues map[string]*addrQueue
}

// addrQueue lets one delayed failure of an address be answered at a time.
type addrQueue struct {
	turn chan struct{}
	refs int
}

func newSignInGuard(log *slog.Logger) *signInGuard {
	return &signInGuard{
		delay: 500 * time.Millisecond, freeFails: 10, globalFree: 100,
		wait: sleepCtx, log: log,
		fails: map[string]int{}, queues: map[string]*addrQueue{},
	}
}

// sleepCtx waits d, or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// decided records the outcome of one attempt from addr by way ("form",
// "bearer", "cookie"). It returns true when the failure was slowed down:
// the caller answers 429 instead of 401, so the client knows to wait.
func (g *signInGuard) decided(ctx context.Context, addr, way string, ok bool, now time.Time) bool {
	if ok {
		return false
	}
	if !g.fail(addr, way, now) {
		return false
	}
	q := g.enter(addr)
	defer g.leave(addr, q)
	select {
	case q.turn <- struct{}{}:
	case <-ctx.Done():
		return true
	}
	defer func() { <-q.turn }()
	_ = g.wait(ctx, g.delay)
	return true
}

// fail counts one failure and reports whether it is past the free ones.
// The first failure of a burst, and each tenfold more, is a warning.
func (g *signInGuard) fail(addr, way string, now time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if w := now.Truncate(time.Minute); !w.Equal(g.window) {
		g.window, g.fails, g.total = w, map[string]int{}, 0
	}
	g.fails[addr]++
	g.total++
	n := g.fails[addr]
	if n == 1 || n == 10 || n == 100 || n == 1000 || n == 10000 {
		g.log.Warn("wrong instructor credentials", "addr", addr, "way", way, "failures_this_minute", n, "failures_overall", g.total)
	}
	return n > g.freeFails || g.total > g.globalFree
}

func (g *signInGuard) enter(addr string) *addrQueue {
	g.mu.Lock()
	defer g.mu.Unlock()
	q := g.queues[addr]
	if q == nil {
		q = &addrQueue{turn: make(chan struct{}, 1)}
		g.queues[addr] = q
	}
	q.refs++
	return q
}

func (g *signInGuard) leave(addr string, q *addrQueue) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if q.refs--; q.refs == 0 {
		delete(g.queues, addr)
	}
}
