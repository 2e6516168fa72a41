// Command checkserver measures the web server's memory while many learners
// check their own MCP servers at once on /{lang}/check-server, and that it
// comes back to its idle figure afterwards.
//
// It builds ./cmd/playground and runs it as a child process (so the
// figures are the web server's own: VmRSS and VmHWM from /proc/PID/status,
// and its open sockets), serves the gift server in this process
// on loopback as every learner's "own" server, then sends -learners form
// posts at once, -rounds times:
//
//	go run ./cmd/loadtest/checkserver                  # 50 learners, 3 rounds
//	go run ./cmd/loadtest/checkserver -learners 100 -settle 5m
//
// With -explains N, N more learners each post a log of -explain-bytes to
// POST /api/explain in every round, at the same time as the checks (a
// refusal is posted again after its Retry-After), an honest learner reads
// a lesson every half second meanwhile, and -bound says what the peak
// VmHWM must stay under. The hostile room of issue 26 (eight hostile
// checks and twenty 5 MiB explains at once, against the bound of docs/operations.md):
//
//	go run ./cmd/loadtest/checkserver -hostile -learners 8 -explains 20 -rounds 1 -settle 10s -bound 400
//
// A warm-up round (every learner once) opens the database's pool, then the
// idle figure is taken after -settle; after the load it waits (up to
// -settle and half a minute) until the server's resident memory is back
// within -tolerance of idle and its sockets back to idle; it exits 1 when a check did not pass or the server does
// not come back.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/mcpplayground/playground/internal/testing/hostiletest"
	"github.com/mcpplayground/playground/mockserver"
)

type config struct {
	bin       string
	learners  int
	rounds    int
	exercise  string
	settle    time.Duration
	tolerance float64
	// hostile makes every learner's server answer each request with about
	// 1 MiB of dense JSON-RPC: the checks fail, the memory must not grow.
	hostile bool
	// explains learners post a log of explainBytes ("dense" or
	// "newlines", explainLog) to the API in every round.
	explains     int
	explainBytes int
	explainKind  string
	// bound is what the peak VmHWM must stay under, in MiB (0: none).
	bound int64
}

