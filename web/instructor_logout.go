package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// instructorLogout ends the session on the server, so that a copy of the
// cookie stops working too, and forgets it in this browser.
func (s *Server) instructorLogout(c *gin.Context) error {
	if v, err := c.Cookie(instructorCookie); err == nil {
		if err := s.instructor.revoke(c.Request.Context(), v, s.now()); err != nil {
			return err
		}
	}
	s.instructor.setCookie(c, "", -1)
	c.Redirect(http.StatusSeeOther, "/instructor/login")
	return nil
}
