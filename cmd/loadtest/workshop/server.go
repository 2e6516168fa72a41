package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// server is the playground running as a child process: its own memory, and
// a process that can be killed like a real one.
type server struct {
	bin, db, addr, url string
	token, joinCode    string
	logs               io.Writer
	dir                string // temporary files to remove
	quit               chan struct{}

	mu      sync.Mutex
	proc    *repo.Process // the latest process started
	peakRSS int64         // bytes, the highest VmHWM over every process started
	lastRSS int64
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// startServer builds (unless given) and starts the playground on a free
// loopback port, with an instructor token and a join code.
func startServer(ctx context.Context, cfg config, logs io.Writer) (*server, error) {
	dir, err := os.MkdirTemp("", "workshop-load")
	if err != nil {
		return nil, err
	}
	s := &server{bin: cfg.bin, db: cfg.db, token: cfg.token, joinCode: cfg.joinCode, logs: logs, dir: dir, quit: make(chan struct{})}
	if s.bin == "" {
		if s.bin, err = repo.BuildPlayground(ctx, dir); err != nil {
			s.stop()
			return nil, err
		}
	}
	if s.db == "" {
		s.db = filepath.Join(dir, "workshop.db")
	}
	// Reserve a port, so a restart can come back on the same address and
	// every learner's cookie still applies.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.stop()
		return nil, err
	}
	s.addr = ln.Addr().String()
	ln.Close()
	if err := s.start(); err != nil {
		s.stop()
		return nil, err
	}
	s.url = "http://" + s.addr
	go s.sampleMemory()
	return s, nil
}

// start runs the binary, waits until it logs that it is ready, and checks
// that /healthz answers.
func (s *server) start() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	args := []string{"-addr", s.addr, "-db", s.db, "-instructor-token", s.token, "-join-code", s.joinCode, "-log-level", "info"}
	p, err := repo.Start(ctx, s.bin, args, repo.StartOptions{OnLine: func(line string) {
		if strings.Contains(line, "level=ERROR") {
			fmt.Fprintln(s.logs, "server:", line)
		}
	}})
	if p != nil {
		s.mu.Lock()
		s.proc = p
		s.mu.Unlock()
	}
	switch {
	case errors.Is(err, repo.ErrExited):
		return fmt.Errorf("the server exited before it was ready:\n%s", p.Log())
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("the server was not ready within 30 s:\n%s", p.Log())
	case err != nil:
		return err
	}
	// The server logs that it is ready once it accepts connections, so
	// /healthz answers now or something is wrong.
	resp, err := http.Get("http://" + s.addr + "/healthz")
	if err != nil {
		return fmt.Errorf("/healthz: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("/healthz answers %d, want 200", resp.StatusCode)
	}
	return nil
}

func (s *server) pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return 0
	}
	return s.proc.Cmd.Process.Pid
}

// kill sends SIGKILL, as a power-less crash would: no shutdown, no
// checkpoint, connections cut.
func (s *server) kill() error {
	s.readMemory() // the peak of the process about to die
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if err := p.Cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return fmt.Errorf("kill the server: %w", err)
	}
	<-p.Done
	return nil
}

// stop ends the server gracefully and removes the temporary files.
func (s *server) stop() {
	select {
	case <-s.quit:
		return // already stopped
	default:
		close(s.quit)
	}
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p != nil {
		_ = p.Cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.Done:
		case <-time.After(20 * time.Second):
			p.Kill()
		}
	}
	if s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}

// readMemory reads the server's resident memory from /proc: VmRSS now and
// VmHWM, the peak the kernel recorded for the process.
func (s *server) readMemory() {
	pid := s.pid()
	if pid == 0 {
		return
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		fields := strings.Fields(v)
		if len(fields) < 1 {
			continue
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmHWM":
			s.peakRSS = max(s.peakRSS, kb<<10)
		case "VmRSS":
			s.lastRSS = kb << 10
		}
	}
}

func (s *server) sampleMemory() {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
			s.readMemory()
		}
	}
}

// memoryReport is the server's memory for the report.
type memoryReport struct {
	peak, last int64
	ok         bool
}

func (s *server) memory() memoryReport {
	s.readMemory()
	s.mu.Lock()
	defer s.mu.Unlock()
	return memoryReport{peak: s.peakRSS, last: s.lastRSS, ok: s.peakRSS > 0}
}
