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

// take spends one token of key's bucket. When none is left it reports how
// long until one is.
func (l *limiter) take(key string, now time.Time) (bool, time.Duration) {
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
		anonymous: newLimiter(cfg.AnonymousLimit.orDefault(DefaultAnonymousLimit)),
	}
}

// rateLimit is the middleware for routes that grade or relay a learner's
// messages. The key is the learner in the cookie, or the client address
// (as Gin reads it: X-Forwarded-For only from trusted proxies) when there
// is none yet, so a forged header cannot buy a fresh bucket.
func (s *Server) rateLimit(kind limitKind) gin.HandlerFunc {
	return func(c *gin.Context) {
		now := s.now()
		lim, key := s.limits.anonymous, "ip:"+c.ClientIP()
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

// failureLimiter counts failures per key in fixed one-minute windows. The
// whole map is dropped at each new window, which bounds its memory.
type failureLimiter struct {
	max    int
	mu     sync.Mutex
	window time.Time
	counts map[string]int
}

func newFailureLimiter(max int) *failureLimiter {
	return &failureLimiter{max: max, counts: map[string]int{}}
}

func (f *failureLimiter) roll(now time.Time) {
	if w := now.Truncate(time.Minute); !w.Equal(f.window) {
		f.window, f.counts = w, map[string]int{}
	}
}

func (f *failureLimiter) allow(key string, now time.Time) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.roll(now)
	return f.counts[key] < f.max
}

func (f *failureLimiter) fail(key string, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.roll(now)
	f.counts[key]++
}
