package web

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
)

// healthState is what /healthz and /readyz share: the last write probe and
// whether the server is draining before it stops.
type healthState struct {
	draining atomic.Bool

	mu   sync.Mutex
	err  error
	busy chan struct{} // closed when the probe in flight ends
}

// probe runs a write probe. One runs at a time: the checks that arrive
// meanwhile share its outcome, so a flood of /healthz costs one write per
// probe's duration, not one per request.
func (s *Server) probe(ctx context.Context) error {
	h := &s.health
	h.mu.Lock()
	if h.busy != nil {
		busy := h.busy
		h.mu.Unlock()
		select {
		case <-busy:
		case <-ctx.Done():
			return ctx.Err()
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.err
	}
	h.busy = make(chan struct{})
	h.mu.Unlock()
	err := s.store.ProbeWrite(ctx)
	h.mu.Lock()
	h.err = err
	close(h.busy)
	h.busy = nil
	h.mu.Unlock()
	return err
}

// version is the program's version as /healthz names it.
func (s *Server) version() string {
	if s.cfg.Version == "" {
		return "(devel)"
	}
	return s.cfg.Version
}

// healthzShow answers 200 when the database accepts a write, and 503 with
// the reason when it does not (a read-only file, a full disk, a database
// gone), for probes and scripts; either way it names the version in the
// X-Playground-Version header.
func (s *Server) healthzShow(c *gin.Context) error {
	c.Header("X-Playground-Version", s.version())
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.probe(ctx); err != nil {
		s.log.Error("health check failed", "err", err)
		c.String(http.StatusServiceUnavailable, "database cannot write: %v\n", err)
		return nil
	}
	c.String(http.StatusOK, "ok\n")
	return nil
}
