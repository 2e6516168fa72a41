// Package web is the playground's HTTP face: the Gin router, one handler per
// file, and the templ views in web/view and the builders of their view
// models in web/pagevm. It only wires the domain packages to HTTP (course,
// exercise, console, exchange, explain, keep, logimport, servercheck,
// clientcheck, netguard, guard, mockserver, store, rules, review, grader,
// lti: the import arrows of docs/architecture.md; server_doc_test.go holds
// both lists to the package's imports): the console's conversation is
// internal/console's, a log's is internal/explain's, a check's is
// internal/servercheck's or internal/clientcheck's, and the protections
// every request passes are internal/guard's middleware, composed in
// routes.go.
package web

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/rules"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/static"
	"github.com/mcpplayground/playground/web/pagevm"
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
	// ConnsPerAddr bounds the connections (behind a trusted proxy: the
	// requests) one client network holds at once (DefaultConnsPerAddr when
	// zero), MaxConns those of everyone (DefaultMaxConns); see guard.LimitListener.
	ConnsPerAddr, MaxConns int
	// MaxBodyBytes bounds every request body (1 MiB when zero).
	MaxBodyBytes int64
	// BodyTimeout bounds the time a client may take to send a request
	// body (DefaultBodyTimeout when zero); see guard.BodyDeadline.
	BodyTimeout time.Duration
	// AttemptLimit, ConsoleLimit and AnonymousLimit bound how fast one
	// learner (or one address without a learner yet) may send answers and
	// console messages; zero values take the defaults of ratelimit.go.
	AttemptLimit, ConsoleLimit, AnonymousLimit RateLimit
	// SignInLimit paces guesses of the instructor token; JoinCodeLimit and
	// ResumeCodeLimit bound wrong join and resume codes (ratelimit.go;
	// zero values take the defaults there).
	SignInLimit                    SignInLimit
	JoinCodeLimit, ResumeCodeLimit FailureLimit
	// LearnerCreationLimit bounds how fast one address may create learners
	// (DefaultLearnerCreationLimit when zero). AnonymousCeiling and
	// LearnerCreationCeiling bound the same for every address together
	// (DefaultAnonymousCeiling, DefaultLearnerCreationCeiling).
	LearnerCreationLimit                     RateLimit
	AnonymousCeiling, LearnerCreationCeiling RateLimit
	// MCPAllowedOrigins are browser origins ("http://host:port") that may
	// use /mcp besides the request's own (and loopback ones on a loopback
	// listener); the gift server's handler refuses any other Origin.
	MCPAllowedOrigins []string
	// MCPRequestTimeout bounds how long a request the gift server sent to
	// an MCP client waits for its answer (0: the handler's default, 60s).
	MCPRequestTimeout time.Duration
	// ConsoleMaxSessions bounds the console sessions kept in memory (one
	// per learner; default 500); ConsoleIdleTimeout ends a session nobody
	// used for that long (default 30 minutes).
	ConsoleMaxSessions int
	ConsoleIdleTimeout time.Duration
	// ServerChecks says which addresses /{lang}/check-server may connect
	// to (nil: loopback only); serve builds it from -allow-server-checks.
	ServerChecks *netguard.Policy
	// ServerCheckTimeout bounds each step of a server check
	// (servercheck.DefaultTimeout when zero); ServerCheckLimit bounds how
	// often one learner may start a check (DefaultServerCheckLimit when
	// zero).
	ServerCheckTimeout time.Duration
	ServerCheckLimit   RateLimit
	// ExplainMaxBytes bounds a log sent to be explained (5 MiB when zero),
	// ExplainMaxMessages the messages explained of it (20,000 when zero),
	// ExplainConcurrency the logs explained at once (2 when zero): the
	// others wait their turn, so a heavy log never stalls the rest.
	ExplainMaxBytes    int64
	ExplainMaxMessages int
	ExplainConcurrency int
	// HeavyLimit bounds the explains and server checks held at once, per
	// learner and overall (heavy_limit.go).
	HeavyLimit HeavyLimit
	// Clock tells the time (clock.go); nil is the system clock.
	Clock Clock
	// ConsoleStreamsPerLearner, ConsoleStreamsPerAddr and ConsoleStreams
	// bound the console's event streams (tabs listening) per learner
	// (default 4), per client network (default half the overall bound)
	// and overall (DefaultConsoleStreams); a learner's second stream
	// waits until fewer than half the overall bound are open. Past them
	// the stream is refused with 429 or 503.
	ConsoleStreamsPerLearner int
	ConsoleStreamsPerAddr    int
	ConsoleStreams           int
	Logger                   *slog.Logger
	// Version is the program's version, sent by /healthz in the
	// X-Playground-Version header ("(devel)" when empty).
	Version string
	// PublicURL is the playground's address as an LMS reaches it
	// ("https://playground.example.edu"), for the LTI redirect and deep
	// link URLs; empty: the request's own scheme and host.
	PublicURL string
}

