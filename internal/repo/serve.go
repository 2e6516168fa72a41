package repo

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"regexp"
	"strings"
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
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	url := make(chan string, 1)
	var seen strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := readyLine.FindStringSubmatch(sc.Text()); m != nil {
				url <- "http://" + m[1]
				_, _ = io.Copy(io.Discard, stderr)
				return
			}
			seen.WriteString(sc.Text() + "\n")
		}
		close(url)
	}()
	select {
	case u, ok := <-url:
		if !ok {
			t.Fatalf("%s exited before it was ready:\n%s", bin, seen.String())
		}
		return Served{URL: u, Cmd: cmd}
	case <-time.After(2 * time.Minute): // only a broken build gets here
		t.Fatalf("%s did not say it was ready", bin)
	}
	return Served{}
}
