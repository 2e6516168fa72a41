package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// instructorLoginShow asks for the instructor token; an instructor who is
// already signed in goes straight on.
func (s *Server) instructorLoginShow(c *gin.Context) error {
	next := safeNext(c.Query("next"), "/instructor")
	// Only a session cookie counts here (a signed one cannot be guessed),
	// so showing the form never waits for the sign-in guard.
	if v, err := c.Cookie(instructorCookie); err == nil && s.instructor.validSession(c.Request.Context(), v, s.now()) {
		c.Redirect(http.StatusSeeOther, next)
		return nil
	}
	s.renderLogin(c, http.StatusOK, next, "")
	return nil
}
