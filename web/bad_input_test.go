package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
)

// TestFormRoutesTakeForms answers 415 to a page's POST whose body is not a
// form, in the page's language, and records nothing.
func TestFormRoutesTakeForms(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	ex := e.exerciseOfKind(t, exercise.KindFix)
	for _, ct := range []string{"application/json", "text/plain", ""} {
		rec := e.do(t, "POST", "/fr/exercises/"+ex.ID, strings.NewReader(`{"answer":"x"}`), "Content-Type", ct)
		if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), "formulaire") {
			t.Errorf("Content-Type %q: %d %q, want 415 in French", ct, rec.Code, rec.Body)
		}
	}
	if n := e.learnerCount(t); n != 0 {
		t.Errorf("%d learners created by refused posts", n)
	}
	rec := e.do(t, "POST", "/en/exercises/"+ex.ID, strings.NewReader(url.Values{"answer": {ex.Starter}}.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	if rec.Code >= 400 {
		t.Errorf("a real form got %d", rec.Code)
	}
}

// TestInvisibleNameIs400 refuses, with a message, a name made only of
// characters that cannot be shown, and strips bidi controls from others.
func TestInvisibleNameIs400(t *testing.T) {
	t.Parallel()
	for _, workshop := range []bool{false, true} {
		t.Run(fmt.Sprint("workshop=", workshop), func(t *testing.T) {
			cfg := Config{}
			if workshop {
				cfg.JoinCode = "ROOM"
			}
			e := newTestEnv(t, cfg)
			b := newBrowser(t, e.serve(t))
			if workshop {
				b.do("POST", "/en/join", "application/x-www-form-urlencoded", "code=ROOM&name=Ada")
			}
			r := b.do("POST", "/en/progress/name", "application/x-www-form-urlencoded", "name=%00%01%E2%80%AE")
			if r.status != http.StatusBadRequest || !strings.Contains(r.body, "cannot be shown") {
				t.Fatalf("control-only name: %d %.200q", r.status, r.body)
			}
			b.do("POST", "/en/progress/name", "application/x-www-form-urlencoded", "name="+url.QueryEscape("\u202eAda\u2066"))
			ls, _ := e.store.Learners(context.Background())
			if len(ls) != 1 || ls[0].DisplayName != "Ada" {
				t.Errorf("learners %+v, want one named Ada without bidi controls", ls)
			}
		})
	}
}

// TestTruncatedBodyIs400 answers 400, not 500, to a body that stops short
// of its Content-Length.
func TestTruncatedBodyIs400(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	srv := httptest.NewServer(e.h)
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\":")
	_ = c.(*net.TCPConn).CloseWrite()
	b, _ := io.ReadAll(c)
	if !strings.HasPrefix(string(b), "HTTP/1.1 400") {
		t.Errorf("truncated body: %.120q, want 400", b)
	}
}

// TestHeadWhereverGet answers HEAD on pages with GET's headers and no body,
// and 405 on event streams.
func TestHeadWhereverGet(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, path := range []string{"/en/", "/fr/lessons/json-rpc", "/en/exercises", "/en/progress", "/healthz"} {
		get := e.do(t, "GET", path, nil)
		head := e.do(t, "HEAD", path, nil)
		if head.Code != get.Code || head.Header().Get("Content-Type") != get.Header().Get("Content-Type") {
			t.Errorf("HEAD %s = %d %q, GET = %d %q", path, head.Code, head.Header().Get("Content-Type"), get.Code, get.Header().Get("Content-Type"))
		}
	}
	for _, path := range []string{"/mcp", "/api/console/events"} {
		if rec := e.do(t, "HEAD", path, nil); rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("HEAD %s = %d, want 405", path, rec.Code)
		}
	}
}

// TestNotFormBeforeTheGates: the form check comes before the workshop's
// join gate and the instructor's sign-in, so a POST that is not a form is
// a 415 for someone who has not joined or signed in too, not a redirect;
// a form from them still meets the gate.
func TestNotFormBeforeTheGates(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	ex := e.exerciseOfKind(t, exercise.KindFix)
	for _, path := range []string{"/en/exercises/" + ex.ID, "/fr/explain", "/en/progress/name", "/instructor/assignments", "/instructor/login"} {
		rec := e.do(t, "POST", path, strings.NewReader(`{"answer":"x"}`), "Content-Type", "application/json")
		if rec.Code != http.StatusUnsupportedMediaType {
			t.Errorf("JSON to %s: %d, want 415", path, rec.Code)
		}
	}
	for path, want := range map[string]int{"/en/exercises/" + ex.ID: http.StatusSeeOther, "/instructor/assignments": http.StatusUnauthorized} {
		rec := e.do(t, "POST", path, strings.NewReader("answer=x"), "Content-Type", "application/x-www-form-urlencoded")
		if rec.Code != want {
			t.Errorf("a form to %s: %d, want %d (the gate)", path, rec.Code, want)
		}
	}
}
