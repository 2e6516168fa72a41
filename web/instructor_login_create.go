package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
)

// instructorLoginCreate checks the token and gives the browser an
// instructor session. The attempt is decided once the form has arrived
// whole, and answered at its turn when its network is guessing
// (guard.SignInGuard), in its own lane for a browser that signed in before
// (signin_device.go); the form is protected from other sites by the
// cross-origin middleware.
func (s *Server) instructorLoginCreate(c *gin.Context) error {
	t := i18n.InstructorFor(langOf(c))
	next := safeNext(c.Query("next"), "/instructor")
	if err := c.Request.ParseForm(); err != nil {
		return badRequest("the sign-in form could not be read")
	}
	ip, now := c.ClientIP(), s.now()
	v, retry := s.instructorGuard.Decide(c.Request.Context(), s.guessLane(c), "form", s.instructor.checkToken(c.PostForm("token")), now)
	switch v {
	case guard.SignInGone:
		c.Abort()
		return nil
	case guard.SignInBusy:
		c.Header("Retry-After", retryAfter(retry))
		s.renderLogin(c, http.StatusTooManyRequests, next, t.LoginTooMany)
		return nil
	case guard.SignInWrong:
		s.renderLogin(c, http.StatusUnauthorized, next, t.LoginBad)
		return nil
	}
	session, err := s.instructor.newSession(c.Request.Context(), now)
	if err != nil {
		return err
	}
	s.instructor.setCookie(c, session, int(instructorSessionAge.Seconds()))
	s.rememberDevice(c)
	s.log.Info("instructor signed in", "addr", ip)
	c.Redirect(http.StatusSeeOther, next)
	return nil
}
