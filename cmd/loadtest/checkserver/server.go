package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
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
	url  string
	dir  string
	cmd  *exec.Cmd
	done chan struct{}

	mu   sync.Mutex
	peak int64 // the highest VmHWM seen
}

// sample is the server's figures at one moment.
type sample struct {
	rss int64
	fds int // open sockets
}

func startServer(ctx context.Context, bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "checkserver-load")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, done: make(chan struct{})}
	if bin == "" {
		if bin, err = repo.BuildPlayground(ctx, dir); err != nil {
			s.stop()
			return nil, err
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.stop()
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s.cmd = exec.Command(bin, "serve", "-addr", addr, "-db", filepath.Join(dir, "load.db"), "-log-level", "warn")
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		s.stop()
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		s.stop()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(os.Stderr, "server:", sc.Text())
		}
		_ = s.cmd.Wait()
		close(s.done)
	}()
	s.url = "http://" + addr
	if err := s.waitHealthy(); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// waitHealthy polls /healthz: a load program, not a test, may poll.
func (s *server) waitHealthy() error {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(s.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("%s/healthz did not answer 200 within 30 s", s.url)
}

// sample reads VmRSS and VmHWM from /proc/PID/status and counts the
// open descriptors (connections included).
func (s *server) sample() sample {
	pid := s.cmd.Process.Pid
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
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(20 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.done
		}
	}
	_ = os.RemoveAll(s.dir)
}
