package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// instructorLogout forgets the session in this browser.
func (s *Server) instructorLogout(c *gin.Context) error {
	s.instructor.setCookie(c, "", -1)
	c.Redirect(http.StatusSeeOther, "/instructor/login")
	return nil
}
