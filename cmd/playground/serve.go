package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/gctune"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/servercheck"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web"
)

// serveConfig is everything "playground serve" is told by flags or environment.
type serveConfig struct {
	addr            string
	db              string
	content         string
	contentMode     string
	dev             bool
	instructorToken string
	weakToken       bool
	joinCode        string
	fixtures        string
	secureCookies   bool
	trustedProxies  string
	logLevel        string
	explainBytes    int64
	explainMessages int
	bodyTimeout     time.Duration
	connsPerAddr    int
	maxConns        int
	mcpTimeout      time.Duration
	checkTimeout    time.Duration
	dbMaxConns      int
	dbMaxIdleTime   time.Duration
	drainTime       time.Duration
	// allowChecks are the CIDRs /{lang}/check-server may reach besides
	// loopback.
	allowChecks []netip.Prefix

	// onReady, when set, is called once the server accepts connections and
	// has logged everything it logs at start, with its base URL (no flag:
	// tests wait on it instead of reading the log).
	onReady func(baseURL string)
}

func runServe(args []string, stderr io.Writer) int {
	var cfg serveConfig
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default: open it to a room on purpose)")
	fs.StringVar(&cfg.db, "db", "playground.db", "SQLite database file (created if missing), or a postgres:// URL for several instances on one database")
	fs.IntVar(&cfg.dbMaxConns, "db-max-conns", 0, "database connections at most: the PostgreSQL pool (default 10) or SQLite's readers (default 8)")
	fs.DurationVar(&cfg.dbMaxIdleTime, "db-max-idle-time", 0, "close a database connection unused for this long (default 5m)")
	fs.DurationVar(&cfg.drainTime, "drain-time", 0, "on SIGTERM, answer 503 on /readyz for this long before closing, so a proxy moves new requests elsewhere (e.g. 3s behind HAProxy)")
	fs.StringVar(&cfg.content, "content", "", "directory with lessons/ and exercises/ to serve instead of the bundled course (or to extend it: -content-mode)")
	fs.StringVar(&cfg.contentMode, "content-mode", contentReplace, contentModeHelp)
	fs.BoolVar(&cfg.dev, "dev", false, "reload content when it changes and show content errors on the pages")
	fs.StringVar(&cfg.instructorToken, "instructor-token", "", "token that opens the instructor pages (generated and logged when empty)")
	fs.BoolVar(&cfg.weakToken, "allow-weak-instructor-token", false, "accept an -instructor-token weaker than a generated one (for a playground on one's own machine)")
	fs.StringVar(&cfg.joinCode, "join-code", "", "code learners must enter before starting (none when empty)")
	fs.StringVar(&cfg.fixtures, "fixtures", "", `extra mock-server fixtures: "conformance" adds the conformance suite's tools, resources and prompts`)
	fs.BoolVar(&cfg.secureCookies, "secure-cookies", false, "mark cookies Secure (when served over TLS, directly or behind a proxy)")
	fs.StringVar(&cfg.trustedProxies, "trusted-proxies", "", "comma-separated proxy addresses or CIDRs whose X-Forwarded-For is trusted (none by default)")
	fs.StringVar(&cfg.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.Int64Var(&cfg.explainBytes, "explain-max-bytes", 5<<20, "largest log the explain page and API accept, in bytes")
	fs.IntVar(&cfg.explainMessages, "explain-max-messages", 20000, "most messages of one log explained (the rest is reported, not read)")
	fs.DurationVar(&cfg.bodyTimeout, "body-timeout", web.DefaultBodyTimeout, "how long a client may take to send a request body")
	fs.IntVar(&cfg.connsPerAddr, "max-conns-per-addr", web.DefaultConnsPerAddr, "connections one client address (an IPv6 /64) may hold open at once; behind -trusted-proxies, requests of the address the proxy reports")
	fs.IntVar(&cfg.maxConns, "max-conns", web.DefaultMaxConns, "connections every address together may hold open at once (a proxy's included)")
	fs.DurationVar(&cfg.checkTimeout, "server-check-timeout", servercheck.DefaultTimeout, "how long each step of a check on the check-server page waits for the learner's server (1s to 60s)")
	fs.DurationVar(&cfg.mcpTimeout, "mcp-request-timeout", 60*time.Second, "how long a request the gift server sends to an MCP client at /mcp (elicitation, sampling, roots) waits for its answer")
	fs.Func("allow-server-checks", "comma-separated CIDRs the check-server page may connect to besides loopback, for a workshop on a LAN (link-local and cloud-metadata addresses are never allowed)", func(v string) error {
		p, err := netguard.ParseCIDRs(v)
		cfg.allowChecks = p
		return err
	})
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground [serve] [flags]\n\nServes the course, the gift MCP server and the instructor's pages. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := checkFixtures(cfg.fixtures); err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	if err := checkInstructorToken(cfg.instructorToken, cfg.weakToken); err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	if cfg.checkTimeout < time.Second || cfg.checkTimeout > time.Minute {
		fmt.Fprintf(stderr, "serve: -server-check-timeout %v is outside 1s to 60s\n", cfg.checkTimeout)
		return 2
	}
	if err := checkMCPTimeout(cfg.mcpTimeout); err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	log, err := newLogger(stderr, cfg.logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, log); err != nil {
		var ce contentError
		if errors.As(err, &ce) {
			fmt.Fprintln(stderr, ce.err)
			return 1
		}
		log.Error("playground stopped", "err", err)
		return 2
	}
	return 0
}

