// Command mcpattack attacks the playground's /mcp endpoint the way a hostile
// workshop participant would, against the real binary on loopback, and
// prints what it achieved: sessions created by one client, the server's peak
// memory under a flood of unanswered server requests, how long an honest
// client then waits for a session, and how many 2026-07-28 requests another
// client gets refused while one client holds listen streams. Every attack is
// bounded in time (-duration) and count; the attacker dials from 127.0.0.1
// and the honest client from 127.0.0.2.
//
//	go build -o /tmp/pg ./cmd/playground
//	go run ./cmd/loadtest/mcpattack -bin /tmp/pg -duration 5s
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// config is what one run of the attacks is told.
type config struct {
	bin         string
	duration    time.Duration // of each flood
	workers     int           // concurrent attacker requests
	asks        int           // unanswered asks per session
	listens     int           // listen streams the attacker holds
	honestLimit time.Duration // how long the honest client keeps trying
	minRequests int64         // the ask flood goes on past duration until it has sent that many
	maxRequests int64         // of the ask flood
	env         []string      // extra PLAYGROUND_… for the server
}

// figures are what the attacks achieved.
type figures struct {
	sessions      *sessionFlood
	sessionHonest honest

	asks      *askFlood
	peakRSS   int64
	afterRSS  int64
	askHonest honest

	listensHeld    int
	listenRefused  int
	listenRequests int
}

func main() {
	var cfg config
	flag.StringVar(&cfg.bin, "bin", "", "playground binary (built from this tree when empty)")
	flag.DurationVar(&cfg.duration, "duration", 5*time.Second, "how long each flood lasts (at most 1m)")
	flag.IntVar(&cfg.workers, "workers", 32, "concurrent attacker requests (1..256)")
	flag.IntVar(&cfg.asks, "asks", 16, "unanswered ask_gift_preferences per session (1..64)")
	flag.IntVar(&cfg.listens, "listens", 1100, "subscriptions/listen streams the attacker holds (1..5000)")
	flag.DurationVar(&cfg.honestLimit, "honest-limit", 10*time.Second, "how long the honest client keeps trying (at most 1m)")
	flag.Int64Var(&cfg.minRequests, "min-requests", 0, "the ask flood goes on past -duration (1m at most) until it has sent that many requests")
	flag.Int64Var(&cfg.maxRequests, "max-requests", 1_000_000, "stop the ask flood after that many requests (1..10^7)")
	flag.Parse()
	if cfg.duration <= 0 || cfg.duration > time.Minute || cfg.workers < 1 || cfg.workers > 256 || cfg.asks < 1 || cfg.asks > 64 ||
		cfg.listens < 1 || cfg.listens > 5000 || cfg.honestLimit <= 0 || cfg.honestLimit > time.Minute || cfg.minRequests < 0 || cfg.minRequests > cfg.maxRequests || cfg.maxRequests < 1 || cfg.maxRequests > 10_000_000 {
		fmt.Fprintln(os.Stderr, "mcpattack: a flag is out of range (see -h)")
		os.Exit(2)
	}
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "mcpattack")
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpattack:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(dir)
	if cfg.bin == "" {
		if cfg.bin, err = repo.BuildPlayground(ctx, dir); err != nil {
			fmt.Fprintln(os.Stderr, "mcpattack:", err)
			os.Exit(2)
		}
	}
	f, err := run(ctx, cfg, dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpattack:", err)
		os.Exit(1)
	}
	f.print(cfg)
}

// run starts a fresh server for each attack, so that one does not weigh on
// the next.
func run(ctx context.Context, cfg config, dir string) (*figures, error) {
	f := &figures{}
	for i, attack := range []func(context.Context, config, string, *figures) error{attackSessions, attackAsks, attackListens} {
		sub, err := os.MkdirTemp(dir, "run")
		if err != nil {
			return nil, err
		}
		srv, err := startServer(ctx, cfg.bin, sub, cfg.env)
		if err != nil {
			return nil, fmt.Errorf("attack %d: %w", i+1, err)
		}
		err = attack(ctx, cfg, srv.url, f)
		if i == 1 {
			f.afterRSS, f.peakRSS, _ = srv.memory()
		}
		srv.stop()
		if err != nil {
			return nil, fmt.Errorf("attack %d: %w", i+1, err)
		}
	}
	return f, nil
}

