package servercheck

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// giftExerciseOf is the bundled gift-server exercise (nine steps).
func giftExerciseOf(t testing.TB) *exercise.Exercise {
	t.Helper()
	for _, ex := range serverExercises(t) {
		if ex.ID == "tools-server-gift-server" {
			return ex
		}
	}
	t.Fatal("no gift-server exercise")
	return nil
}

// answering is a hand-written HTTP server: initialize gets a result
// naming revision rev, every other request what reply says (nil: no
// answer until the client leaves).
func answering(t *testing.T, rev string, reply func(method string) map[string]any) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&m) != nil {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		res := map[string]any{"protocolVersion": rev, "capabilities": map[string]any{"tools": map[string]any{}}, "serverInfo": map[string]any{"name": "hand", "version": "1"}}
		if m.Method != "initialize" {
			if res = reply(m.Method); res == nil {
				<-r.Context().Done()
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": res})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func run(t *testing.T, ex *exercise.Exercise, url string, opts Options) *Result {
	t.Helper()
	tr := NewHTTP(url, nil)
	defer tr.Close()
	if opts.Timeout == 0 {
		opts.Timeout = misbehaveTimeout
	}
	opts.Lang = i18n.EN
	res, err := Run(context.Background(), ex, tr, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// skippedAfter checks that every step after first is skipped with reason
// (or absent from the revision).
func skippedAfter(t *testing.T, res *Result, first int, reason string) {
	t.Helper()
	for _, sr := range res.Steps[first+1:] {
		if sr.Status != StatusSkipped || (!strings.Contains(sr.Reason, reason) && !strings.Contains(sr.Reason, "does not exist in revision")) {
			t.Errorf("step %s: %s %q, want skipped: %q", sr.Name, sr.Status, sr.Reason, reason)
		}
	}
}

// A server that answers initialize with a revision nobody asked for fails
// the handshake with why, and nothing after it runs; one that answers with
// another revision the check runs is followed into it.
func TestRevisionNobodyAskedFor(t *testing.T) {
	t.Parallel()
	tools := func(string) map[string]any { return map[string]any{"tools": []any{}} }
	for _, tc := range []struct{ rev, want string }{
		{"2024-01-01", `"2024-01-01", which is not a revision of MCP`},
		{"1.0", `"1.0", which is not a revision of MCP`},
		{"2024-11-05", "revision 2024-11-05, which this check does not run"},
		{"2026-07-28", "revision 2026-07-28, which this check does not run"},
	} {
		t.Run(tc.rev, func(t *testing.T) {
			res := run(t, giftExerciseOf(t), answering(t, tc.rev, tools), Options{})
			hs := res.Steps[0]
			problems := strings.Join(hs.Problems, " ")
			if res.Passed || hs.Status != StatusFailed || !strings.Contains(problems, tc.want) ||
				!strings.Contains(problems, "This check runs 2025-06-18, 2025-11-25 or 2026-07-28: pass `-protocol`") {
				t.Fatalf("handshake %s %q", hs.Status, hs.Problems)
			}
			skippedAfter(t, res, 0, "handshake failed")
		})
	}
	res := run(t, giftExerciseOf(t), answering(t, "2025-06-18", tools), Options{OnPage: true})
	if res.Protocol != "2025-06-18" || res.Steps[0].Status != StatusPassed || res.Steps[1].Status != StatusFailed {
		t.Errorf("2025-06-18 answer: protocol %s, steps %s %s", res.Protocol, res.Steps[0].Status, res.Steps[1].Status)
	}
	page := run(t, giftExerciseOf(t), answering(t, "9", tools), Options{OnPage: true})
	if p := strings.Join(page.Steps[0].Problems, " "); !strings.Contains(p, "choose one your server speaks in the form") {
		t.Errorf("on the page: %q", p)
	}
}

// A server that answers the handshake and then nothing: two steps wait out
// their timeout, then the server is said to have stopped answering and the
// rest is skipped.
func TestServerThatStoppedAnswering(t *testing.T) {
	t.Parallel()
	res := run(t, giftExerciseOf(t), answering(t, "2025-11-25", func(string) map[string]any { return nil }), Options{Timeout: 500 * time.Millisecond})
	timedOut := 0
	for _, sr := range res.Steps {
		if sr.timedOut {
			timedOut++
		}
	}
	if timedOut != 2 || res.Steps[1].Status != StatusFailed || res.Steps[2].Status != StatusFailed {
		t.Fatalf("%d steps timed out; %s %s", timedOut, res.Steps[1].Status, res.Steps[2].Status)
	}
	skippedAfter(t, res, 2, "stopped answering")
}

// A server that sends garbage fails the handshake at once, and no later
// step waits for anything.
func TestGarbageEndsAtTheHandshake(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, "hello, I am a server")
	}))
	defer srv.Close()
	res := run(t, giftExerciseOf(t), srv.URL, Options{Timeout: time.Hour})
	if res.Steps[0].Status != StatusFailed {
		t.Fatalf("handshake %s", res.Steps[0].Status)
	}
	skippedAfter(t, res, 0, "handshake failed")
}

