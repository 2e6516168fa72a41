package clientcheck

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/testing/proctest"
)

// TestRelayHelper is not a test: a -stdio run's command line starts this
// test binary as the relay (as it starts `playground check-client-relay`).
func TestRelayHelper(t *testing.T) {
	if os.Getenv("CLIENTCHECK_HELPER") != "relay" {
		t.Skip("started by a -stdio run only")
	}
	if err := Relay(context.Background(), flag.Arg(0), flag.Arg(1), os.Stdin, os.Stdout); err != nil {
		t.Fatal(err)
	}
}

// TestStdioClientHelper is not a test: the -stdio test starts this test
// binary as the learner's client, which starts its server from
// MCP_SERVER_COMMAND and talks to it one message a line.
func TestStdioClientHelper(t *testing.T) {
	if os.Getenv("CLIENTCHECK_HELPER") != "client" {
		t.Skip("started by the -stdio test only")
	}
	line := os.Getenv(EnvCommand)
	if flag.Arg(0) != "server="+line {
		t.Fatalf("{command} gave %q, %s %q", flag.Arg(0), EnvCommand, line)
	}
	server := exec.Command("sh", "-c", line)
	server.Env = append(os.Environ(), "CLIENTCHECK_HELPER=relay")
	in, _ := server.StdinPipe()
	out, _ := server.StdoutPipe()
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	ask := func(m string) {
		_, _ = in.Write([]byte(m + "\n"))
		for sc.Scan() { // the reply is the line with our id
			var v struct{ ID json.RawMessage }
			if json.Unmarshal(sc.Bytes(), &v) == nil && len(v.ID) > 0 {
				return
			}
		}
	}
	ask(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"stdio-client","version":"1.0.0"}}}`)
	_, _ = in.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	ask(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	ask(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":50}}}`)
	_ = in.Close()
	_ = server.Wait()
}

func helperArgs(name string, rest ...string) []string {
	return append([]string{"-test.run=^" + name + "$"}, rest...)
}

// With -stdio the client starts the checking server itself, from the
// command line in MCP_SERVER_COMMAND (and {command}): the same steps pass.
func TestStdioClient(t *testing.T) {
	repo.SkipProcessInShort(t, "a client process")
	t.Setenv("CLIENTCHECK_HELPER", "client")
	c := Command{Name: os.Args[0], Args: helperArgs("TestStdioClientHelper", "server="+PlaceholderCommand), Env: os.Environ(),
		Stdio: true, Relay: helperArgs("TestRelayHelper")}
	c.Relay = append([]string{os.Args[0]}, c.Relay...)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := RunCommand(ctx, testPlans["first-call"], c, Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, sr := range res.Steps {
		if sr.Status != StatusPassed {
			t.Errorf("step %s: %s %q\n%s\n%s", sr.Name, sr.Status, sr.Problems, dump(sr), sr.Stderr)
		}
	}
}

// A client that never connects is an error with its log, and its process
// group ends with the run: a child it left behind is gone too.
func TestNeverConnectedEndsTheProcessGroup(t *testing.T) {
	repo.SkipProcessInShort(t, "a client process")
	pidFile := filepath.Join(t.TempDir(), "pid")
	script := "sleep 300 & echo $! > " + pidFile + "; echo looking for the server >&2; wait"
	res, err := RunCommand(context.Background(), testPlans["first-call"], Command{Name: "sh", Args: []string{"-c", script}, Env: os.Environ()},
		Options{Timeout: time.Second})
	var nc *NeverConnectedError
	if res != nil || !asNeverConnected(err, &nc) || !strings.Contains(nc.Log, "looking for the server") {
		t.Fatalf("RunCommand = %v, %v", res, err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if pid <= 0 {
		t.Fatalf("pid %q", b)
	}
	// The kernel says when the child exits: the run has killed the group,
	// what is left is the kernel ending it, quick even on a busy machine.
	p, err := proctest.Watch(pid)
	switch {
	case errors.Is(err, syscall.ESRCH):
		return // gone already, and reaped by the system
	case errors.Is(err, proctest.ErrUnsupported):
		t.Skipf("cannot watch the child's exit here: %v", err)
	case err != nil:
		t.Fatal(err)
	}
	defer p.Close()
	if done, err := p.Exited(30 * time.Second); !done || err != nil {
		t.Fatalf("the client's child %d still runs after the run (%v)", pid, err)
	}
}

func asNeverConnected(err error, nc **NeverConnectedError) bool {
	e, ok := err.(*NeverConnectedError)
	*nc = e
	return ok
}
