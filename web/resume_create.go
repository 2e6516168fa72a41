package web

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// resumeCreate adopts, on this device, the identity that owns a resume
// code: the browser gets a new token of that learner. Wrong codes are
// counted per network (guard.CodeGuard), so guessing codes online is slow on top
// of being hopeless (40 bits).
func (s *Server) resumeCreate(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	fail := func(status int, msg string) error {
		vm, err := s.progressVM(c, l)
		if err != nil {
			return err
		}
		vm.ResumeError = msg
		s.renderProgress(c, status, l, vm)
		return nil
	}
	if err := parseForm(c, x); err != nil {
		return err
	}
	ip := c.ClientIP()
	if !s.resumeGuard.Allow(ip, s.now()) {
		return fail(http.StatusTooManyRequests, x.ResumeTooMany)
	}
	learner, token, err := s.store.AdoptByResumeCode(c.Request.Context(), c.PostForm("code"))
	if errors.Is(err, store.ErrNotFound) {
		s.resumeGuard.Fail(ip, "form", s.now())
		return fail(http.StatusBadRequest, x.ResumeBad)
	}
	if err != nil {
		return err
	}
	s.setLearnerCookie(c, token)
	c.Set(learnerKey, learner)
	c.Redirect(http.StatusSeeOther, "/"+string(l)+"/progress?done=resume")
	return nil
}
