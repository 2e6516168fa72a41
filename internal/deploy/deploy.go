// Package deploy starts the playground as it is deployed for a whole
// course: several "playground serve" processes (the real binary) on one
// PostgreSQL database, behind HAProxy with internal/deploy/haproxy.cfg. The
// deployment test and the figures program use it; nothing here is used by
// the server itself.
package deploy

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Instance is one playground process.
type Instance struct {
	Addr string // host:port it listens on
	cmd  *exec.Cmd
	done chan struct{}

	mu   sync.Mutex
	tail []string
}

var readyRE = regexp.MustCompile(`msg="MCP Playground is ready" url=http://([^/ ]+)/`)

// StartInstance starts bin serve on a free loopback port with db and the
// instructor token, and returns once it is ready (its log says so) or ctx
// ends. Extra arguments go to serve.
func StartInstance(ctx context.Context, bin, db, token string, extra ...string) (*Instance, error) {
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-db", db, "-instructor-token", token, "-log-level", "info"}, extra...)
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	in := &Instance{cmd: cmd, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		// Read to the end: a process whose log pipe is full blocks.
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			in.remember(sc.Text())
			if m := readyRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		_ = cmd.Wait()
		close(in.done)
	}()
	select {
	case in.Addr = <-addr:
		return in, nil
	case <-in.done:
		return nil, fmt.Errorf("the instance exited before it was ready:\n%s", in.Log())
	case <-ctx.Done():
		in.Kill()
		return nil, fmt.Errorf("the instance was not ready: %w:\n%s", ctx.Err(), in.Log())
	}
}

func (in *Instance) remember(line string) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.tail = append(in.tail, line)
	if len(in.tail) > 50 {
		in.tail = in.tail[1:]
	}
}

// Log is the end of the instance's log.
func (in *Instance) Log() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return strings.Join(in.tail, "\n")
}

// Kill sends SIGKILL and waits for the process to be gone.
func (in *Instance) Kill() {
	_ = in.cmd.Process.Signal(syscall.SIGKILL)
	<-in.done
}

// Stop sends SIGTERM and waits until the process exits.
func (in *Instance) Stop() {
	_ = in.cmd.Process.Signal(syscall.SIGTERM)
	<-in.done
}

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