func attackSessions(ctx context.Context, cfg config, url string, f *figures) error {
	attacker := newClient(url, "127.0.0.1", cfg.workers)
	defer attacker.close()
	f.sessions = floodSessions(ctx, attacker, cfg.workers, cfg.duration)
	honest := newClient(url, "127.0.0.2", 1)
	defer honest.close()
	f.sessionHonest = honestSession(ctx, honest, cfg.honestLimit)
	return nil
}

func attackAsks(ctx context.Context, cfg config, url string, f *figures) error {
	attacker := newClient(url, "127.0.0.1", cfg.workers)
	defer attacker.close()
	f.asks = floodAsks(ctx, attacker, cfg.workers, cfg.asks, cfg.duration, cfg.minRequests, cfg.maxRequests)
	honest := newClient(url, "127.0.0.2", 1)
	defer honest.close()
	f.askHonest = honestSession(ctx, honest, cfg.honestLimit)
	return nil
}

func attackListens(ctx context.Context, cfg config, url string, f *figures) error {
	attacker := newClient(url, "127.0.0.1", cfg.listens)
	defer attacker.close()
	hold, release := context.WithCancel(ctx)
	defer release()
	f.listensHeld = holdListens(hold, attacker, cfg.listens)
	honest := newClient(url, "127.0.0.2", 1)
	defer honest.close()
	f.listenRequests = 100
	f.listenRefused = statelessRefused(ctx, honest, f.listenRequests)
	return nil
}

func (f *figures) print(cfg config) {
	s := f.sessions
	fmt.Printf("session flood (%s, %d workers, one address):\n", cfg.duration, cfg.workers)
	fmt.Printf("  sessions created %d, initialize refused %d, errors %d; alive after the flood %d of the last %d\n", s.created, s.refused, s.errors, s.alive, len(s.ids))
	if s.created > 0 && s.refused > 0 {
		a, r := s.acceptedTime/time.Duration(s.created), s.refusedTime/time.Duration(s.refused)
		fmt.Printf("  mean accepted initialize %s, mean refused %s (%.1f×)\n", a, r, float64(r)/float64(a))
	}
	f.sessionHonest.print()
	a := f.asks
	fmt.Printf("ask flood (%s, %d workers, %d unanswered ask_gift_preferences per session):\n", cfg.duration, cfg.workers, cfg.asks)
	fmt.Printf("  requests %d, sessions %d, hanging asks %d, initialize refused %d\n", a.requests.Load(), a.sessions.Load(), a.asks.Load(), a.refused.Load())
	if n, r := a.sessions.Load(), a.refused.Load(); n > 0 && r > 0 {
		acc, ref := time.Duration(a.acceptedNanos.Load()/n), time.Duration(a.refusedNanos.Load()/r)
		fmt.Printf("  mean accepted initialize %s, mean refused %s (%.2f×)\n", acc, ref, float64(ref)/float64(acc))
	}
	fmt.Printf("  server RSS peak %.1f MiB, after %.1f MiB\n", float64(f.peakRSS)/(1<<20), float64(f.afterRSS)/(1<<20))
	f.askHonest.print()
	fmt.Printf("listen streams (one address holds %d asked):\n", cfg.listens)
	fmt.Printf("  held %d; another address's 2026-07-28 tools/list refused %d of %d\n", f.listensHeld, f.listenRefused, f.listenRequests)
}

func (h honest) print() {
	fmt.Printf("  honest client (other address): first initialize %d; got a session: %v after %s\n", h.first, h.ok, h.wait.Round(time.Millisecond))
}
