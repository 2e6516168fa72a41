package web

import (
	"net/http"
	"strings"
	"testing"
)

// /healthz and /readyz probe a write: a database that still answers
// queries but refuses writes (a read-only file, a full disk) is 503 with
// the reason, and a draining server is not ready.
func TestHealthAndReadinessProbeAWrite(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, p := range []string{"/healthz", "/readyz"} {
		if rec := e.do(t, "GET", p, nil); rec.Code != http.StatusOK {
			t.Errorf("%s = %d, want 200", p, rec.Code)
		}
	}
	// A database that refuses the probe's write, as a read-only file or a
	// full disk would (root ignores file modes, so a test cannot make one).
	e.behindTheStore(t, "CREATE TRIGGER refuse_writes BEFORE UPDATE ON health BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END")
	for _, p := range []string{"/healthz", "/readyz"} {
		rec := e.do(t, "GET", p, nil)
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "cannot write") {
			t.Errorf("%s on a read-only database = %d %q, want 503 with the reason", p, rec.Code, rec.Body.String())
		}
	}
	e2 := newTestEnv(t, Config{})
	e2.srv.Drain()
	rec := e2.do(t, "GET", "/readyz", nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "draining") {
		t.Errorf("/readyz while draining = %d %q, want 503 draining", rec.Code, rec.Body.String())
	}
	if rec := e2.do(t, "GET", "/healthz", nil); rec.Code != http.StatusOK {
		t.Errorf("/healthz while draining = %d, want 200 (alive, only not taking new work)", rec.Code)
	}
}

// /healthz names the version, healthy or not, in a header, so a probe or
// an operator sees which program answers without a change to the body
// that scripts read.
func TestHealthNamesTheVersion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ set, want string }{{"1.4.2", "1.4.2"}, {"", "(devel)"}} {
		e := newTestEnv(t, Config{Version: c.set})
		rec := e.do(t, "GET", "/healthz", nil)
		if rec.Code != http.StatusOK || rec.Header().Get("X-Playground-Version") != c.want || rec.Body.String() != "ok\n" {
			t.Errorf("Version %q: /healthz = %d, X-Playground-Version %q, body %q; want 200, %q, \"ok\\n\"",
				c.set, rec.Code, rec.Header().Get("X-Playground-Version"), rec.Body.String(), c.want)
		}
	}
}