// checkInstructorToken refuses a chosen token weaker than a generated one:
// a room can guess a short or simple token however slowly the sign-in
// guard answers.
func checkInstructorToken(token string, allowWeak bool) error {
	if token == "" || allowWeak {
		return nil
	}
	if bits := guard.TokenBits(token); bits < guard.MinTokenBits {
		return fmt.Errorf("-instructor-token is too weak (about %.0f bits; a generated token has %d): leave it empty to have one generated, choose one such as the output of 'openssl rand -base64 24', or add -allow-weak-instructor-token", bits, guard.MinTokenBits)
	}
	return nil
}

// contentError marks a failure caused by the course content (exit code 1).
type contentError struct{ err error }

func (e contentError) Error() string { return e.err.Error() }

func newLogger(w io.Writer, level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("-log-level %q: give debug, info, warn or error", level)
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l})), nil
}

// requestStateSecret names the database's secret that seals the gift
// server's requestState, shared by every instance on the database.
const requestStateSecret = "request-state-v1"

func serve(ctx context.Context, cfg serveConfig, log *slog.Logger) error {
	build := currentBuild()
	log.Info("MCP Playground", "version", build.Version, "commit", build.Commit, "date", build.Date)
	content, err := loadContent(ctx, cfg, log)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("close database", "err", err)
		}
	}()
	claim, err := claimContent(ctx, st, content.Catalog().Fingerprint(), log)
	if err != nil {
		return err
	}
	defer claim.release()

	// The key that seals the gift server's requestState (2026-07-28) is the
	// database's, like the cookie-signing secret: behind a proxy the retry
	// of an input_required call may reach another instance than the
	// question, and that instance must accept the state.
	stateKey, err := st.Secret(ctx, requestStateSecret, 32)
	if err != nil {
		return fmt.Errorf("read the requestState key: %w", err)
	}

	instructorToken, generated := instructorTokenOf(cfg)
	ln, err := listen(cfg.addr, log)
	if err != nil {
		return err
	}
	// The gift server behind /mcp and the console; its sessions end with
	// the server, so a shutdown does not wait for their event streams.
	mock := mockserver.New(mockserver.Config{Fixtures: cfg.fixtures, Logger: log, StateKey: stateKey})
	ltiSvc, stopLTI := startLTI(ctx, st, log)
	// The sender stops before the store closes (defers run last first).
	defer stopLTI()
	srv, err := web.New(webConfig(cfg, instructorToken, ln.Addr(), build, log),
		web.Deps{Store: st, Content: content, Mock: mock, LTI: ltiSvc})
	if err != nil {
		ln.Close()
		return err
	}

	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	hs.RegisterOnShutdown(srv.Close)
	// Room for a busy heap between collections, unless GOGC or GOMEMLIMIT
	// says otherwise (docs/operations.md). Only now: loading the course is
	// a burst of allocation that would count as busy.
	defer gctune.Tune(gctune.Config{Headroom: gctune.DefaultHeadroom, Getenv: os.Getenv}).Stop()
	logAccess(log, ln.Addr(), cfg.joinCode, instructorToken, generated)
	drain := drainPlan{srv: srv, wait: cfg.drainTime}
	return serveUntilDone(ctx, hs, srv.Listener(ln), log, drain, func() {
		// Ready comes last, so whoever waits for it has every line above.
		log.Info("MCP Playground is ready", "url", "http://"+ln.Addr().String()+"/", "db", st.Path())
		if cfg.onReady != nil {
			cfg.onReady("http://" + ln.Addr().String())
		}
	})
}

// instructorTokenOf is the token of the instructor pages: the configured
// one, or, without one, a fresh one (generated), printed once with the URL
// to open.
func instructorTokenOf(cfg serveConfig) (token string, generated bool) {
	if cfg.instructorToken != "" {
		return cfg.instructorToken, false
	}
	return web.NewInstructorToken(), true
}

// listen opens addr, with a warning when it reaches beyond this machine.
func listen(addr string, log *slog.Logger) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); !net.ParseIP(host).IsLoopback() {
		log.Warn("listening beyond this machine: anyone who can reach this address can use the playground", "addr", ln.Addr().String())
	}
	return ln, nil
}

// startLTI starts the LTI score sender: scores leave from the database's
// outbox until stop, which returns once the sender has stopped; what is
// left waits there for the next start.
func startLTI(ctx context.Context, st *store.Store, log *slog.Logger) (svc *lti.Service, stop func()) {
	svc = lti.New(st, lti.Config{Logger: log})
	ltiCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); svc.Run(ltiCtx) }()
	return svc, func() { cancel(); <-done }
}

