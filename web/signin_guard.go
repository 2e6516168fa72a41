package web

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// signInGuard stands behind every way into the instructor pages: the
// sign-in form, a Bearer token and the session cookie. Each guess is
// decided once its credentials have arrived whole, and is counted then,
// per network (addrKey: an address, or an IPv6 /64) and overall, over a
// window from the first failure of a burst.
//
// Past freeFails failures of a network (or globalFree overall), the
// network is in a burst: its guesses, right or wrong alike, are answered
// one per pace, each at the turn it was given when it arrived. No answer
// comes before its turn, so a client that sends many guesses at once and
// gives up on those not answered quickly learns nothing from the ones it
// abandoned — and an abandoned guess has spent its turn all the same. A
// network may hold at most ahead guesses waiting; more are refused at
// once without being tried (429 with Retry-After), so waiting costs the
// server no more than that per network, and at most waiting overall.
//
// A valid session cookie is not a guess (it cannot be forged: it is
// signed), so a signed-in instructor is never slowed. A network that is
// not guessing has no turn to wait for: the right token sent from it is
// answered at once, even while another network is attacking. A browser
// that signed in before guesses in a lane of its own (signin_device.go),
// so the right token from it is answered at once even while its own
// network is attacking. From that network without a device cookie it
// waits for a turn like every guess there: a guess cannot be told from
// another before it is tried, and trying the attacker's guesses sooner
// would answer them sooner.
type signInGuard struct {
	pace       time.Duration   // between two decided guesses of a network in a burst
	fails      *failureLimiter // the free failures, per network and overall
	ahead      int             // guesses a network may have waiting for their turn
	waitingMax int             // guesses waiting overall
	wait       func(context.Context, time.Duration) error
	log        *slog.Logger

	mu      sync.Mutex
	nets    map[string]*guessNet
	waiting int
}

// guessNet is the turns of one network.
type guessNet struct {
	next    time.Time // the earliest turn the next guess may get
	waiting int
}

// signInVerdict is what becomes of one guess.
type signInVerdict int

const (
	// signInRight and signInWrong: the guess was tried, and is answered now.
	signInRight signInVerdict = iota
	signInWrong
	// signInBusy: too many guesses of the network wait already; this one
	// was not tried.
	signInBusy
	// signInGone: the client left before its turn; nothing is answered.
	signInGone
)

func newSignInGuard(cfg SignInLimit, log *slog.Logger) *signInGuard {
	cfg = cfg.orDefault()
	return &signInGuard{
		pace:  cfg.Pace,
		fails: newFailureLimiter(FailureLimit{Max: cfg.FreeFailures, GlobalMax: cfg.GlobalFreeFailures, Window: cfg.Window}),
		ahead: cfg.Waiting, waitingMax: cfg.WaitingOverall,
		wait: sleepCtx, log: log, nets: map[string]*guessNet{},
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

// decide counts one guess from a lane (a client address, whose network
// is its lane, or a device's: guessLane) by way ("form", "bearer",
// "cookie"), whose check said ok, and waits for its turn. retry says, for
// signInBusy, when a turn may be free.
func (g *signInGuard) decide(ctx context.Context, from, way string, ok bool, now time.Time) (v signInVerdict, retry time.Duration) {
	key := addrKey(from)
	turn, retry, admitted := g.take(from, key, way, ok, now)
	if !admitted {
		return signInBusy, retry
	}
	defer g.done(key, turn, now)
	if d := turn.Sub(now); d > 0 {
		if err := g.wait(ctx, d); err != nil {
			return signInGone, 0
		}
	}
	if ok {
		return signInRight, 0
	}
	return signInWrong, g.pace
}

// take gives the guess its turn and counts it, or refuses it when the
// network has too many guesses waiting.
func (g *signInGuard) take(addr, key, way string, ok bool, now time.Time) (turn time.Time, retry time.Duration, admitted bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	turn = now
	if !g.fails.allow(addr, now) {
		g.forget(now)
		n := g.nets[key]
		if n == nil {
			n = &guessNet{}
			g.nets[key] = n
		}
		turn = maxTime(now, n.next)
		n.next = turn.Add(g.pace)
		if wait := turn.Sub(now); wait > 0 {
			if wait > time.Duration(g.ahead)*g.pace || g.waiting >= g.waitingMax {
				n.next = turn // the turn was not taken
				return time.Time{}, max(wait-time.Duration(g.ahead)*g.pace, g.pace), false
			}
			n.waiting++
			g.waiting++
		}
	}
	if !ok {
		g.countFailure(addr, key, way, now)
	}
	return turn, 0, true
}

// countFailure counts a wrong guess. The first failure of a burst, and
// each tenfold more, is a warning.
func (g *signInGuard) countFailure(addr, key, way string, now time.Time) {
	c, total := g.fails.fail(addr, now)
	if c == 1 || c == 10 || c == 100 || c == 1000 || c == 10000 {
		g.log.Warn("wrong instructor credentials", "network", key, "way", way, "failures_in_burst", c, "failures_overall", total)
	}
}

// done ends the wait of a guess that was given turn.
func (g *signInGuard) done(key string, turn, now time.Time) {
	if !turn.After(now) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.waiting--
	if n := g.nets[key]; n != nil {
		n.waiting--
	}
}

// forget drops the networks whose turns are past, so memory follows the
// networks guessing now, not every one that ever did.
func (g *signInGuard) forget(now time.Time) {
	if len(g.nets) < 1024 {
		return
	}
	for key, n := range g.nets {
		if n.waiting == 0 && !n.next.After(now) {
			delete(g.nets, key)
		}
	}
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
