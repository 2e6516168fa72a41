// Command lessonpage compares one lesson page served by the playground
// with the same bytes written by a bare Gin handler, each in its own
// process: the real playground binary ("serve", every guard and the
// request log at the default level) and a reference server that is this
// program run again with -bare-body. Sharing one process would share one
// scheduler and one garbage collector, and hide what the playground costs.
//
// With -measure it loads one server, then the other, round after round
// (playground, bare Gin, playground, bare Gin…), with wrk when it is on
// PATH (else with Go's HTTP client), and prints each round pair's ratio
// (playground over bare Gin) and their median:
//
//	go run ./cmd/loadtest/lessonpage -measure -rounds 5 -d 5s -c 64
//	go run ./cmd/loadtest/lessonpage -measure -learner   # as a browser with a learner's cookie
//	go run ./cmd/loadtest/lessonpage -measure -base /tmp/before   # a change against the binary before it
//
// With -base, a second playground binary is loaded in the same rounds
// (the two playgrounds in turn, then bare Gin), each compared with the
// same bare Gin round: a change and what it changed, on the same machine
// at the same moments.
//
// With -same-headers the reference sends the playground's headers too
// (security headers, Etag, Cache-Control): the same bytes on the wire,
// which shows what the headers themselves cost.
//
// Without -measure it only serves both, for a load generator of your own:
//
//	go run ./cmd/loadtest/lessonpage &
//	wrk -t2 -c64 -d5s http://127.0.0.1:18081/en/lessons/requests
//	wrk -t2 -c64 -d5s http://127.0.0.1:18082/en/lessons/requests
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"time"
)

// config is what the flags ask for.
type config struct {
	bin         string // the playground binary; built from this checkout when empty
	base        string // a baseline playground binary measured in the same rounds
	real        string // the playground's address
	bare        string // the bare Gin server's address
	path        string
	measure     bool
	learner     bool // send a learner's cookie and a browser's headers
	wrk         string
	threads     int
	conns       int
	d           time.Duration
	rounds      int
	sameHeaders bool   // the reference sends the playground's headers too
	bareBody    string // set in the bare Gin child: the file of bytes to serve
	bareHeaders string // set in the bare Gin child: a file of headers to send
}

func main() {
	var cfg config
	flag.StringVar(&cfg.bin, "bin", "", "playground binary to run (default: built from this checkout)")
	flag.StringVar(&cfg.base, "base", "", "with -measure: a second playground binary (the baseline of a change), loaded in the same rounds")
	flag.StringVar(&cfg.real, "real", "127.0.0.1:18081", "address of the playground (-measure: a free port)")
	flag.StringVar(&cfg.bare, "bare", "127.0.0.1:18082", "address of the bare Gin server (-measure: a free port)")
	flag.StringVar(&cfg.path, "path", "/en/lessons/requests", "page to load")
	flag.BoolVar(&cfg.measure, "measure", false, "load both servers in alternate rounds, print the ratios and exit")
	flag.BoolVar(&cfg.learner, "learner", false, "send a learner's cookie and a browser's headers with every request")
	flag.StringVar(&cfg.wrk, "wrk", "wrk", "wrk to load with (name on PATH or path); when it is not found, Go's HTTP client loads")
	flag.IntVar(&cfg.threads, "t", 2, "with -measure and wrk: wrk's threads")
	flag.IntVar(&cfg.conns, "c", 64, "with -measure: keep-alive connections")
	flag.DurationVar(&cfg.d, "d", 5*time.Second, "with -measure: length of one round")
	flag.IntVar(&cfg.rounds, "rounds", 5, "with -measure: rounds for each server")
	flag.BoolVar(&cfg.sameHeaders, "same-headers", false, "the bare Gin server also sends the playground's headers (security headers, Etag, Cache-Control): the same bytes on the wire")
	flag.StringVar(&cfg.bareBody, "bare-body", "", "serve this file's bytes as bare Gin at -path on -bare (how this program runs its reference server)")
	flag.StringVar(&cfg.bareHeaders, "bare-headers", "", "with -bare-body: also send the headers of this file, one \"Name: value\" a line")
	flag.Parse()
	if cfg.bareBody != "" {
		if err := serveBare(cfg.bare, cfg.path, cfg.bareBody, cfg.bareHeaders); err != nil {
			log.Fatal(err)
		}
		return
	}
	if cfg.rounds < 1 || cfg.conns < 1 || cfg.threads < 1 || cfg.d <= 0 {
		log.Fatal("-rounds, -c, -t and -d must be positive")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, cfg, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run starts both servers, then measures (and reports to out) or waits
// for an interrupt.
func run(ctx context.Context, cfg config, out io.Writer) error {
	if cfg.measure {
		cfg.real, cfg.bare = "127.0.0.1:0", "127.0.0.1:0"
	}
	pair, err := startPair(ctx, cfg)
	if err != nil {
		return err
	}
	defer pair.stop()
	log.Printf("playground on %s, bare Gin on %s (%d bytes)", pair.realURL, pair.bareURL, pair.size)
	if pair.base != nil {
		log.Printf("baseline (%s) on %s", cfg.base, pair.baseURL)
	}
	if !cfg.measure {
		<-ctx.Done()
		return nil
	}
	load := loader(goLoad{conns: cfg.conns})
	if wrk, err := exec.LookPath(cfg.wrk); err == nil {
		load = wrkLoad{bin: wrk, threads: cfg.threads, conns: cfg.conns}
	} else {
		log.Printf("%s not found (%v): Go's HTTP client loads", cfg.wrk, err)
	}
	fmt.Fprintf(out, "%s, %d rounds of %s each, %d connections, alternating\n", load, cfg.rounds, cfg.d, cfg.conns)
	rounds, err := measure(ctx, load, pair, cfg.rounds, cfg.d)
	if err != nil {
		return err
	}
	report(out, rounds)
	reportMemory(out, pair)
	return nil
}
