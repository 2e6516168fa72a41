package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
)

// proxiedCap is the middleware of that bound: requests that came through
// a trusted proxy hold one of their client's slots while they run.
func (s *Server) proxiedCap(c *gin.Context) {
	if len(s.proxies) == 0 || !s.proxies.Contains(c.RemoteIP()) {
		c.Next()
		return
	}
	release, err := s.proxied.Take(guard.AddrKey(c.ClientIP()))
	if err != nil {
		c.Header("Retry-After", "1")
		c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": "too many requests at once from this address"})
		return
	}
	defer release()
	c.Next()
}