// webConfig is the web layer's configuration: the flags, the instructor
// token, and the origins of the address it listens on.
func webConfig(cfg serveConfig, instructorToken string, addr net.Addr, build buildInfo, log *slog.Logger) web.Config {
	return web.Config{
		Dev:             cfg.dev,
		InstructorToken: instructorToken,
		JoinCode:        cfg.joinCode,
		SecureCookies:   cfg.secureCookies,
		BodyTimeout:     cfg.bodyTimeout,
		ConnsPerAddr:    cfg.connsPerAddr,
		MaxConns:        cfg.maxConns,
		TrustedProxies:  splitList(cfg.trustedProxies),
		// Browser pages served from this address may use /mcp.
		MCPAllowedOrigins:  ownOrigins(addr),
		MCPRequestTimeout:  cfg.mcpTimeout,
		ExplainMaxBytes:    cfg.explainBytes,
		ExplainMaxMessages: cfg.explainMessages,
		ServerChecks:       netguard.NewPolicy(cfg.allowChecks),
		ServerCheckTimeout: cfg.checkTimeout,
		Logger:             log,
		Version:            build.Version,
	}
}

// loadContent loads the course, and in dev mode reloads it when its
// files change.
func loadContent(ctx context.Context, cfg serveConfig, log *slog.Logger) (*course.Live, error) {
	src, err := newContentSource(cfg.content, cfg.contentMode)
	if err != nil {
		return nil, err
	}
	renderer := markdown.New()
	content, err := course.NewLive(func() (*course.Catalog, error) { return src.load(renderer) })
	if err != nil {
		return nil, contentError{err}
	}
	if cfg.dev && src.root() != nil {
		// The band shows check-content's problems too, not only what
		// stops the content from loading.
		content.SetLint(ctx, func(c *course.Catalog) []error { return lintCatalog(src, c, true) }, log)
		content.Watch(ctx, src.root(), 500*time.Millisecond, log)
	}
	return content, nil
}

// openStore opens the database and logs the migrations it applied.
func openStore(ctx context.Context, cfg serveConfig, log *slog.Logger) (*store.Store, error) {
	if store.EngineOf(cfg.db) == store.Postgres && cfg.instructorToken == "" {
		// Each instance would generate its own, and the instructor would
		// be signed in on one instance only.
		return nil, errors.New("serve: set -instructor-token (or PLAYGROUND_INSTRUCTOR_TOKEN) with a PostgreSQL database: every instance on it must share the same token")
	}
	st, err := store.OpenWith(ctx, cfg.db, store.Options{MaxConns: cfg.dbMaxConns, MaxIdleTime: cfg.dbMaxIdleTime})
	if err != nil {
		return nil, err
	}
	for _, m := range st.Applied() {
		log.Info("applied database migration", "migration", m, "db", st.Path())
	}
	return st, nil
}

// drainPlan is how a stopping server lets a proxy move new requests
// elsewhere first: /readyz answers 503 for wait before the shutdown.
type drainPlan struct {
	srv  *web.Server
	wait time.Duration
}

// logAccess tells the instructor how to open the dashboard and, with a join
// code, how learners get in. A generated token is logged once, in the URL's
// fragment; a configured one never is.
func logAccess(log *slog.Logger, addr net.Addr, joinCode, token string, generated bool) {
	if generated {
		// The fragment (#token=) never reaches a server or a Referer; the
		// sign-in page reads it and removes it from the address bar.
		log.Info("instructor dashboard: open this URL (token generated for this run; set -instructor-token to keep one)",
			"url", "http://"+addr.String()+"/instructor/login#token="+token)
	} else {
		log.Info("instructor dashboard", "url", "http://"+addr.String()+"/instructor")
	}
	if joinCode != "" {
		log.Info("learners join with the join code", "join_code", joinCode)
	}
}

// serveUntilDone serves on ln, calls ready once connections are accepted,
// and shuts down gracefully when ctx ends.
func serveUntilDone(ctx context.Context, hs *http.Server, ln net.Listener, log *slog.Logger, drain drainPlan, ready func()) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	ready()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	drain.srv.Drain()
	if drain.wait > 0 {
		log.Info("draining: /readyz answers 503 so the proxy moves new requests elsewhere", "for", drain.wait)
		select {
		case <-time.After(drain.wait):
		case err := <-errc:
			return fmt.Errorf("serve: %w", err)
		}
	}
	log.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shut down: %w", err)
	}
	log.Info("stopped cleanly")
	return nil
}

// ownOrigins are the origins of pages served from addr: the address itself
// and, on a loopback or wildcard address, localhost with its port.
func ownOrigins(addr net.Addr) []string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return nil
	}
	origins := []string{"http://" + net.JoinHostPort(host, port)}
	if ip := net.ParseIP(host); ip != nil && (ip.IsLoopback() || ip.IsUnspecified()) {
		origins = append(origins, "http://localhost:"+port)
	}
	return origins
}

// checkFixtures refuses a -fixtures value that names no fixture set.
func checkFixtures(name string) error {
	if name != "" && name != mockserver.FixturesConformance {
		return fmt.Errorf("unknown -fixtures %q (the only set is %q)", name, mockserver.FixturesConformance)
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
