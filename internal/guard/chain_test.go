package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"

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
