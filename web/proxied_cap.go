package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
)

// proxiedCap is guard.ProxiedCap with the client address Gin reads
// (X-Forwarded-For from a trusted proxy): behind HAProxy, each client
// holds at most ConnsPerAddr requests at once.
func (s *Server) proxiedCap() guard.Middleware {
	return guard.ProxiedCap(guard.ProxiedConfig{
		Trusted:  guard.ParseTrusted(s.cfg.TrustedProxies),
		PerAddr:  s.cfg.ConnsPerAddr,
		ClientIP: func(w http.ResponseWriter, _ *http.Request) string { return ginOf(w).ClientIP() },
		Refuse: func(w http.ResponseWriter, _ *http.Request) {
			c := ginOf(w)
			c.Header("Retry-After", "1")
			c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": "too many requests at once from this address"})
		},
	})
}
