package guard

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestChain: the first middleware sees the request first and the
// response last; an empty chain is the handler itself.
func TestChain(t *testing.T) {
	var order []string
	mark := func(name string) Middleware {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				order = append(order, name+" in")
				next.ServeHTTP(w, r)
				order = append(order, name+" out")
			})
		}
	}
	h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { order = append(order, "handler") })
	for _, c := range []struct {
		name  string
		chain Middleware
		want  []string
	}{
		{"two", Chain(mark("a"), mark("b")), []string{"a in", "b in", "handler", "b out", "a out"}},
		{"none", Chain(), []string{"handler"}},
	} {
		order = nil
		c.chain(h).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
		if diff := cmp.Diff(c.want, order); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestUnsafe: the guards see every request that changes state or carries
// a body, and a page view goes past them to the handler.
func TestUnsafe(t *testing.T) {
	var guarded, handled bool
	mark := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			guarded = true
			next.ServeHTTP(w, r)
		})
	}
	h := Unsafe(mark)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { handled = true }))
	for _, c := range []struct {
		method, body string
		want         bool
	}{
		{"GET", "", false},
		{"HEAD", "", false},
		{"OPTIONS", "", false},
		{"GET", "a=1", true}, // a body, whatever the method: bounded and timed
		{"POST", "", true},
		{"POST", "a=1", true},
		{"PUT", "", true},
		{"DELETE", "", true},
		{"PATCH", "a=1", true},
	} {
		guarded, handled = false, false
		var r *http.Request
		if c.body == "" {
			r = httptest.NewRequest(c.method, "/", nil)
		} else {
			r = httptest.NewRequest(c.method, "/", strings.NewReader(c.body))
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if guarded != c.want || !handled {
			t.Errorf("%s with body %q: guarded %v (want %v), handled %v", c.method, c.body, guarded, c.want, handled)
		}
	}
}

// The guards Unsafe spares a page view would have let it through
// untouched: the cross-origin check passes a safe method even from
// another site, and the body guards leave a request without a body as it
// came.
func TestUnsafeSparesOnlyWhatTheGuardsPass(t *testing.T) {
	var got *http.Request
	next := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = r })
	for _, m := range []string{"GET", "HEAD", "OPTIONS"} {
		r := httptest.NewRequest(m, "/", nil)
		r.Header.Set("Sec-Fetch-Site", "cross-site")
		r.Header.Set("Origin", "https://elsewhere.example")
		for name, g := range map[string]Middleware{
			"CrossOrigin":  CrossOrigin(),
			"LimitBody":    LimitBody(1),
			"BodyDeadline": BodyDeadline(time.Millisecond),
		} {
			got = nil
			rec := httptest.NewRecorder()
			g(next).ServeHTTP(rec, r)
			if got != r || got.Body != http.NoBody || rec.Code != http.StatusOK {
				t.Errorf("%s %s: handed on %v, body %T, status %d", name, m, got == r, got.Body, rec.Code)
			}
		}
	}
}
