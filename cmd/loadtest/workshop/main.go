// Command workshop simulates a room: many learners joining with the join
// code, reading lessons, answering exercises (wrong, then right), opening
// hints and talking to the gift server over /mcp, while the instructor's
// dashboard refreshes. It reports requests per second, latency by kind of
// request (p50, p99), errors and the server's memory, then checks through
// the instructor's exports that every acknowledged attempt is stored and
// that the dashboard agrees with them.
//
// By default it builds ./cmd/playground and runs it as a child process on a
// fresh database, so the server's memory is its own and it can be killed:
//
//	go run ./cmd/loadtest/workshop                          # 300 learners, 60 s, think 1 s
//	go run ./cmd/loadtest/workshop -think 0                 # every learner as fast as the server answers
//	go run ./cmd/loadtest/workshop -kill-after 30s          # SIGKILL the server mid-load, restart it on the same database
//	go run ./cmd/loadtest/workshop -url http://127.0.0.1:8080 -token T -join-code C
//
// It exits 1 when any request failed outside the planned outage or when a
// check fails.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"
)

// config is what one run does.
type config struct {
	url       string // a running server; empty to start one
	bin       string // a built playground binary; empty to build one
	db        string
	token     string
	joinCode  string
	learners  int
	duration  time.Duration
	think     time.Duration
	dashEvery time.Duration
	killAfter time.Duration
	console   bool
}

func main() {
	var cfg config
	flag.StringVar(&cfg.url, "url", "", "a running playground to load (default: build ./cmd/playground and start it)")
	flag.StringVar(&cfg.bin, "bin", "", "a playground binary to start (default: go build ./cmd/playground)")
	flag.StringVar(&cfg.db, "db", "", "database of the started server (default: a temporary file)")
	flag.StringVar(&cfg.token, "token", "", "instructor token (with -url; generated for a started server)")
	flag.StringVar(&cfg.joinCode, "join-code", "", `join code (with -url; "ROOM" for a started server)`)
	flag.IntVar(&cfg.learners, "learners", 300, "learners in the room")
	flag.DurationVar(&cfg.duration, "duration", 60*time.Second, "how long the room works")
	flag.DurationVar(&cfg.think, "think", time.Second, "mean pause of a learner between two requests (0: none)")
	flag.DurationVar(&cfg.dashEvery, "dashboard-every", 3*time.Second, "how often the instructor's dashboard refreshes")
	flag.DurationVar(&cfg.killAfter, "kill-after", 0, "SIGKILL the started server this long into the load and restart it on the same database (0: never)")
	flag.BoolVar(&cfg.console, "console", true, "learners also use the console (/mcp) when the server has it")
	flag.Parse()
	ctx := context.Background()
	if err := run(ctx, cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "workshop:", err)
		os.Exit(1)
	}
}

// run starts or reaches the server, runs the room, prints the report and
// verifies the data.
func run(ctx context.Context, cfg config, out, logs io.Writer) error {
	if cfg.learners < 1 || cfg.duration <= 0 || cfg.think < 0 {
		return errors.New("-learners must be at least 1, -duration positive, -think not negative")
	}
	if cfg.killAfter > 0 && cfg.url != "" {
		return errors.New("-kill-after needs a server this command starts (no -url)")
	}
	if cfg.killAfter >= cfg.duration {
		return errors.New("-kill-after must fall inside -duration")
	}
	var srv *server
	if cfg.url == "" {
		if cfg.token == "" {
			cfg.token = randomToken()
		}
		if cfg.joinCode == "" {
			cfg.joinCode = "ROOM"
		}
		var err error
		srv, err = startServer(ctx, cfg, logs)
		if err != nil {
			return err
		}
		defer srv.stop()
		cfg.url = srv.url
	}
	room, err := newRoom(cfg)
	if err != nil {
		return err
	}
	rep := room.run(ctx, srv)
	if srv != nil {
		rep.memory = srv.memory()
	}
	rep.print(out, cfg)
	if err := room.verify(ctx, out); err != nil {
		return err
	}
	if n := rep.errorCount(); n > 0 {
		return fmt.Errorf("%d requests failed outside the planned outage", n)
	}
	return nil
}
