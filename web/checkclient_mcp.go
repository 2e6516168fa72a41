package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// checkClientMCP is a learner's personal URL, /mcp/check/KEY: the checking
// server their client talks to. Anyone holding the key talks to that run
// only; nothing here reads a verdict (the learner's page does, by cookie).
func (s *Server) checkClientMCP(c *gin.Context) {
	cc := s.clientChecks.ofKey(c.Param("key"))
	if cc == nil {
		c.String(http.StatusNotFound, "Not Found: no check-client run has this URL; get yours on the exercise's page\n")
		return
	}
	sess, ok := cc.session(s.clientChecks, isInitialize(c.Request), s.now())
	if !ok {
		c.Header("Retry-After", "60")
		c.String(http.StatusServiceUnavailable, "Service Unavailable: too many clients are being checked; try again in a minute\n")
		return
	}
	sess.ServeHTTP(c.Writer, c.Request)
}
