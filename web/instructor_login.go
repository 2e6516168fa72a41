package web

import (
	"net/http"
	"net/url"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// instructorLoginShow asks for the instructor token; an instructor who is
// already signed in goes straight on.
func (s *Server) instructorLoginShow(c *gin.Context) error {
	next := safeNext(c.Query("next"), "/instructor")
	if s.isInstructor(c) {
		c.Redirect(http.StatusSeeOther, next)
		return nil
	}
	s.renderLogin(c, http.StatusOK, next, "")
	return nil
}

// instructorLoginCreate checks the token and gives the browser an
// instructor session. Wrong tokens are counted per address; the form is
// protected from other sites by the cross-origin middleware.
func (s *Server) instructorLoginCreate(c *gin.Context) error {
	t := i18n.InstructorFor(langOf(c))
	next := safeNext(c.Query("next"), "/instructor")
	ip := c.ClientIP()
	now := time.Now()
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

// instructorLogout forgets the session in this browser.
func (s *Server) instructorLogout(c *gin.Context) error {
	s.instructor.setCookie(c, "", -1)
	c.Redirect(http.StatusSeeOther, "/instructor/login")
	return nil
}

func (s *Server) renderLogin(c *gin.Context, status int, next, msg string) {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	f := s.instructorFrame(c, l, t.LoginTitle)
	action := "/instructor/login?next=" + url.QueryEscape(next)
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.InstructorLogin(f, view.InstructorLoginVM{T: t, Action: action, Error: msg}, s.assets.URL("js/instructor.js")))
}

// instructorFrame is the page frame of the instructor's pages: they have no
// /{lang}/ prefix, so the language switch adds ?lang= instead.
func (s *Server) instructorFrame(c *gin.Context, l i18n.Lang, title string) view.Frame {
	f := s.frame(c, l, title, "")
	q := c.Request.URL.Query()
	q.Set("lang", string(l.Other()))
	f.AltURL = c.Request.URL.Path + "?" + q.Encode()
	f.BodyClass = "instructor"
	return f
}
