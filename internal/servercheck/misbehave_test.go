package servercheck

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/testing/proctest"
)

// helperEnv makes the test binary a misbehaving stdio server (TestMain).
const helperEnv = "SERVERCHECK_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		misbehave(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// misbehave is a stdio server that does one bad thing.
func misbehave(mode string) {
	fmt.Fprintln(os.Stderr, "ready") // the test starts its clock here
	out := os.Stdout
	junk := strings.Repeat("x", 64<<10)
	switch mode {
	case "silent": // reads, never answers
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "forever": // answers with an endless message
		_, _ = out.WriteString(`{"jsonrpc":"2.0","id":1,"result":{"text":"`)
		for {
			if _, err := out.WriteString(junk); err != nil {
				return
			}
		}
	case "huge": // 100 MB on one line, then nothing
		for i := 0; i < 100<<20/len(junk); i++ {
			if _, err := out.WriteString(junk); err != nil {
				return
			}
		}
		_, _ = out.WriteString("\n")
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "flood": // notifications without end
		for {
			if _, err := out.WriteString(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}` + "\n"); err != nil {
				return
			}
		}
	case "mid-message": // reads the request, answers half a message, then exits
		// Reading first makes the cut the only thing that can go wrong: a
		// server that exited before the request was written would make the
		// check fail on the write instead.
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		_, _ = out.WriteString(`{"jsonrpc":"2.0","id":1,"res`)
	case "garbage":
		_, _ = out.WriteString("hello, I am a server\n\x00\x01 not json\n")
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "exit":
		fmt.Fprintln(os.Stderr, "cannot start: missing configuration")
		os.Exit(3)
	case "orphan": // a child that would outlive the server
		_ = startSleeper()
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "sleeper": // lives until a signal ends it, whatever its parent does
		end := make(chan os.Signal, 1)
		signal.Notify(end, syscall.SIGTERM)
		fmt.Fprintln(os.Stderr, "sleeping") // its last write: a closed log cannot end it
		<-end
	}
}

// startSleeper starts a child process in the same group that lives until
// it is killed: it reads nothing and its parent never waits for it, so
// only the group's end can end it.
func startSleeper() error {
	env := []string{helperEnv + "=sleeper"} // this process's own mode must not be inherited
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, helperEnv+"=") {
			env = append(env, kv)
		}
	}
	p, err := os.StartProcess(os.Args[0], []string{os.Args[0], "-test.run=^$"}, &os.ProcAttr{Env: env, Files: []*os.File{nil, nil, os.Stderr}})
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "child %d\n", p.Pid)
	return nil
}

// handshakeOnly is a one-step exercise: enough to see each misbehaviour.
func handshakeOnly(t testing.TB) *exercise.Exercise {
	for _, ex := range serverExercises(t) {
		if ex.ID == "lifecycle-server-handshake-tools" {
			return ex
		}
	}
	t.Fatal("no handshake exercise")
	return nil
}

// settle waits until the goroutines started by a stdio run are gone.
// Close has waited for each of them to say it is done (the transport's
// WaitGroup: its readers, its writer and the process's waiter), and the
// process is reaped; what is left is their last instructions after that,
// which no event follows, so it samples the count. Only the test binary's
// deadline ends the wait: a busy machine is slow to end goroutines, not
// wrong to. (The HTTP runs need no sampling: TestMisbehavingHTTPServers
// runs in a synctest bubble, whose end is the end of every goroutine.)
func settle(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	if d, ok := t.Deadline(); ok {
		deadline = d.Add(-30 * time.Second)
	}
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left (before: %d):\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		runtime.Gosched()
		time.Sleep(5 * time.Millisecond)
	}
}

