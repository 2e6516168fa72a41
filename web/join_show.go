package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// joinShow is the page where a learner enters the join code and a name.
// Outside a workshop, or once joined, it goes on to the course.
func (s *Server) joinShow(c *gin.Context) error {
	l := langOf(c)
	home := "/" + string(l) + "/"
	if code := c.Query("student"); code != "" {
		return s.personalJoinShow(c, code)
	}
	if s.cfg.JoinCode == "" {
		c.Redirect(http.StatusSeeOther, home)
		return nil
	}
	if learner, ok, err := s.currentLearner(c); err != nil {
		return err
	} else if ok && learner.DisplayName != "" {
		c.Redirect(http.StatusSeeOther, localPath(c.Query("next"), home))
		return nil
	}
	s.renderJoin(c, http.StatusOK, "", "", "")
	return nil
}

// joinNotice is what the join page says before the form: why the learner
// is here again after a workshop reset.
func joinNotice(c *gin.Context, w *i18n.WorkshopUI) string {
	if c.Query("reset") == "1" {
		return w.WasReset
	}
	return ""
}

func (s *Server) renderJoin(c *gin.Context, status int, name, field, msg string) {
	l := langOf(c)
	w := i18n.WorkshopFor(l)
	action := c.Request.URL.Path
	if next := c.Query("next"); next != "" {
		action += "?" + c.Request.URL.Query().Encode()
	}
	vm := view.JoinVM{
		W: w, X: i18n.ExerciseFor(l), Action: action,
		ResumeURL: "/" + string(l) + "/progress/resume",
		Name:      name, Error: msg, ErrorField: field,
	}
	vm.Notice = joinNotice(c, w)
	if field == "name" {
		// The code was right: keep it, so only the name needs fixing.
		vm.Code = c.PostForm("code")
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Join(s.frame(c, l, w.JoinTitle, ""), vm))
}

// personalJoinShow is a roster student's personal link: it says whose it
// is and continues, with one click, as that student (the code is their
// resume code; the POST is first-party like every write). An unknown code
// shows the ordinary join page, and counts as a wrong code like the
// form's: a link is guessed no faster than the form.
func (s *Server) personalJoinShow(c *gin.Context, code string) error {
	l := langOf(c)
	u := i18n.UniversityFor(l)
	ip := c.ClientIP()
	if !s.resumeGuard.Allow(ip, s.now()) {
		s.renderJoin(c, http.StatusTooManyRequests, "", "", i18n.ExerciseFor(l).ResumeTooMany)
		return nil
	}
	student, err := s.store.LearnerByResumeCode(c.Request.Context(), code)
	if errors.Is(err, store.ErrNotFound) || (err == nil && student.StudentID == "") {
		s.resumeGuard.Fail(ip, "link", s.now())
		s.renderJoin(c, http.StatusNotFound, "", "", i18n.ExerciseFor(l).ResumeBad)
		return nil
	}
	if err != nil {
		return err
	}
	vm := view.PersonalJoinVM{U: u, Intro: fmt.Sprintf(u.PersonalJoinIntro, student.DisplayName), Action: "/" + string(l) + "/progress/resume", Code: student.ResumeCode}
	c.Header("Cache-Control", "no-store")
	c.Header("Referrer-Policy", "no-referrer")
	s.render(c, http.StatusOK, view.PersonalJoin(s.frame(c, l, u.PersonalJoinTitle, ""), vm))
	return nil
}
