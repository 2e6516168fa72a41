package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSecurityHeaders: every response carries them, and one response
// adding to a header does not change the next one's.
func TestSecurityHeaders(t *testing.T) {
	h := SecurityHeaders()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/add" {
			w.Header().Add("Referrer-Policy", "no-referrer")
		}
	}))
	want := http.Header{
		"Content-Security-Policy":    {ContentSecurityPolicy},
		"X-Content-Type-Options":     {"nosniff"},
		"Referrer-Policy":            {"same-origin"},
		"Cross-Origin-Opener-Policy": {"same-origin"},
	}
	for _, path := range []string{"/add", "/", "/add"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		got := rec.Header().Clone()
		if path == "/add" {
			got["Referrer-Policy"] = got["Referrer-Policy"][:1]
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: headers (-want +got):\n%s", path, diff)
		}
	}
}
