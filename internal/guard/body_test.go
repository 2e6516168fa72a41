package guard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLimitBody: a body past the bound is an error IsBodyTooLarge knows;
// a route that raises the bound reads the body whole up to its own.
func TestLimitBody(t *testing.T) {
	type read struct {
		N        int
		TooLarge bool
	}
	var got read
	handler := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		got = read{len(b), IsBodyTooLarge(err)}
	})
	limited := LimitBody(10)(handler)
	raised := LimitBody(10)(RaiseBodyLimit(100)(handler))
	for _, c := range []struct {
		name string
		h    http.Handler
		size int
		want read
	}{
		{"within", limited, 10, read{10, false}},
		{"past", limited, 11, read{10, true}},
		{"raised, within", raised, 100, read{100, false}},
		{"raised, past", raised, 101, read{100, true}},
	} {
		got = read{}
		c.h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", c.size))))
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}
