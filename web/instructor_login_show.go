package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// instructorLoginShow asks for the instructor token; an instructor who is
// already signed in goes straight on.
func (s *Server) instructorLoginShow(c *gin.Context) error {
	next := safeNext(c.Query("next"), "/instructor")
	if ok, _ := s.isInstructor(c); ok {
		c.Redirect(http.StatusSeeOther, next)
		return nil
	}
	s.renderLogin(c, http.StatusOK, next, "")
	return nil
}
