package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// methodNotAllowed answers a known address asked with a method it does not
// take: 405, with the Allow header the router set (HEAD beside GET, which
// headAsGet answers), not a 404 that says the page does not exist.
func (s *Server) methodNotAllowed(c *gin.Context) error {
	allow := c.Writer.Header().Get("Allow")
	if strings.Contains(allow, http.MethodGet) && !isEventStream(c.Request.URL.Path) {
		c.Header("Allow", allow+", "+http.MethodHead)
	}
	return &httpError{status: http.StatusMethodNotAllowed, msg: "this address does not take " + c.Request.Method + "; it takes " + c.Writer.Header().Get("Allow")}
}
