package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// discard is a ResponseWriter that keeps nothing, so the benchmarks measure
// the handler chain and not the recorder.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkLessonPage serves a pre-rendered lesson through the real router;
// BenchmarkLessonPageBareGin writes the same bytes from a bare Gin handler.
// The ratio is what the middleware and the lookup cost.
func BenchmarkLessonPage(b *testing.B) {
	e := newTestEnv(b, Config{})
	req := httptest.NewRequest("GET", "/en/lessons/requests", nil)
	b.ReportAllocs()
	for b.Loop() {
		e.h.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}

func BenchmarkLessonPageBareGin(b *testing.B) {
	e := newTestEnv(b, Config{})
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, httptest.NewRequest("GET", "/en/lessons/requests", nil))
	body := rec.Body.Bytes()
	g := gin.New()
	g.GET("/en/lessons/:slug", func(c *gin.Context) { c.Data(200, "text/html; charset=utf-8", body) })
	req := httptest.NewRequest("GET", "/en/lessons/requests", nil)
	b.ReportAllocs()
	for b.Loop() {
		g.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}
