package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// instructorLoginCreate checks the token and gives the browser an
// instructor session. The attempt is decided once the form has arrived
// whole, and wrong tokens are slowed per address (signin_guard.go); the
// form is protected from other sites by the cross-origin middleware.
func (s *Server) instructorLoginCreate(c *gin.Context) error {
	t := i18n.InstructorFor(langOf(c))
	next := safeNext(c.Query("next"), "/instructor")
	if err := c.Request.ParseForm(); err != nil {
		return badRequest("the sign-in form could not be read")
	}
	ip, now := c.ClientIP(), s.now()
	ok := s.instructor.checkToken(c.PostForm("token"))
	if s.instructorGuard.decided(c.Request.Context(), ip, "form", ok, now) {
		s.renderLogin(c, http.StatusTooManyRequests, next, t.LoginTooMany)
		return nil
	}
	if !ok {
		s.renderLogin(c, http.StatusUnauthorized, next, t.LoginBad)
		return nil
	}
	session, err := s.instructor.newSession(c.Request.Context(), now)
	if err != nil {
		return err
	}
	s.instructor.setCookie(c, session, int(instructorSessionAge.Seconds()))
	s.log.Info("instructor signed in", "addr", ip)
	c.Redirect(http.StatusSeeOther, next)
	return nil
}
