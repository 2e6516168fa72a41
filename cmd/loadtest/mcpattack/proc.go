package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// server is the playground binary running "serve" on a free loopback port.
type server struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT/mcp
	done chan struct{}
}

// startServer runs bin serve with a database in dir and extra environment
// (PLAYGROUND_…); it returns once the server logs that it is ready.
func startServer(ctx context.Context, bin, dir string, env []string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("reserve a port: %w", err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "-addr", addr, "-db", filepath.Join(dir, "attack.db"), "-instructor-token", "attack", "-log-level", "info")
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, url: "http://" + addr + "/mcp", done: make(chan struct{})}
	ready := make(chan struct{})
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(stderr)
		signalled := false
		for sc.Scan() {
			if !signalled && strings.Contains(sc.Text(), "MCP Playground is ready") {
				signalled = true
				close(ready)
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		_ = cmd.Wait()
	}()
	select {
	case <-ready:
		return s, nil
	case <-s.done:
		return nil, errors.New("the server exited before it was ready")
	case <-ctx.Done():
		s.stop()
		return nil, ctx.Err()
	}
}

// stop kills the server and waits for it.
func (s *server) stop() {
	_ = s.cmd.Process.Kill()
	<-s.done
}

// memory reads the server's resident set (VmRSS) and its peak (VmHWM), in bytes.
func (s *server) memory() (rss, peak int64, err error) {
	f, err := os.Open("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	if err != nil {
		return 0, 0, fmt.Errorf("read the server's memory: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || (name != "VmRSS" && name != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("read %s: %w", name, err)
		}
		if name == "VmRSS" {
			rss = kb << 10
		} else {
			peak = kb << 10
		}
	}
	return rss, peak, sc.Err()
}
