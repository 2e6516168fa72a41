package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// ltiKeyRotate makes a new signing key, as `playground lti rotate-key`
// does; the previous one stays published.
func (s *Server) ltiKeyRotate(c *gin.Context) error {
	if _, err := s.lti.svc.RotateKey(c.Request.Context()); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/instructor/lti?done=rotated")
	return nil
}
