package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// pair is the playground and the bare Gin server, each a child process,
// serving the same page, and with -base a second playground binary (the
// baseline a change is measured against) in a process of its own.
type pair struct {
	dir              string
	real, base       *repo.Process
	bare             *exec.Cmd
	realURL, bareURL string
	baseURL          string
	size             int      // the page's bytes
	headers          []string // "Name: value" sent with every request
	baseHeaders      []string // the same, with the baseline's own learner
}

// bareReadyPrefix starts the line the bare Gin child prints on stdout once
// it accepts connections; the address follows.
const bareReadyPrefix = "bare Gin serving on "

// startPair starts the playground (and the baseline), takes the page it
// serves (as a learner when cfg.learner), and starts a bare Gin server
// writing those bytes.
func startPair(ctx context.Context, cfg config) (p *pair, err error) {
	p = &pair{}
	if p.dir, err = os.MkdirTemp("", "lessonpage"); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			p.stop()
		}
	}()
	bin := cfg.bin
	if bin == "" {
		if bin, err = repo.BuildPlayground(ctx, p.dir); err != nil {
			return p, err
		}
	}
	startCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if p.real, p.realURL, p.headers, err = startPlayground(startCtx, cfg, bin, cfg.real, filepath.Join(p.dir, "load.db")); err != nil {
		return p, err
	}
	if cfg.base != "" {
		if p.base, p.baseURL, p.baseHeaders, err = startPlayground(startCtx, cfg, cfg.base, "127.0.0.1:0", filepath.Join(p.dir, "base.db")); err != nil {
			return p, fmt.Errorf("the baseline: %w", err)
		}
	}
	body, header, err := get(ctx, p.realURL, p.headers)
	if err != nil {
		return p, err
	}
	p.size = len(body)
	args := []string{"-bare-body", filepath.Join(p.dir, "page.html"), "-bare", cfg.bare, "-path", cfg.path}
	if err := os.WriteFile(args[1], body, 0o600); err != nil {
		return p, err
	}
	if cfg.sameHeaders {
		args = append(args, "-bare-headers", filepath.Join(p.dir, "headers.txt"))
		if err := writeHeaders(args[len(args)-1], header); err != nil {
			return p, err
		}
	}
	if p.bare, p.bareURL, err = startBare(startCtx, args, cfg.path); err != nil {
		return p, err
	}
	return p, nil
}

// startPlayground runs bin serve on addr with a fresh database at db and
// returns the page's URL and, with cfg.learner, the headers of a learner
// of that server.
func startPlayground(ctx context.Context, cfg config, bin, addr, db string) (*repo.Process, string, []string, error) {
	proc, err := repo.Start(ctx, bin, []string{"-addr", addr, "-db", db}, repo.StartOptions{OnLine: func(line string) {
		if strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR") {
			fmt.Fprintln(os.Stderr, "playground:", line)
		}
	}})
	if errors.Is(err, repo.ErrExited) {
		return proc, "", nil, fmt.Errorf("%w:\n%s", err, proc.Log())
	} else if err != nil {
		return proc, "", nil, err
	}
	url := "http://" + proc.Addr + cfg.path
	if !cfg.learner {
		return proc, url, nil, nil
	}
	headers, err := browserHeaders(ctx, "http://"+proc.Addr, cfg.path)
	return proc, url, headers, err
}

// startBare runs this program again as the bare Gin server and returns
// once it says where it serves.
func startBare(ctx context.Context, args []string, path string) (*exec.Cmd, string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("start the bare Gin server: %w", err)
	}
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), bareReadyPrefix); ok {
				ready <- a
				break
			}
		}
		_, _ = io.Copy(io.Discard, out)
		close(ready)
	}()
	select {
	case a, ok := <-ready:
		if !ok {
			_ = cmd.Wait()
			return nil, "", errors.New("the bare Gin server exited before it was ready")
		}
		return cmd, "http://" + a + path, nil
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, "", ctx.Err()
	}
}

// stop ends both servers and removes the database and the page.
func (p *pair) stop() {
	for _, proc := range []*repo.Process{p.real, p.base} {
		if proc != nil {
			proc.Kill()
		}
	}
	if p.bare != nil {
		_ = p.bare.Process.Kill()
		_ = p.bare.Wait()
	}
	_ = os.RemoveAll(p.dir)
}

// get fetches url with headers and returns the body and the headers of
// its 200.
func get(ctx context.Context, url string, headers []string) ([]byte, http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, nil, err
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Add(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return body, resp.Header, nil
}
