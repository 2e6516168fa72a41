package repo

import (
	"context"
	"errors"
	"os/exec"
	"regexp"
	"testing"
	"time"
)

// readyLine is the line "playground serve" logs once it accepts
// connections, with the address it listens on.
var readyLine = regexp.MustCompile(`msg="MCP Playground is ready" url=http://([^ ]+)/`)

// Served is a playground binary serving on loopback for a test.
type Served struct {
	URL string
	Cmd *exec.Cmd
}

// Serve starts bin with "serve -addr 127.0.0.1:0" and args, waits for the
// server to say it is ready (it reads the log as it is written: no
// polling), and stops it when the test ends. The rest of the log is
// drained so the server never blocks on it.
func Serve(t testing.TB, bin string, args ...string) Served {
	t.Helper()
	SkipProcessInShort(t, "the playground binary")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // only a broken build gets there
	defer cancel()
	p, err := Start(ctx, bin, append([]string{"-addr", "127.0.0.1:0"}, args...), StartOptions{})
	if p != nil {
		t.Cleanup(p.Kill)
	}
	switch {
	case errors.Is(err, ErrExited):
		t.Fatalf("%s exited before it was ready:\n%s", bin, p.Log())
	case errors.Is(err, context.DeadlineExceeded):
		t.Fatalf("%s did not say it was ready", bin)
	case err != nil:
		t.Fatal(err)
	}
	return Served{URL: "http://" + p.Addr, Cmd: p.Cmd}
}
