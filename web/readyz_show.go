package web

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// Drain marks the server as stopping: /readyz answers 503 from now on, so
// that a proxy sends new requests to the other instances while this one
// finishes those in flight.
func (s *Server) Drain() { s.health.draining.Store(true) }

// readyzShow is what a proxy checks before sending traffic here: 200 when
// the server is not draining and its database accepts a write; 503 with
// the reason otherwise.
func (s *Server) readyzShow(c *gin.Context) error {
	if s.health.draining.Load() {
		c.String(http.StatusServiceUnavailable, "draining: this instance is stopping\n")
		return nil
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.probe(ctx); err != nil {
		c.String(http.StatusServiceUnavailable, "database cannot write: %v\n", err)
		return nil
	}
	c.String(http.StatusOK, "ready\n")
	return nil
}
