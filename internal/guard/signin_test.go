package guard

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestSignInGuardTurns holds every guess of a network in a burst until its
// turn, right and wrong alike, so the early answer of one never tells it
// apart; a guess whose client left before its turn has still spent it and
// counts as a failure.
func TestSignInGuardTurns(t *testing.T) {
	g := NewSignInGuard(SignInConfig{Limit: SignInLimit{FreeFailures: 1, Waiting: 100}, Log: quietLogger()})
	now := time.Unix(1_000_000, 0)
	var waited []time.Duration
	gone := context.Background()
	g.wait = func(ctx context.Context, d time.Duration) error {
		waited = append(waited, d)
		return ctx.Err()
	}
	cancelled, cancel := context.WithCancel(gone)
	cancel()
	type guess struct {
		ctx  context.Context
		addr string
		ok   bool
	}
	var got []SignInVerdict
	for _, q := range []guess{
		{gone, "2001:db8::1", false},      // free
		{gone, "2001:db8::2", false},      // the burst's first turn: now
		{cancelled, "2001:db8::3", false}, // abandoned before its turn
		{gone, "2001:db8::4", true},       // right: waits like the rest
		{gone, "2001:db8::5", false},      // wrong
		{gone, "2001:db8:0:1::1", true},   // another /64: at once
	} {
		v, _ := g.Decide(q.ctx, q.addr, "bearer", q.ok, now)
		got = append(got, v)
	}
	if diff := cmp.Diff([]SignInVerdict{SignInWrong, SignInWrong, SignInGone, SignInRight, SignInWrong, SignInRight}, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	p := g.pace
	if diff := cmp.Diff([]time.Duration{p, 2 * p, 3 * p}, waited); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
	if n, _ := g.fails.Counts("2001:db8::9", now); n != 4 {
		t.Errorf("%d failures counted for the /64, want 4 (the abandoned one too)", n)
	}
	if g.waiting != 0 {
		t.Errorf("%d guesses still counted as waiting", g.waiting)
	}
}

// TestSignInGuardOneAtATime: many guesses of one network sent at once are
// given distinct turns, one pace apart, and the ones past the allowed
// waiting are refused untried.
func TestSignInGuardOneAtATime(t *testing.T) {
	g := NewSignInGuard(SignInConfig{Limit: SignInLimit{FreeFailures: 1, Waiting: 3}, Log: quietLogger()})
	now := time.Unix(1_000_000, 0)
	entered := make(chan time.Duration)
	release := make(chan struct{})
	g.wait = func(_ context.Context, d time.Duration) error {
		entered <- d
		<-release
		return nil
	}
	g.Decide(context.Background(), "10.0.0.9", "form", false, now)
	var wg sync.WaitGroup
	var busy atomic.Int32
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v, _ := g.Decide(context.Background(), "10.0.0.9", "form", false, now); v == SignInBusy {
				busy.Add(1)
			}
		}()
	}
	var turns []time.Duration
	for range 3 {
		turns = append(turns, <-entered)
	}
	close(release)
	wg.Wait()
	slices.Sort(turns)
	p := g.pace
	if diff := cmp.Diff([]time.Duration{p, 2 * p, 3 * p}, turns); diff != "" {
		t.Errorf("turns of the waiting guesses (-want +got):\n%s", diff)
	}
	if busy.Load() != 4 {
		t.Errorf("%d refused untried, want 4 (8 sent, 1 at once, 3 waiting)", busy.Load())
	}
	if g.waiting != 0 {
		t.Errorf("%d guesses left counted as waiting", g.waiting)
	}
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
