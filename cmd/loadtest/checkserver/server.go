package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// server is the playground as a child process.
type server struct {
	url string
	dir string
	p   *repo.Process

	mu   sync.Mutex
	peak int64 // the highest VmHWM seen
}

// sample is the server's figures at one moment.
type sample struct {
	rss int64
	fds int // open sockets
}

// startServer builds (unless given) and starts the playground on a free
// loopback port; it returns once the server logs that it is ready. The
// server's warnings and errors go to stderr, but for the refusals of its
// bounds.
func startServer(ctx context.Context, bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "checkserver-load")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir}
	if bin == "" {
		if bin, err = repo.BuildPlayground(ctx, dir); err != nil {
			s.stop()
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	args := []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(dir, "load.db"), "-log-level", "info"}
	s.p, err = repo.Start(ctx, bin, args, repo.StartOptions{OnLine: func(line string) {
		// A refusal past a bound (503, 429) is the load meeting it, and
		// is counted by the clients; the rest is shown.
		refusal := strings.Contains(line, "status=503") || strings.Contains(line, "status=429")
		if (strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR")) && !refusal {
			fmt.Fprintln(os.Stderr, "server:", line)
		}
	}})
	if err != nil {
		s.stop()
		return nil, err
	}
	s.url = "http://" + s.p.Addr
	return s, nil
}

// sample reads VmRSS and VmHWM from /proc/PID/status and counts the
// open descriptors (connections included).
func (s *server) sample() sample {
	pid := s.p.Cmd.Process.Pid
	var out sample
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			k, v, ok := strings.Cut(line, ":")
			f := strings.Fields(v)
			if !ok || len(f) == 0 {
				continue
			}
			kb, _ := strconv.ParseInt(f[0], 10, 64)
			switch k {
			case "VmRSS":
				out.rss = kb << 10
			case "VmHWM":
				s.mu.Lock()
				s.peak = max(s.peak, kb<<10)
				s.mu.Unlock()
			}
		}
	}
	// Sockets only: SQLite opens more connections (files) under load and
	// keeps them in its pool, which is not a leak.
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if t, err := os.Readlink(filepath.Join(dir, e.Name())); err == nil && strings.HasPrefix(t, "socket:") {
				out.fds++
			}
		}
	}
	return out
}

// settle waits, up to limit, for the memory to be within tol of idle and
// the sockets back to idle (the Go runtime returns freed memory to the
// system over minutes, after the periodic GC).
func (s *server) settle(idle sample, tol float64, limit time.Duration) (bool, sample, time.Duration) {
	start := time.Now()
	for {
		now := s.sample()
		if float64(now.rss) <= float64(idle.rss)*(1+tol) && now.fds <= idle.fds {
			return true, now, time.Since(start)
		}
		if time.Since(start) > limit {
			return false, now, time.Since(start)
		}
		time.Sleep(time.Second)
	}
}

func (s *server) stop() {
	if s.p != nil {
		_ = s.p.Cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.p.Done:
		case <-time.After(20 * time.Second):
			s.p.Kill()
		}
	}
	_ = os.RemoveAll(s.dir)
}
