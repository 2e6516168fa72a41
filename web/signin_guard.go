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
// per address and overall, over a minute from the first failure of a burst
// (a window that starts with the burst, so a burst is never split by a
// clock's minute boundary).
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
	fails  map[string]*burst
	total  burst
	queues map[string]*addrQueue
}

// burstWindow is how long failures count from the first one of a burst.
const burstWindow = time.Minute

// burst counts the failures since the first one of a burst.
type burst struct {
	n     int
	since time.Time
}

// add counts one failure at now, starting a new burst when the last one is
// over, and returns the count.
func (b *burst) add(now time.Time) int {
	if b.n == 0 || now.Sub(b.since) >= burstWindow {
		b.n, b.since = 0, now
	}
	b.n++
	return b.n
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
		fails: map[string]*burst{}, queues: map[string]*addrQueue{},
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
	g.forget(now)
	b := g.fails[addr]
	if b == nil {
		b = &burst{}
		g.fails[addr] = b
	}
	n, total := b.add(now), g.total.add(now)
	if n == 1 || n == 10 || n == 100 || n == 1000 || n == 10000 {
		g.log.Warn("wrong instructor credentials", "addr", addr, "way", way, "failures_in_burst", n, "failures_overall", total)
	}
	return n > g.freeFails || total > g.globalFree
}

// forget drops the bursts that are over, so memory follows the addresses
// failing now, not every address that ever failed.
func (g *signInGuard) forget(now time.Time) {
	if len(g.fails) < 1024 {
		return
	}
	for addr, b := range g.fails {
		if now.Sub(b.since) >= burstWindow {
			delete(g.fails, addr)
		}
	}
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
