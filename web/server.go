// Package web is the playground's HTTP face: the Gin router, one handler per
// file, middleware, and the templ views in web/view. It only wires the
// domain packages (course, grader, mockserver, store) to HTTP.
package web

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/rules"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/static"
)

// Config is what the web layer needs to know about how it is run.
type Config struct {
	// Dev shows content errors on the pages instead of only in the log.
	Dev bool
	// InstructorToken opens the instructor pages.
	InstructorToken string
	// JoinCode, when set, must be entered by learners before they start.
	JoinCode string
	// SecureCookies marks cookies Secure (served over TLS or behind a TLS proxy).
	SecureCookies bool
	// TrustedProxies lists the proxies whose X-Forwarded-For is believed; none by default.
	TrustedProxies []string
	// MaxBodyBytes bounds every request body (1 MiB when zero).
	MaxBodyBytes int64
	// AttemptLimit, ConsoleLimit and AnonymousLimit bound how fast one
	// learner (or one address without a learner yet) may send answers and
	// console messages; zero values take the defaults of ratelimit.go.
	AttemptLimit, ConsoleLimit, AnonymousLimit RateLimit
	// MCPAllowedOrigins are browser origins ("http://host:port") that may
	// use /mcp besides the request's own (and loopback ones on a loopback
	// listener); the gift server's handler refuses any other Origin.
	MCPAllowedOrigins []string
	// ConsoleMaxSessions bounds the console sessions kept in memory (one
	// per learner; default 500); ConsoleIdleTimeout ends a session nobody
	// used for that long (default 30 minutes).
	ConsoleMaxSessions int
	ConsoleIdleTimeout time.Duration
	Logger             *slog.Logger
	// Clock is the time the review schedule reads (time.Now when nil), so
	// a test can move it.
	Clock func() time.Time
}

// Deps are the domain services the handlers use.
type Deps struct {
	Store   *store.Store
	Content *course.Live
	// Mock is the gift MCP server behind /mcp and the console; nil builds
	// one without fixtures.
	Mock *mockserver.Server
}

// Server holds the router and everything the handlers share.
type Server struct {
	cfg     Config
	log     *slog.Logger
	store   *store.Store
	content *course.Live
	assets  *assets
	pages   *pageCache
	router  *gin.Engine

	// resumeGuard slows down guessing resume codes.
	resumeGuard *failureLimiter

	// Workshops (instructor_*.go, join_*.go, ratelimit.go).
	instructor      *instructorAuth
	instructorGuard *failureLimiter // wrong instructor tokens, per address
	joinGuard       *failureLimiter // wrong join codes, per address
	limits          *limits
	dashCache       *dashboardCache
	codeTitles      map[string]map[string]string // diagnostic code → language → title
	rules           *rules.Book                  // every code explained (rule_*.go)

	// The gift server (mcp_mount.go, console_*.go).
	mock     *mockserver.Server
	mcp      *mockserver.HTTPHandler
	consoles *consoles
}

// New builds the server and its routes.
func New(cfg Config, deps Deps) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.MaxBodyBytes == 0 {
		cfg.MaxBodyBytes = 1 << 20
	}
	a, err := loadAssets(static.FS)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Logger,
		store:   deps.Store,
		content: deps.Content,
		assets:  a,
	}
	s.pages = newPageCache(s)
	if s.rules, err = rules.New(); err != nil {
		return nil, err
	}
	s.resumeGuard = newFailureLimiter(10)
	s.initWorkshop()
	s.initMock(deps.Mock)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	if err := r.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, fmt.Errorf("set trusted proxies: %w", err)
	}
	r.RedirectTrailingSlash = true
	r.HandleMethodNotAllowed = false
	s.router = r
	s.routes()
	return s, nil
}

// Handler returns the router; the protections that apply to every route are
// its middleware (routes.go).
func (s *Server) Handler() http.Handler {
	return s.router
}
