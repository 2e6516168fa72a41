package web

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// healthzShow answers 200 when the database answers, for probes and scripts.
func (s *Server) healthzShow(c *gin.Context) error {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Error("health check failed", "err", err)
		c.String(http.StatusServiceUnavailable, "database unavailable\n")
		return nil
	}
	c.String(http.StatusOK, "ok\n")
	return nil
}
