package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// instructorLoginCreate checks the token and gives the browser an
// instructor session. Wrong tokens are counted per address; the form is
// protected from other sites by the cross-origin middleware.
func (s *Server) instructorLoginCreate(c *gin.Context) error {
	t := i18n.InstructorFor(langOf(c))
	next := safeNext(c.Query("next"), "/instructor")
	ip := c.ClientIP()
	now := s.now()
	if !s.instructorGuard.allow(ip, now) {
		s.renderLogin(c, http.StatusTooManyRequests, next, t.LoginTooMany)
		return nil
	}
	if !s.instructor.checkToken(c.PostForm("token")) {
		s.instructorGuard.fail(ip, now)
		s.log.Warn("wrong instructor token", "addr", ip)
		s.renderLogin(c, http.StatusUnauthorized, next, t.LoginBad)
		return nil
	}
	s.instructor.setCookie(c, s.instructor.newSession(now), int(instructorSessionAge.Seconds()))
	s.log.Info("instructor signed in", "addr", ip)
	c.Redirect(http.StatusSeeOther, next)
	return nil
}
