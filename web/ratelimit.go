package web

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// RateLimit is a token bucket (guard.RateLimit): a client may send Burst
// requests at once, then PerSecond requests a second. A negative
// PerSecond turns it off.
type RateLimit = guard.RateLimit

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
// (guard.SignInGuard); zero fields take the defaults there.
type SignInLimit = guard.SignInLimit

// limitKind names what a limit protects, for its message.
type limitKind int

const (
	limitAttempts limitKind = iota
	limitConsole
	limitServerCheck
)

// limits holds the buckets of every kind, by learner and by address.
type limits struct {
	byLearner map[limitKind]*guard.Limiter
	anonymous *guard.Limiter
}

func newLimits(cfg Config) *limits {
	return &limits{
		byLearner: map[limitKind]*guard.Limiter{
			limitAttempts:    guard.NewLimiter(cfg.AttemptLimit.OrDefault(DefaultAttemptLimit)),
			limitConsole:     guard.NewLimiter(cfg.ConsoleLimit.OrDefault(DefaultConsoleLimit)),
			limitServerCheck: guard.NewLimiter(cfg.ServerCheckLimit.OrDefault(DefaultServerCheckLimit)),
		},
		anonymous: guard.NewLimiter(cfg.AnonymousLimit.OrDefault(DefaultAnonymousLimit)).
			WithCeiling(cfg.AnonymousCeiling.OrDefault(DefaultAnonymousCeiling)),
	}
}

// rateLimit is the middleware for routes that grade or relay a learner's
// messages: guard.Rate with the kind's bucket per learner, and the
// anonymous bucket per address for requests without a learner yet.
func (s *Server) rateLimit(kind limitKind) guard.Middleware {
	return guard.Rate(guard.RateConfig{
		Clock: s.cfg.Clock, Client: s.client,
		Known: s.limits.byLearner[kind], Anonymous: s.limits.anonymous,
		Refuse: func(w http.ResponseWriter, _ *http.Request, wait time.Duration) {
			s.tooManyRequests(ginOf(w), kind, wait)
		},
	})
}

// client is who a request counts for in the limits: the learner in the
// cookie, or the client address (as Gin reads it: X-Forwarded-For only
// from trusted proxies; an IPv6 address counts as its /64) when there is
// none yet, so a forged header cannot buy a fresh bucket.
func (s *Server) client(w http.ResponseWriter, _ *http.Request) (guard.Client, bool) {
	c := ginOf(w)
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		s.renderError(c, err)
		return guard.Client{}, false
	}
	if ok {
		return guard.Client{Key: "learner:" + strconv.FormatInt(learner.ID, 10), Known: true}, true
	}
	return guard.Client{Key: "ip:" + guard.AddrKey(c.ClientIP())}, true
}

// tooManyRequests answers 429 with Retry-After, kindly, in the learner's
// language (slowDown).
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
	s.log.Debug("rate limited", "path", c.Request.URL.Path, "retry_after", secs)
	s.slowDown(c, http.StatusTooManyRequests, l, msg, secs)
}

// slowDown answers a refusal of a guard with status, a Retry-After of secs
// and msg: JSON for scripts and the pages' fetches, a page for forms.
func (s *Server) slowDown(c *gin.Context, status int, l i18n.Lang, msg string, secs int) {
	c.Header("Retry-After", strconv.Itoa(secs))
	if wantsJSON(c) {
		c.AbortWithStatusJSON(status, gin.H{"error": msg, "retry_after": secs})
		return
	}
	title := i18n.WorkshopFor(l).SlowDownTitle
	s.render(c, status, view.ErrorPage(s.frame(c, l, title, ""), view.ErrorVM{Status: status, Title: title, Body: msg}))
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

// FailureLimit bounds wrong codes: Max failures per network
// (guard.AddrKey) and GlobalMax overall, each counted over Window from the
// first failure of a burst.
type FailureLimit = guard.FailureLimit

// Default failure limits. A room types its join code within a minute or
// two, some of it wrongly; the ceiling overall is for a guesser with many
// addresses, not for the room.
var (
	DefaultJoinCodeLimit   = FailureLimit{Max: 20, GlobalMax: 1000, Window: time.Minute}
	DefaultResumeCodeLimit = FailureLimit{Max: 10, GlobalMax: 500, Window: time.Minute}
)
