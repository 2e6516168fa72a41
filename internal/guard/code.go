package guard

import (
	"log/slog"
	"time"
)

// CodeGuard stands before a code a learner types or follows (the room's
// join code; a resume code, which is also a roster student's personal
// link): wrong codes are counted per network (AddrKey) over a window, and
// a network past its bound is refused until its burst is over.
//
// The bound overall never locks the room: past it, only the networks that
// have failed in the window are refused, and a network that has not
// failed is always heard, so the right code from a student's own machine
// gets in while others guess. Under that pressure each guessing network
// has one try per window. Every wrong code is a warning naming the
// network; the limiter bounds how many there are.
type CodeGuard struct {
	what  string // "join code", "resume code"
	fails *FailureLimiter
	log   *slog.Logger
}

// NewCodeGuard guards the codes named what ("join code") within lim,
// warning of wrong ones on log.
func NewCodeGuard(what string, lim FailureLimit, log *slog.Logger) *CodeGuard {
	return &CodeGuard{what: what, fails: newFailureLimiter(lim), log: log}
}

// Allow reports whether a code from addr may be tried now.
func (g *CodeGuard) Allow(addr string, now time.Time) bool {
	n, total := g.fails.Counts(addr, now)
	return n < g.fails.lim.Max && (n == 0 || total < g.fails.lim.GlobalMax)
}

// Fail counts a wrong code from addr, sent by way ("form", "link").
func (g *CodeGuard) Fail(addr, way string, now time.Time) {
	n, total := g.fails.Fail(addr, now)
	g.log.Warn("wrong "+g.what, "network", AddrKey(addr), "way", way, "failures_in_burst", n, "failures_overall", total)
}
