package clientcheck

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/procgroup"
)

// Command is a learner's client to start for a run.
type Command struct {
	Name string
	Args []string
	// Env is the environment it starts with; the run adds MCP_SERVER_URL
	// (and MCP_SERVER_COMMAND with Stdio).
	Env []string
	// Stdio gives the client a command line that starts the checking
	// server on stdio (MCP_SERVER_COMMAND, {command} in Args) instead of a
	// URL; Relay is that command line's program and first arguments (the
	// playground binary and its hidden check-client-relay subcommand).
	Stdio bool
	Relay []string
}

// Environment variables and placeholders the client is given.
const (
	EnvURL             = "MCP_SERVER_URL"
	EnvCommand         = "MCP_SERVER_COMMAND"
	PlaceholderURL     = "{url}"
	PlaceholderCommand = "{command}"
)

// maxLog bounds what is kept of the client's output.
const maxLog = 64 << 10

// RunCommand serves a checking server on a free loopback port, starts the
// client, runs the plan, and ends the client's process group. Its error is
// a *NeverConnectedError when the client could not start or never
// connected.
func RunCommand(ctx context.Context, plan *Plan, c Command, opts Options) (*Result, error) {
	s := NewSession()
	s.checkHost = true
	defer s.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen for the client: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", s)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/mcp"
	env := append(append([]string{}, c.Env...), EnvURL+"="+url)
	args := replaceAll(c.Args, PlaceholderURL, url)
	if c.Stdio {
		rl, err := listenRelay()
		if err != nil {
			return nil, err
		}
		go rl.serve(s)
		line := commandLine(append(append([]string{}, c.Relay...), rl.addr(), rl.token))
		env = append(env, EnvCommand+"="+line)
		args = replaceAll(args, PlaceholderCommand, line)
	}
	p, err := startClient(s, c.Name, args, env)
	if err != nil {
		return nil, &NeverConnectedError{Why: say(opts.Lang, keyCannotStart, err.Error())}
	}
	defer p.stop()
	opts.Log = p.log.String
	return Run(ctx, plan, s, opts)
}

func replaceAll(args []string, old, new string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, old, new)
	}
	return out
}

// commandLine joins words into a line a shell splits back into them.
func commandLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && !strings.ContainsAny(w, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			out[i] = w
			continue
		}
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// client is a started client process.
type client struct {
	cmd    *exec.Cmd
	log    *boundedLog
	exited chan struct{}
}

func startClient(s *Session, name string, args, env []string) (*client, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = env
	lg := &boundedLog{max: maxLog}
	cmd.Stdout, cmd.Stderr = lg, lg
	procgroup.Set(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	c := &client{cmd: cmd, log: lg, exited: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		close(c.exited)
		status := "status 0"
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			status = ee.ProcessState.String()
		} else if err != nil {
			status = err.Error()
		}
		s.put(inbound{gone: true, err: keyExited, args: []any{status}}, nil)
	}()
	return c, nil
}

// stop ends the client's process group and reaps it.
func (c *client) stop() {
	procgroup.Kill(c.cmd)
	select {
	case <-c.exited:
	case <-time.After(5 * time.Second):
	}
}

// boundedLog keeps the last max bytes written to it.
type boundedLog struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (b *boundedLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *boundedLog) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.ToValidUTF8(string(b.buf), "")
}