func main() {
	var cfg config
	flag.StringVar(&cfg.bin, "bin", "", "a playground binary (default: go build ./cmd/playground)")
	flag.IntVar(&cfg.learners, "learners", 50, "learners checking their server at once")
	flag.IntVar(&cfg.rounds, "rounds", 3, "checks per learner after the warm-up round (the default rate limit lets 5 in a row)")
	flag.StringVar(&cfg.exercise, "exercise", "tools-server-gift-server", "the server exercise to run")
	flag.DurationVar(&cfg.settle, "settle", 3*time.Minute, "how long the runtime is left to settle, before the idle figure and after the load")
	flag.Float64Var(&cfg.tolerance, "tolerance", 0.1, "how far above idle counts as back (0.1: 10 %)")
	flag.BoolVar(&cfg.hostile, "hostile", false, "every learner's server answers each request with about 1 MiB (the checks fail; only memory is measured)")
	flag.IntVar(&cfg.explains, "explains", 0, "learners posting a log to /api/explain in every round, at the same time as the checks")
	flag.IntVar(&cfg.explainBytes, "explain-bytes", 5<<20-4096, "size of each explained log (the server takes 5 MiB by default)")
	flag.StringVar(&cfg.explainKind, "explain-log", "dense", "dense (JSON Lines of tools/call and results) or newlines")
	flag.Int64Var(&cfg.bound, "bound", 0, "MiB the peak VmHWM must stay under (0: not checked)")
	flag.Parse()
	if err := run(context.Background(), cfg); err != nil {
		fmt.Fprintln(os.Stderr, "checkserver:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg config) error {
	serve := serveGift
	if cfg.hostile {
		serve = serveHostile
	}
	gift, stopGift, err := serve()
	if err != nil {
		return err
	}
	defer stopGift()
	srv, err := startServer(ctx, cfg.bin)
	if err != nil {
		return err
	}
	defer srv.stop()
	// Warm up with one round of every learner at once (the database's
	// connection pool opens, the page's code is paged in), then let the
	// runtime settle as long as it will after the load: the idle figure and
	// the figure after the load are taken the same way.
	warm := cfg
	warm.rounds = 1
	if failed := load(srv, gift, warm); failed > 0 {
		return fmt.Errorf("warm-up: %d checks did not pass", failed)
	}
	time.Sleep(cfg.settle)
	idle := srv.sample()
	idleFDs := descriptors(srv.p.Cmd.Process.Pid)
	fmt.Printf("idle:  VmRSS %s, sockets %d\n", mib(idle.rss), idle.fds)
	start := time.Now()
	failed := load(srv, gift, cfg)
	during := srv.sample()
	fmt.Printf("load:  %d learners × %d checks in %s, %d failed; peak VmHWM %s (+%s over idle)\n",
		cfg.learners, cfg.rounds, time.Since(start).Round(time.Millisecond), failed,
		mib(srv.peak), mib(srv.peak-idle.rss))
	fmt.Printf("after: VmRSS %s, sockets %d\n", mib(during.rss), during.fds)
	back, after, waited := srv.settle(idle, cfg.tolerance, cfg.settle+30*time.Second)
	fmt.Printf("settled after %s: VmRSS %s (idle %s), sockets %d (idle %d)\n",
		waited.Round(time.Second), mib(after.rss), mib(idle.rss), after.fds, idle.fds)
	for _, d := range newDescriptors(idleFDs, descriptors(srv.p.Cmd.Process.Pid)) {
		fmt.Println("  descriptor not there at idle:", d)
	}
	switch {
	case cfg.bound > 0 && srv.peak > cfg.bound<<20:
		return fmt.Errorf("peak VmHWM %s is over the bound of %d MiB", mib(srv.peak), cfg.bound)
	case failed > 0:
		return fmt.Errorf("%d checks did not pass", failed)
	case !back:
		return fmt.Errorf("the server did not come back to its idle figure within %s", cfg.settle)
	}
	return nil
}

// load starts every learner's checks at once, round after round, with
// the explains of the round at the same time.
func load(srv *server, gift string, cfg config) int {
	learners := make([]*learner, cfg.learners)
	for i := range learners {
		learners[i] = newLearner(srv.url)
	}
	var log string
	if cfg.explains > 0 {
		log = explainLog(cfg.explainKind, cfg.explainBytes)
	}
	failed := 0
	for r := 0; r < cfg.rounds; r++ {
		var ex explains
		var reader honest
		stop, explained := make(chan struct{}), make(chan struct{})
		go readLessons(srv.url, stop, &reader)
		go func() { explainAll(srv.url, log, cfg.explains, checkTries, &ex); close(explained) }()
		errs := make(chan error, len(learners))
		for _, l := range learners {
			go func() { errs <- l.check(gift, cfg.exercise, !cfg.hostile) }()
		}
		for range learners {
			if err := <-errs; err != nil {
				failed++
				fmt.Fprintln(os.Stderr, "check:", err)
			}
		}
		<-explained
		close(stop)
		failed += int(ex.failed.Load())
		if cfg.explains > 0 {
			fmt.Printf("round %d: %d logs of %d bytes (%s) explained, %d answered 400 (no MCP message), %d refusals waited out, %d posts reset while sending, %d failed; the honest reader: %d lessons, %d not 200, slowest %v\n",
				r+1, ex.done.Load(), len(log), cfg.explainKind, ex.empty.Load(), ex.refused.Load(), ex.reset.Load(), ex.failed.Load(), reader.n, reader.bad, reader.slowest.Round(time.Millisecond))
			failed += reader.bad
		}
		srv.sample()
	}
	return failed
}

// serveGift serves the bundled gift server over Streamable HTTP on
// loopback: every learner's server.
func serveGift() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	h := mockserver.NewHTTPHandler(mockserver.New(mockserver.Config{}), mockserver.HTTPConfig{})
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	return "http://" + ln.Addr().String() + "/mcp", func() {
		_ = hs.Close()
		h.Close()
	}, nil
}

// serveHostile serves a "server" that answers every request with about
// 1 MiB of dense, valid JSON-RPC (a result with a long list).
func serveHostile() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: hostiletest.Handler(hostiletest.Huge)}
	go func() { _ = hs.Serve(ln) }()
	return "http://" + ln.Addr().String() + "/mcp", func() { _ = hs.Close() }, nil
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
