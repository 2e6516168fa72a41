package web

import (
	"net"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Listener wraps ln with the server's connection bounds: ConnsPerAddr per
// client network, MaxConns overall. A trusted proxy's connections count
// only overall; proxiedCap holds each client behind it to ConnsPerAddr
// requests at once instead, so behind HAProxy the bound applies to the
// address the proxy reports, not to the proxy.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return LimitListener(ln, ListenerLimits{PerAddr: s.cfg.ConnsPerAddr, Overall: s.cfg.MaxConns, Trusted: s.cfg.TrustedProxies})
}

// proxiedCap is the middleware of that bound: requests that came through
// a trusted proxy hold one of their client's slots while they run.
func (s *Server) proxiedCap(c *gin.Context) {
	if len(s.proxies) == 0 || !(&limitListener{trusted: s.proxies}).isTrusted(c.RemoteIP()) {
		c.Next()
		return
	}
	release, err := s.proxied.take(addrKey(c.ClientIP()))
	if err != nil {
		c.Header("Retry-After", "1")
		c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": "too many requests at once from this address"})
		return
	}
	defer release()
	c.Next()
}
