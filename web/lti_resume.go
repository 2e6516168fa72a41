package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// ltiResume continues a launch in a new window, where the LMS's iframe
// could not keep cookies: a single-use ticket of the launch's page
// (ltiHandoff) signs the same learner in, and opens the page.
func (s *Server) ltiResume(c *gin.Context) error {
	learnerID, course, next, ok := s.openTicket(c.Request.Context(), c.Query("t"))
	if !ok {
		return &httpError{status: http.StatusForbidden, msg: "LTI: this link has expired or was already used: open the activity again from the course"}
	}
	token, err := s.store.IssueLearnerToken(c.Request.Context(), learnerID)
	if err != nil {
		return err
	}
	setCrossSiteCookie(c, learnerCookie, token, "/", learnerCookieAge, true)
	if course > 0 {
		s.setCourseInstructor(c, course)
	}
	c.Header("Cache-Control", "no-store")
	c.Redirect(http.StatusSeeOther, next)
	return nil
}
