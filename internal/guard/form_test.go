package guard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// errReader gives some bytes, then fails as a connection cut short does.
type errReader struct{ r io.Reader }

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, io.ErrUnexpectedEOF
	}
	return n, err
}

// TestFormOnly: a POST that is not a form is refused, a form cut short
// too; a form is read whole before the handler, except on a route that
// reads its own; other methods pass.
func TestFormOnly(t *testing.T) {
	var answered string
	cfg := FormConfig{
		NotForm: func(w http.ResponseWriter, _ *http.Request) { answered = "not a form"; w.WriteHeader(415) },
		Cut:     func(w http.ResponseWriter, _ *http.Request) { answered = "cut"; w.WriteHeader(400) },
	}
	handler := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		_, buffered := r.Body.(*limitedBody)
		answered = "handler, buffered " + map[bool]string{true: "yes", false: "no"}[buffered]
	})
	reads := FormOnly(cfg)(handler)
	cfg.ReadsItself = true
	readsItself := FormOnly(cfg)(handler)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/explain" {
			readsItself.ServeHTTP(w, r)
			return
		}
		reads.ServeHTTP(w, r)
	})
	const form = "application/x-www-form-urlencoded"
	for _, c := range []struct {
		name, method, path, ctype string
		body                      io.Reader
		want                      string
	}{
		{"form", "POST", "/answer", form, strings.NewReader("a=1"), "handler, buffered yes"},
		{"multipart", "POST", "/answer", "multipart/form-data; boundary=x", strings.NewReader("--x--"), "handler, buffered yes"},
		{"json", "POST", "/answer", "application/json", strings.NewReader("{}"), "not a form"},
		{"no type", "POST", "/answer", "", strings.NewReader("a=1"), "not a form"},
		{"cut short", "POST", "/answer", form, &errReader{strings.NewReader("a=")}, "cut"},
		{"reads itself", "POST", "/explain", form, &errReader{strings.NewReader("a=")}, "handler, buffered no"},
		{"reads itself, json", "POST", "/explain", "application/json", strings.NewReader("{}"), "not a form"},
		{"get", "GET", "/answer", "", nil, "handler, buffered no"},
	} {
		answered = ""
		req := httptest.NewRequest(c.method, c.path, c.body)
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		h.ServeHTTP(httptest.NewRecorder(), req)
		if diff := cmp.Diff(c.want, answered); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}
