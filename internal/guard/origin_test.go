package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCrossOrigin: a browser's cross-site POST is refused, unless its
// route is one another site posts to by design; same-site requests,
// reads and requests without browser headers pass.
func TestCrossOrigin(t *testing.T) {
	h := CrossOrigin("POST /lti/launch")(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("ok"))
	}))
	type answer struct {
		Status int
		Body   string
	}
	for _, c := range []struct {
		name, method, path, site string
		want                     answer
	}{
		{"cross-site post", "POST", "/en/exercises/x", "cross-site", answer{403, "cross-origin request refused\n"}},
		{"by design", "POST", "/lti/launch", "cross-site", answer{200, "ok"}},
		{"same origin", "POST", "/en/exercises/x", "same-origin", answer{200, "ok"}},
		{"cross-site read", "GET", "/en/", "cross-site", answer{200, "ok"}},
		{"a script", "POST", "/api/validate", "", answer{200, "ok"}},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		if c.site != "" {
			req.Header.Set("Sec-Fetch-Site", c.site)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if diff := cmp.Diff(c.want, answer{rec.Code, rec.Body.String()}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}
