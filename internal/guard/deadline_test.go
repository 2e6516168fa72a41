package guard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// deadlineWriter records the read deadlines set through it.
type deadlineWriter struct {
	http.ResponseWriter
	set []string
}

func (w *deadlineWriter) SetReadDeadline(t time.Time) error {
	if t.IsZero() {
		w.set = append(w.set, "lifted")
	} else {
		w.set = append(w.set, "set")
	}
	return nil
}

// wrapper hides the writer below it, as Gin's and web's writers do.
type wrapper struct{ http.ResponseWriter }

func (w wrapper) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// TestBodyDeadline: a request with a body gets a read deadline on the
// connection's own writer, below any wrapper, lifted once the body is read
// whole; a request without one is untouched.
func TestBodyDeadline(t *testing.T) {
	for _, c := range []struct {
		name    string
		body    string
		readAll bool
		want    []string
	}{
		{"body read whole", "a=1", true, []string{"set", "lifted"}},
		{"body left unread", "a=1", false, []string{"set"}},
		{"no body", "", true, nil},
	} {
		dw := &deadlineWriter{ResponseWriter: httptest.NewRecorder()}
		h := BodyDeadline(time.Second)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			if c.readAll {
				_, _ = io.ReadAll(r.Body)
			}
		}))
		var body io.Reader = http.NoBody
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		h.ServeHTTP(wrapper{wrapper{dw}}, httptest.NewRequest("POST", "/", body))
		if diff := cmp.Diff(c.want, dw.set); diff != "" {
			t.Errorf("%s: deadlines (-want +got):\n%s", c.name, diff)
		}
	}
}