// DefaultLearnerCreationLimit lets a whole room start at once from one
// address (the burst: a classroom behind one NAT), then newcomers trickle
// in; a script posting without cookies gets a few hundred rows, not twenty
// thousand.
var DefaultLearnerCreationLimit = RateLimit{PerSecond: 2, Burst: 300}

// DefaultLearnerCreationCeiling is the same bound for every address
// together: a few rooms starting at once, not an open tap for a guesser
// with many addresses.
var DefaultLearnerCreationCeiling = RateLimit{PerSecond: 10, Burst: 1000}

// DefaultConsoleStreams bounds the console's event streams overall: a
// tab listening each for a room of several hundred.
const DefaultConsoleStreams = 512

// Deps are the domain services the handlers use.
type Deps struct {
	Store   *store.Store
	Content *course.Live
	// Mock is the gift MCP server behind /mcp and the console; nil builds
	// one without fixtures.
	Mock *mockserver.Server
	// LTI is the LTI 1.3 service (whose Run sends the scores); nil builds
	// one that only queues them.
	LTI *lti.Service
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
	handler http.Handler // the router, answering HEAD as GET (head.go)

	// resumeGuard slows down guessing resume codes; learnerGuard, creating
	// learners (learner.go).
	resumeGuard  *guard.CodeGuard
	learnerGuard *guard.Limiter

	// Workshops (instructor_*.go, join_*.go, ratelimit.go).
	instructor      *instructorAuth
	instructorGuard *guard.SignInGuard // every way in to the instructor pages (guard.SignInGuard)
	joinGuard       *guard.CodeGuard   // wrong join codes, per network
	limits          *limits
	dashCache       *dashboardCache
	codeTitles      pagevm.Codes // diagnostic code → language → title
	rules           *rules.Book  // every code explained (rule_*.go)

	// The gift server (mcp_mount.go, console_*.go).
	mock     *mockserver.Server
	mcp      *mockserver.HTTPHandler
	consoles *console.Registry
	// streamNets holds the console's event streams per client network.
	streamNets *guard.Slots

	// Checks of learners' servers (checkserver_*.go): one run at a time
	// per learner.
	checkPolicy *netguard.Policy
	checkRuns   *guard.Slots
	// checkPause waits, for evenOut (checkserver_even.go).
	checkPause func(context.Context, time.Duration) error
	// clientChecks are the learners' personal check-client URLs and their
	// runs (checkclient_*.go).
	clientChecks *clientChecks

	// health is the write probe and draining flag of /healthz and /readyz.
	health healthState

	// Explaining logs (explain_*.go): one token per log explained at once.
	explainSlots chan struct{}
	explained    explainKeep // each learner's latest long explanation (explain_page.go)
	checked      checkKeep   // each learner's latest check with a folded message (checkserver_message.go)
	// Explains and checks held at once, per learner and overall.
	heavyLimit HeavyLimit
	heavyGate  *guard.HeavyGate

	// LTI 1.3 Advantage (lti_*.go).
	lti *ltiState
}

// New builds the server and its routes.
func New(cfg Config, deps Deps) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Clock == nil {
		cfg.Clock = systemClock{}
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
	if s.cfg.ConnsPerAddr <= 0 {
		s.cfg.ConnsPerAddr = guard.DefaultConnsPerAddr
	}
	s.checkPolicy = cfg.ServerChecks
	if s.checkPolicy == nil {
		s.checkPolicy = netguard.NewPolicy(nil)
	}
	s.checkRuns = guard.NewSlots(1, math.MaxInt)
	s.clientChecks = newClientChecks()
	s.checkPause = guard.SleepCtx
	if s.rules, err = rules.New(); err != nil {
		return nil, err
	}
	s.resumeGuard = guard.NewCodeGuard("resume code", cfg.ResumeCodeLimit.OrDefault(DefaultResumeCodeLimit), s.log)
	s.learnerGuard = guard.NewLimiter(cfg.LearnerCreationLimit.OrDefault(DefaultLearnerCreationLimit)).
		WithCeiling(cfg.LearnerCreationCeiling.OrDefault(DefaultLearnerCreationCeiling))
	if err := s.initWorkshop(); err != nil {
		return nil, err
	}
	if err := s.initLTI(deps.LTI); err != nil {
		return nil, fmt.Errorf("set up LTI: %w", err)
	}
	s.initMock(deps.Mock)
	s.initExplain()
	s.heavyLimit = cfg.HeavyLimit.OrDefault(DefaultHeavyLimit)
	s.heavyGate = guard.NewHeavyGate(s.heavyLimit)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	if err := r.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, fmt.Errorf("set trusted proxies: %w", err)
	}
	r.RedirectTrailingSlash = true
	r.HandleMethodNotAllowed = true // 405 with Allow (method_not_allowed.go)
	s.router = r
	s.routes()
	s.handler = headAsGet(r)
	return s, nil
}

// Handler returns the router, answering HEAD wherever it answers GET; the
// protections that apply to every route are its middleware (routes.go).
func (s *Server) Handler() http.Handler {
	return s.handler
}
