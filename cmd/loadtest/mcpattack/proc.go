package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/repo"
)

// server is the playground binary running "serve" on a free loopback port.
type server struct {
	p   *repo.Process
	url string // http://127.0.0.1:PORT/mcp
}

// startServer runs bin serve with a database in dir and extra environment
// (PLAYGROUND_…); it returns once the server logs that it is ready.
func startServer(ctx context.Context, bin, dir string, env []string) (*server, error) {
	args := []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(dir, "attack.db"), "-log-level", "info"}
	p, err := repo.Start(ctx, bin, args, repo.StartOptions{Env: env})
	switch {
	case errors.Is(err, repo.ErrExited):
		return nil, errors.New("the server exited before it was ready")
	case err != nil:
		return nil, err
	}
	return &server{p: p, url: "http://" + p.Addr + "/mcp"}, nil
}

// stop kills the server and waits for it.
func (s *server) stop() { s.p.Kill() }

// memory reads the server's resident set (VmRSS) and its peak (VmHWM), in bytes.
func (s *server) memory() (rss, peak int64, err error) {
	f, err := os.Open("/proc/" + strconv.Itoa(s.p.Cmd.Process.Pid) + "/status")
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
