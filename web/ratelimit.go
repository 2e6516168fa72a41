package web

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// RateLimit is a token bucket: a client may send Burst requests at once,
// then PerSecond requests a second. A negative PerSecond turns it off.
type RateLimit struct {
	PerSecond float64
	Burst     int
}

// Default limits. A learner reads the feedback of an answer before sending
// the next one, so five a second is far above any person and far below a
// runaway script; the burst absorbs a double click or a reconnecting page.
var (
	DefaultAttemptLimit = RateLimit{PerSecond: 5, Burst: 20}
	DefaultConsoleLimit = RateLimit{PerSecond: 10, Burst: 40}
	// DefaultAnonymousLimit applies per client address to requests without
	// a learner yet. It is wider because a classroom behind one NAT shares
	// an address until each browser has its learner cookie.
	DefaultAnonymousLimit = RateLimit{PerSecond: 20, Burst: 100}
	// DefaultServerCheckLimit lets a learner run a few checks in a row
	// (fix, check again), then one every ten seconds: a check is up to a
	// dozen requests to the learner's server.
	DefaultServerCheckLimit = RateLimit{PerSecond: 0.1, Burst: 5}
	// DefaultAnonymousCeiling bounds the requests without a learner from
	// every address together: ten rooms' worth.
	DefaultAnonymousCeiling = RateLimit{PerSecond: 200, Burst: 1000}
)

// SignInLimit paces the guesses of the instructor token from one network
// (signin_guard.go); zero fields take the defaults below.
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

