package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/guard"
)

type guardedKey struct{}

// TestGuarded: a guard that hands the request on runs the rest of the Gin
// chain inside it, with the request it handed on; one that answers
// aborts the chain; a guard's callback finds the Gin context.
func TestGuarded(t *testing.T) {
	t.Parallel()
	pass := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Guard", "before")
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), guardedKey{}, "handed on")))
			ginOf(w).Set("after", "the chain ran inside the guard")
		})
	}
	refuse := func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			ginOf(w).String(http.StatusTeapot, "refused by "+ginOf(w).FullPath())
		})
	}
	for _, c := range []struct {
		name   string
		guard  guard.Middleware
		status int
		body   string
		ran    []string
	}{
		{"pass", pass, http.StatusOK, "handed on", []string{"handler", "after: the chain ran inside the guard"}},
		{"refuse", refuse, http.StatusTeapot, "refused by /x", []string{"after: "}},
		{"chain", guard.Chain(pass, refuse), http.StatusTeapot, "refused by /x", []string{"after: the chain ran inside the guard"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ran []string
			r := gin.New()
			r.Use(func(ctx *gin.Context) {
				ctx.Next()
				ran = append(ran, "after: "+ctx.GetString("after"))
			})
			r.GET("/x", guarded(c.guard), func(ctx *gin.Context) {
				ran = append(ran, "handler")
				v, _ := ctx.Request.Context().Value(guardedKey{}).(string)
				ctx.String(http.StatusOK, v)
			})
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
			got := []any{rec.Code, rec.Body.String(), ran}
			if diff := cmp.Diff([]any{c.status, c.body, c.ran}, got); diff != "" {
				t.Errorf("status, body, what ran (-want +got):\n%s", diff)
			}
		})
	}
}