// Mounted the common Starlette way, the endpoint answers POST /mcp with a
// 307 to /mcp/: the check follows it, passes, and says where the endpoint
// really is. A 302 (which would turn the POST into a GET) is not followed,
// and is explained.
func TestRedirects(t *testing.T) {
	t.Parallel()
	gift := mockserver.NewHTTPHandler(mockserver.New(mockserver.Config{}), mockserver.HTTPConfig{})
	defer gift.Close()
	mux := http.NewServeMux()
	mux.Handle("/mcp/", gift)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+r.Host+"/mcp/", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/found", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/mcp/", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	res := run(t, handshakeOnly(t), srv.URL+"/mcp", Options{})
	hs := res.Steps[0]
	if !res.Passed || !strings.Contains(hs.Warning, "really at "+srv.URL+"/mcp/") || !strings.Contains(hs.Warning, "HTTP 307") {
		t.Errorf("307: passed=%v %s %q %q", res.Passed, hs.Status, hs.Warning, hs.Problems)
	}
	res = run(t, handshakeOnly(t), srv.URL+"/found", Options{})
	if p := strings.Join(res.Steps[0].Problems, " "); res.Passed || !strings.Contains(p, "HTTP 302 to /mcp/") || !strings.Contains(p, "turns a POST into a GET") {
		t.Errorf("302: passed=%v %q", res.Passed, p)
	}
}

// dyingListener lets a test end the server: Kill closes the listener and
// every connection, as a crashed process would.
type dyingListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *dyingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

func (l *dyingListener) Kill() {
	l.Listener.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
}

// Over HTTP, a server that dies in the middle of the check is said to have
// died (not to have answered wrongly), and the steps after are skipped.
func TestHTTPServerDyingMidCheck(t *testing.T) {
	t.Parallel()
	gift := mockserver.NewHTTPHandler(mockserver.New(mockserver.Config{}), mockserver.HTTPConfig{})
	defer gift.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dl := &dyingListener{Listener: ln}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"tools/call"`) {
				dl.Kill()
				return
			}
			r.Body = io.NopCloser(strings.NewReader(string(body)))
		}
		gift.ServeHTTP(w, r)
	})}
	go srv.Serve(dl)
	defer srv.Close()
	res := run(t, giftExerciseOf(t), "http://"+ln.Addr().String()+"/mcp", Options{})
	if res.Steps[1].Status != StatusPassed {
		t.Fatalf("tools/list %s %q", res.Steps[1].Status, res.Steps[1].Problems)
	}
	call := res.Steps[2]
	if p := strings.Join(call.Problems, " "); call.Status != StatusFailed || !strings.Contains(p, "stopped answering in the middle of the check") {
		t.Fatalf("good-call: %s %q", call.Status, call.Problems)
	}
	skippedAfter(t, res, 2, "The server is gone")
}

// A server that converts "50" into 50 (FastMCP and pydantic do) fails the
// budget step with feedback its author acts on: the schema says number,
// the arguments were not validated strictly.
func TestLenientArgumentsFeedback(t *testing.T) {
	t.Parallel()
	res := run(t, giftExerciseOf(t), answering(t, "2025-11-25", func(method string) map[string]any {
		if method == "tools/list" {
			return map[string]any{"tools": []any{map[string]any{"name": "suggest_gifts", "inputSchema": map[string]any{"type": "object"}}}}
		}
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": "a board game"}}}
	}), Options{})
	for _, sr := range res.Steps {
		if sr.Name != "budget-string" {
			continue
		}
		feedback := ""
		for _, c := range sr.Checks {
			if !c.Passed {
				feedback += c.Feedback
			}
		}
		if sr.Status != StatusFailed || !strings.Contains(feedback, "input schema says `budget` is a number") {
			t.Errorf("budget-string: %s, feedback %q", sr.Status, feedback)
		}
		return
	}
	t.Fatal("no budget-string step")
}