func reaped(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// A misbehaving stdio server gets a clear verdict on its step, within the
// timeout, and leaves no goroutine or process behind.
func TestMisbehavingStdioServers(t *testing.T) {
	repo.SkipProcessInShort(t, "stdio servers (this test binary)")
	ex := handshakeOnly(t)
	tests := []struct{ mode, want string }{
		{"silent", "No reply within"},
		{"forever", "larger than 1 MiB"},
		{"huge", "larger than 1 MiB"},
		{"flood", "more than 200 messages"},
		{"mid-message", "in the middle of a message"},
		{"garbage", "not a JSON-RPC message"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			before := runtime.NumGoroutine()
			tr, err := StartCommand(os.Args[0], []string{"-test.run=^$"}, append(os.Environ(), helperEnv+"="+tc.mode))
			if err != nil {
				t.Fatal(err)
			}
			pid := tr.(*stdioTransport).pid
			waitLog(t, tr.(*stdioTransport), "ready")
			res, err := Run(context.Background(), ex, tr, Options{Lang: i18n.EN, Timeout: timeoutFor(tc.mode)})
			if err != nil {
				t.Fatal(err)
			}
			sr := res.Steps[0]
			if res.Passed || sr.Status != StatusFailed || !strings.Contains(strings.Join(sr.Problems, " "), tc.want) {
				t.Errorf("handshake: %s %q, want a failure saying %q", sr.Status, sr.Problems, tc.want)
			}
			if err := tr.Close(); err != nil {
				t.Fatal(err)
			}
			if !reaped(pid) {
				t.Errorf("process %d is still there", pid)
			}
			settle(t, before)
		})
	}
}

// A server that exits before it answers anything did not start: Run
// says so as an error (check-server exits 2) that carries its log once.
func TestServerExitingAtStart(t *testing.T) {
	t.Parallel()
	repo.SkipProcessInShort(t, "stdio servers (this test binary)")
	tr, err := StartCommand(os.Args[0], []string{"-test.run=^$"}, append(os.Environ(), helperEnv+"=exit"))
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	_, err = Run(context.Background(), handshakeOnly(t), tr, Options{Lang: i18n.EN, Timeout: misbehaveTimeout})
	var ex *ExitedError
	if !IsUnreachable(err) || !errors.As(err, &ex) {
		t.Fatalf("err = %v, want a server that exited at start", err)
	}
	if !strings.Contains(ex.Err.Error(), "exit status 3") || strings.Count(ex.Log, "missing configuration") != 1 {
		t.Errorf("exit %q, log %q: want exit status 3 and the log once", ex.Err, ex.Log)
	}
	if got := Describe(err, i18n.EN); !strings.HasPrefix(got, "your server exited before it answered anything") {
		t.Errorf("Describe = %q", got)
	}
}

