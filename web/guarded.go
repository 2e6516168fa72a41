package web

import (
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
)

// guarded turns a guard's middleware (internal/guard) into a Gin handler:
// the guard sees the request first; when it hands it on, the rest of the
// Gin chain runs (c.Next) inside it, and when it does not (a refusal it
// answered), the chain is aborted. The guard is built around the chain's
// rest once, not per request.
//
// The handlers after a guard write to c.Writer: a guard here may set
// headers and answer a refusal, not wrap the writer. The writer a guard
// is given carries the Gin context, for the callbacks of web it calls
// (ginOf).
func guarded(m guard.Middleware) gin.HandlerFunc {
	h := m(http.HandlerFunc(ginNext))
	return func(c *gin.Context) {
		w := ginWriters.Get().(*ginWriter)
		*w = ginWriter{ResponseWriter: c.Writer, c: c}
		h.ServeHTTP(w, c.Request)
		next := w.next
		*w = ginWriter{}
		ginWriters.Put(w)
		if !next {
			c.Abort()
		}
	}
}

// ginWriters are reused from one request to the next: a guard on every
// page must cost the lesson page no allocation. As net/http's contract
// says of a ResponseWriter, nothing may use one once its request is
// served, and the Gin chain is over when the guard returns.
var ginWriters = sync.Pool{New: func() any { return new(ginWriter) }}

// ginNext is the handler a guard wraps: the rest of the Gin chain.
func ginNext(w http.ResponseWriter, r *http.Request) {
	gw := ginWriterOf(w)
	gw.next = true
	gw.c.Request = r
	gw.c.Next()
}

// ginWriter is the writer guarded gives a guard.
type ginWriter struct {
	gin.ResponseWriter
	c    *gin.Context
	next bool // the guard handed the request on
}

// Unwrap is the Gin writer, for http.ResponseController (BodyDeadline).
func (w *ginWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ginOf is the Gin context of the request a guard calls back about.
func ginOf(w http.ResponseWriter) *gin.Context { return ginWriterOf(w).c }

func ginWriterOf(w http.ResponseWriter) *ginWriter {
	for {
		switch v := w.(type) {
		case *ginWriter:
			return v
		case interface{ Unwrap() http.ResponseWriter }:
			w = v.Unwrap()
		default:
			panic("web: a guard was given a writer without the Gin context")
		}
	}
}