func (l SignInLimit) orDefault() SignInLimit {
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

func (r RateLimit) orDefault(d RateLimit) RateLimit {
	if r.PerSecond == 0 && r.Burst == 0 {
		return d
	}
	if r.Burst <= 0 {
		r.Burst = 1
	}
	return r
}

// limiter keeps one token bucket per key in memory. Idle buckets refill to
// full and are then forgotten, so memory follows the active clients, not
// every client ever seen.
type limiter struct {
	rate, burst float64
	off         bool
	// overall, when set, is the ceiling of every key together: a limit
	// per address is no limit against many addresses.
	overall *limiter

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(r RateLimit) *limiter {
	return &limiter{rate: r.PerSecond, burst: float64(r.Burst), off: r.PerSecond < 0, buckets: map[string]*bucket{}}
}

// withCeiling sets the bound of every key together.
func (l *limiter) withCeiling(r RateLimit) *limiter {
	l.overall = newLimiter(r)
	return l
}

// take spends one token of key's bucket, and one of the ceiling's. When
// none is left it reports how long until one is.
func (l *limiter) take(key string, now time.Time) (bool, time.Duration) {
	ok, wait := l.takeKey(key, now)
	if !ok || l.overall == nil {
		return ok, wait
	}
	if ok, wait = l.overall.takeKey("", now); !ok {
		l.refund(key)
	}
	return ok, wait
}

// refund gives key back the token a refused take spent.
func (l *limiter) refund(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = math.Min(l.burst, b.tokens+1)
	}
}

func (l *limiter) takeKey(key string, now time.Time) (bool, time.Duration) {
	if l.off {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = math.Min(l.burst, b.tokens+dt*l.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	if l.rate <= 0 {
		return false, time.Minute
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// sweep forgets, once a minute, the buckets that have refilled: a new
// bucket starts full, so forgetting them changes nothing.
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < time.Minute {
		return
	}
	l.lastSweep = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}

func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// limitKind names what a limit protects, for its message.
type limitKind int

const (
	limitAttempts limitKind = iota
	limitConsole
	limitServerCheck
)

// limits holds the buckets of every kind, by learner and by address.
type limits struct {
	byLearner map[limitKind]*limiter
	anonymous *limiter
}

func newLimits(cfg Config) *limits {
	return &limits{
		byLearner: map[limitKind]*limiter{
			limitAttempts:    newLimiter(cfg.AttemptLimit.orDefault(DefaultAttemptLimit)),
			limitConsole:     newLimiter(cfg.ConsoleLimit.orDefault(DefaultConsoleLimit)),
			limitServerCheck: newLimiter(cfg.ServerCheckLimit.orDefault(DefaultServerCheckLimit)),
		},
		anonymous: newLimiter(cfg.AnonymousLimit.orDefault(DefaultAnonymousLimit)).
			withCeiling(cfg.AnonymousCeiling.orDefault(DefaultAnonymousCeiling)),
	}
}

// rateLimit is the middleware for routes that grade or relay a learner's
// messages. The key is the learner in the cookie, or the client address
// (as Gin reads it: X-Forwarded-For only from trusted proxies; an IPv6
// address counts as its /64) when there is none yet, so a forged header
// cannot buy a fresh bucket.
func (s *Server) rateLimit(kind limitKind) gin.HandlerFunc {
	return func(c *gin.Context) {
		now := s.now()
		lim, key := s.limits.anonymous, "ip:"+addrKey(c.ClientIP())
		learner, ok, err := s.currentLearner(c)
		if err != nil {
			s.renderError(c, err)
			return
		}
		if ok {
			lim, key = s.limits.byLearner[kind], "learner:"+strconv.FormatInt(learner.ID, 10)
		}
		allowed, wait := lim.take(key, now)
		if allowed {
			c.Next()
			return
		}
		s.tooManyRequests(c, kind, wait)
	}
}

// tooManyRequests answers 429 with Retry-After, kindly, in the learner's
// language: JSON for scripts and the pages' fetches, a page for forms.
func (s *Server) tooManyRequests(c *gin.Context, kind limitKind, wait time.Duration) {
	secs := retrySeconds(wait)
	l := apiLang(c)
	w := i18n.WorkshopFor(l)
	msg := fmt.Sprintf(w.SlowAttempts, secs)
	switch kind {
	case limitConsole:
		msg = fmt.Sprintf(w.SlowConsole, secs)
	case limitServerCheck:
		msg = fmt.Sprintf(w.SlowChecks, secs)
	}
	c.Header("Retry-After", strconv.Itoa(secs))
	s.log.Debug("rate limited", "path", c.Request.URL.Path, "retry_after", secs)
	if wantsJSON(c) {
		c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": msg, "retry_after": secs})
		return
	}
	s.render(c, http.StatusTooManyRequests, view.ErrorPage(s.frame(c, l, w.SlowDownTitle, ""),
		view.ErrorVM{Status: http.StatusTooManyRequests, Title: w.SlowDownTitle, Body: msg}))
	c.Abort()
}

// retrySeconds is a Retry-After in whole seconds, at least one.
func retrySeconds(wait time.Duration) int {
	return max(1, int(math.Ceil(wait.Seconds())))
}

// retryAfter is retrySeconds as a header value.
func retryAfter(wait time.Duration) string { return strconv.Itoa(retrySeconds(wait)) }

// wantsJSON tells API calls and scripts from a browser submitting a form.
func wantsJSON(c *gin.Context) bool {
	p := c.Request.URL.Path
	if strings.HasPrefix(p, "/api/") || p == "/mcp" || strings.HasPrefix(p, "/mcp/") {
		return true
	}
	accept := c.GetHeader("Accept")
	return strings.Contains(accept, "json") && !strings.Contains(accept, "text/html")
}

// FailureLimit bounds wrong codes: Max failures per network (addrKey) and
// GlobalMax overall, each counted over Window from the first failure of a
// burst, so a burst is never split by a clock's minute boundary.
type FailureLimit struct {
	Max, GlobalMax int
	Window         time.Duration
}

// Default failure limits. A room types its join code within a minute or
// two, some of it wrongly; the ceiling overall is for a guesser with many
// addresses, not for the room.
var (
	DefaultJoinCodeLimit   = FailureLimit{Max: 20, GlobalMax: 1000, Window: time.Minute}
	DefaultResumeCodeLimit = FailureLimit{Max: 10, GlobalMax: 500, Window: time.Minute}
)

func (f FailureLimit) orDefault(d FailureLimit) FailureLimit {
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

// failureLimiter counts failures per network and overall, over a window
// from the first failure of a burst: the one rule of every guard against
// guessing (join and resume codes, the sign-in guard).
type failureLimiter struct {
	lim FailureLimit

	mu     sync.Mutex
	bursts map[string]*burst
	total  burst
}

// maxFailureKeys bounds the networks a failureLimiter remembers; past it a
// new network counts only overall.
const maxFailureKeys = 1 << 16

func newFailureLimiter(lim FailureLimit) *failureLimiter {
	return &failureLimiter{lim: lim, bursts: map[string]*burst{}}
}

// counts are the failures of addr's network and overall, in the bursts
// running at now.
func (f *failureLimiter) counts(addr string, now time.Time) (n, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if b := f.bursts[addrKey(addr)]; b != nil {
		n = b.count(now, f.lim.Window)
	}
	return n, f.total.count(now, f.lim.Window)
}

// allow reports whether addr may try again: its network and everyone
// together are under their bounds.
func (f *failureLimiter) allow(addr string, now time.Time) bool {
	n, total := f.counts(addr, now)
	return n < f.lim.Max && total < f.lim.GlobalMax
}

// fail counts one failure of addr at now and returns the counts after it.
func (f *failureLimiter) fail(addr string, now time.Time) (n, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := addrKey(addr)
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
func (f *failureLimiter) forget(now time.Time) {
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