// Close ends the server's children too (its process group).
func TestStdioCloseEndsChildren(t *testing.T) {
	t.Parallel()
	repo.SkipProcessInShort(t, "stdio servers (this test binary)")
	tr, err := StartCommand(os.Args[0], []string{"-test.run=^$"}, append(os.Environ(), helperEnv+"=orphan"))
	if err != nil {
		t.Fatal(err)
	}
	st := tr.(*stdioTransport)
	// Both lines, in either order: the server names its child, the child
	// says it is up (before that, a closed log would end it on its own).
	waitLog(t, st, "child ")
	var child int
	for _, line := range strings.Split(waitLog(t, st, "sleeping"), "\n") {
		fmt.Sscanf(line, "child %d", &child)
	}
	if child == 0 {
		t.Fatal("the server named no child")
	}
	// The child is not ours to wait for (init reaps it): watch it from
	// now, while it surely runs, and wait for the kernel to say it exited.
	p, err := proctest.Watch(child)
	if errors.Is(err, proctest.ErrUnsupported) {
		tr.Close()
		t.Skipf("cannot watch the child's exit here: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if done, err := p.Exited(0); done || err != nil {
		t.Fatalf("child %d before Close: exited %v, %v; want it running", child, done, err)
	}
	tr.Close()
	if !reaped(st.pid) {
		t.Errorf("server %d still there", st.pid)
	}
	// Close has killed the group: what is left is the kernel ending the
	// child, quick even on a busy machine.
	if done, err := p.Exited(30 * time.Second); !done || err != nil {
		t.Errorf("child %d outlived the server (%v)", child, err)
	}
}

// A command that cannot start is "unreachable" (exit 2), not a failed step.
func TestStartFailureIsUnreachable(t *testing.T) {
	t.Parallel()
	_, err := StartCommand("/nonexistent/mcp-server", nil, nil)
	if !IsUnreachable(err) {
		t.Fatalf("err = %v, want unreachable", err)
	}
	_, err = Run(context.Background(), handshakeOnly(t), NewHTTP("http://127.0.0.1:1/mcp", nil), Options{Timeout: time.Second})
	if !IsUnreachable(err) {
		t.Fatalf("HTTP err = %v, want unreachable", err)
	}
}

// Misbehaving HTTP servers: the same verdicts, no connection or goroutine
// left behind. Each runs in a synctest bubble on an in-memory network
// (pipeServer): the steps' timeouts take no real time; once the transport
// is closed and synctest.Wait returns, both sides have done all they will,
// and the server must hold no connection the client left open; the
// bubble's end then waits for every goroutine of both sides, a leaked one
// failing the test (a deadlock) instead of being sampled for.
func TestMisbehavingHTTPServers(t *testing.T) {
	ex := handshakeOnly(t)
	junk := strings.Repeat("x", 64<<10)
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    string
	}{
		{"silent", func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body) // so the server notices the client leave
			<-r.Context().Done()
		}, "No reply within"},
		{"huge", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			for i := 0; i < 100<<20/len(junk); i++ {
				if _, err := io.WriteString(w, junk); err != nil {
					return
				}
			}
		}, "larger than 1 MiB"},
		{"sse-flood", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			for r.Context().Err() == nil {
				if _, err := io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n"); err != nil {
					return
				}
			}
		}, "more than 200 messages"},
		{"garbage", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "it works!")
		}, "HTTP 200 OK"},
		{"mid-message", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"id\":1,")
		}, "in the middle of a message"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				srv := servePipes(t, tc.handler)
				tr := NewHTTP("http://misbehaving.test/mcp", srv.client())
				defer tr.Close()
				res, err := Run(context.Background(), ex, tr, Options{Lang: i18n.EN, Timeout: timeoutFor(tc.name)})
				if err != nil {
					t.Fatal(err)
				}
				sr := res.Steps[0]
				if sr.Status != StatusFailed || !strings.Contains(strings.Join(sr.Problems, " "), tc.want) {
					t.Errorf("handshake: %s %q, want a failure saying %q", sr.Status, sr.Problems, tc.want)
				}
				tr.Close()
				synctest.Wait()
				if n := srv.Open(); n != 0 {
					t.Errorf("the server still has %d connections open after the transport's Close", n)
				}
			})
		})
	}
}

// misbehaveTimeout is each step's time in these tests: long enough for a
// race-built helper to start on a busy machine; the silent servers wait it
// out, the others are judged as soon as they misbehave.
const misbehaveTimeout = 3 * time.Second

// timeoutFor is the step's time for a misbehaviour: a silent server
// waits out whatever time it is given and says the same thing for any, so
// it gets a short one; the others need misbehaveTimeout to misbehave in.
func timeoutFor(mode string) time.Duration {
	if mode == "silent" {
		return 300 * time.Millisecond
	}
	return misbehaveTimeout
}

// waitLog waits until the server has logged want, without consuming the
// log: a race-built helper can take seconds to start on a busy machine,
// and the step's timeout must not include that. The log says when it
// grows; only the test's deadline turns a hang into a failure. It returns
// the log as it stood.
func waitLog(t *testing.T, st *stdioTransport, want string) string {
	t.Helper()
	l := &st.log
	deadline := time.Now().Add(10 * time.Minute)
	if d, ok := t.Deadline(); ok {
		deadline = d.Add(-30 * time.Second)
	}
	late := false
	timer := time.AfterFunc(time.Until(deadline), func() {
		l.mu.Lock()
		late = true
		l.grown().Broadcast()
		l.mu.Unlock()
	})
	defer timer.Stop()
	l.mu.Lock()
	defer l.mu.Unlock()
	for !strings.Contains(string(l.buf), want) {
		if late {
			t.Fatalf("the helper never logged %q", want)
		}
		l.grown().Wait()
	}
	return string(l.buf)
}
