package guard

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// SignInLimit paces the guesses of the instructor token from one network;
// zero fields take the defaults below.
type SignInLimit struct {
	// Pace is the time between two decided guesses of a network in a
	// burst (500ms).
	Pace time.Duration
	// FreeFailures are the failures of a network, and GlobalFreeFailures
	// those overall, answered at once before the burst is paced (10, 100).
	FreeFailures, GlobalFreeFailures int
	// Waiting is how many guesses of a network may wait for their turn (2),
	// WaitingOverall how many overall (256); more are refused untried.
	Waiting, WaitingOverall int
	// Window is how long failures count from the first one of a burst
	// (one minute).
	Window time.Duration
}

// OrDefault fills l's zero fields with the defaults.
func (l SignInLimit) OrDefault() SignInLimit {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.FreeFailures, 10)
	def(&l.GlobalFreeFailures, 100)
	def(&l.Waiting, 2)
	def(&l.WaitingOverall, 256)
	if l.Pace <= 0 {
		l.Pace = 500 * time.Millisecond
	}
	if l.Window <= 0 {
		l.Window = time.Minute
	}
	return l
}

// SignInConfig is what a SignInGuard is built from.
type SignInConfig struct {
	Limit SignInLimit
	// Log gets a warning at the first wrong guess of a burst and at each
	// tenfold more.
	Log *slog.Logger
	// Wait waits for a guess's turn, or until ctx ends (SleepCtx when nil).
	Wait func(context.Context, time.Duration) error
}

// SignInGuard stands behind every way into the instructor pages: the
// sign-in form, a Bearer token and the session cookie. Each guess is
// decided once its credentials have arrived whole, and is counted then,
// per network (AddrKey: an address, or an IPv6 /64) and overall, over a
// window from the first failure of a burst.
//
// Past FreeFailures failures of a network (or GlobalFreeFailures overall),
// the network is in a burst: its guesses, right or wrong alike, are
// answered one per Pace, each at the turn it was given when it arrived. No
// answer comes before its turn, so a client that sends many guesses at
// once and gives up on those not answered quickly learns nothing from the
// ones it abandoned — and an abandoned guess has spent its turn all the
// same. A network may hold at most Waiting guesses waiting; more are
// refused at once without being tried (SignInBusy, with a retry), so
// waiting costs the server no more than that per network, and at most
// WaitingOverall overall.
//
// A network that is not guessing has no turn to wait for: the right token
// sent from it is answered at once, even while another network is
// attacking. The caller decides what counts as a lane (an address, or a
// browser that signed in before): a guess cannot be told from another
// before it is tried, and trying the attacker's guesses sooner would
// answer them sooner.
type SignInGuard struct {
	pace       time.Duration   // between two decided guesses of a network in a burst
	fails      *FailureLimiter // the free failures, per network and overall
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

// SignInVerdict is what becomes of one guess.
type SignInVerdict int

const (
	// SignInRight and SignInWrong: the guess was tried, and is answered now.
	SignInRight SignInVerdict = iota
	SignInWrong
	// SignInBusy: too many guesses of the network wait already; this one
	// was not tried.
	SignInBusy
	// SignInGone: the client left before its turn; nothing is answered.
	SignInGone
)

// NewSignInGuard builds the guard of cfg.
func NewSignInGuard(cfg SignInConfig) *SignInGuard {
	lim := cfg.Limit.OrDefault()
	if cfg.Wait == nil {
		cfg.Wait = SleepCtx
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &SignInGuard{
		pace:  lim.Pace,
		fails: newFailureLimiter(FailureLimit{Max: lim.FreeFailures, GlobalMax: lim.GlobalFreeFailures, Window: lim.Window}),
		ahead: lim.Waiting, waitingMax: lim.WaitingOverall,
		wait: cfg.Wait, log: cfg.Log, nets: map[string]*guessNet{},
	}
}

// Pace is the time between two turns of a network in a burst.
func (g *SignInGuard) Pace() time.Duration { return g.pace }

// Decide counts one guess from a lane (a client address, whose network
// is its lane, or a device's) by way ("form", "bearer", "cookie"), whose
// check said ok, and waits for its turn. retry says, for SignInBusy, when
// a turn may be free, and for SignInWrong, one pace.
func (g *SignInGuard) Decide(ctx context.Context, from, way string, ok bool, now time.Time) (v SignInVerdict, retry time.Duration) {
	key := AddrKey(from)
	turn, retry, admitted := g.take(from, key, way, ok, now)
	if !admitted {
		return SignInBusy, retry
	}
	defer g.done(key, turn, now)
	if d := turn.Sub(now); d > 0 {
		if err := g.wait(ctx, d); err != nil {
			return SignInGone, 0
		}
	}
	if ok {
		return SignInRight, 0
	}
	return SignInWrong, g.pace
}

// take gives the guess its turn and counts it, or refuses it when the
// network has too many guesses waiting.
func (g *SignInGuard) take(addr, key, way string, ok bool, now time.Time) (turn time.Time, retry time.Duration, admitted bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	turn = now
	if !g.fails.Allow(addr, now) {
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
func (g *SignInGuard) countFailure(addr, key, way string, now time.Time) {
	c, total := g.fails.Fail(addr, now)
	if c == 1 || c == 10 || c == 100 || c == 1000 || c == 10000 {
		g.log.Warn("wrong instructor credentials", "network", key, "way", way, "failures_in_burst", c, "failures_overall", total)
	}
}

// done ends the wait of a guess that was given turn.
func (g *SignInGuard) done(key string, turn, now time.Time) {
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
func (g *SignInGuard) forget(now time.Time) {
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
