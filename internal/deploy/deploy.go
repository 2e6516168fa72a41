// Package deploy starts the playground as it is deployed for a whole
// course: several "playground serve" processes (the real binary) on one
// PostgreSQL database, behind HAProxy with internal/deploy/haproxy.cfg. The
// deployment test and the figures program use it; nothing here is used by
// the server itself.
package deploy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// Instance is one playground process.
type Instance struct {
	Addr string // host:port it listens on
	p    *repo.Process
}

// StartInstance starts bin serve on a free loopback port with db and the
// instructor token, and returns once it is ready (its log says so) or ctx
// ends. Extra arguments go to serve.
func StartInstance(ctx context.Context, bin, db, token string, extra ...string) (*Instance, error) {
	args := append([]string{"-addr", "127.0.0.1:0", "-db", db, "-instructor-token", token, "-log-level", "info"}, extra...)
	p, err := repo.Start(ctx, bin, args, repo.StartOptions{})
	switch {
	case errors.Is(err, repo.ErrExited):
		return nil, fmt.Errorf("the instance exited before it was ready:\n%s", p.Log())
	case p != nil && err != nil:
		return nil, fmt.Errorf("the instance was not ready: %w:\n%s", err, p.Log())
	case err != nil:
		return nil, err
	}
	return &Instance{Addr: p.Addr, p: p}, nil
}

// Log is the end of the instance's log.
func (in *Instance) Log() string { return in.p.Log() }

// Kill sends SIGKILL and waits for the process to be gone.
func (in *Instance) Kill() { in.p.Kill() }

// Stop sends SIGTERM and waits until the process exits.
func (in *Instance) Stop() { in.p.Stop() }

// Proxy is HAProxy running internal/deploy/haproxy.cfg.
type Proxy struct {
	URL  string
	cmd  *exec.Cmd
	done chan struct{}
	out  *strings.Builder
}

// ConfigPath is internal/deploy/haproxy.cfg under the repository root.
func ConfigPath(root string) string { return filepath.Join(root, "internal", "deploy", "haproxy.cfg") }

// StartHAProxy starts haproxy with cfg in front of exactly three
// instances, on a free loopback port, and returns once the proxy answers
// /readyz with 200 through an instance, or ctx ends.
func StartHAProxy(ctx context.Context, cfg string, instances []string) (*Proxy, error) {
	if len(instances) != 3 {
		return nil, fmt.Errorf("haproxy.cfg names three instances, got %d", len(instances))
	}
	listen, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("haproxy", "-db", "-f", cfg)
	cmd.Env = append(os.Environ(), "PLAYGROUND_LISTEN="+listen,
		"PLAYGROUND_1="+instances[0], "PLAYGROUND_2="+instances[1], "PLAYGROUND_3="+instances[2])
	out := &strings.Builder{}
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return out.Write(p) })
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start haproxy: %w", err)
	}
	p := &Proxy{URL: "http://" + listen, cmd: cmd, done: make(chan struct{}), out: out}
	go func() { _ = cmd.Wait(); close(p.done) }()
	// Wait for the listening socket: each try is a connection attempt.
	for {
		resp, err := http.Get(p.URL + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p, nil
			}
		}
		select {
		case <-p.done:
			return nil, fmt.Errorf("haproxy exited: %s", out.String())
		case <-ctx.Done():
			p.Stop()
			return nil, fmt.Errorf("haproxy not ready: %w (%v)", ctx.Err(), err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Stop ends haproxy.
func (p *Proxy) Stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

var _ io.Writer = writerFunc(nil)

// freePort returns a loopback address nobody listens on right now.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// HAProxyInstalled reports whether the haproxy binary is on PATH.
func HAProxyInstalled() error {
	if _, err := exec.LookPath("haproxy"); err != nil {
		return errors.New("no haproxy on PATH (Debian's haproxy package)")
	}
	return nil
}
