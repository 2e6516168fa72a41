package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// Resets erase data, so each one is two steps: a GET shows what will be
// erased with a checkbox to tick, and only a POST with confirm=yes erases.

// learnerParam finds the learner named in the URL.
func (s *Server) learnerParam(c *gin.Context, t *i18n.InstructorUI) (store.Learner, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	l, err := s.store.LearnerByID(c.Request.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	return l, err
}

func (s *Server) learnerResetVM(c *gin.Context, t *i18n.InstructorUI, l store.Learner) view.ConfirmVM {
	return view.ConfirmVM{
		T: t, Title: fmt.Sprintf(t.ResetLearnerTitle, learnerLabel(t, l)), Body: t.ResetLearnerBody,
		Action: c.Request.URL.Path, Back: "/instructor",
	}
}

// learnerResetShow asks before erasing one learner's progress.
func (s *Server) learnerResetShow(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	vm := s.learnerResetVM(c, t, learner)
	s.render(c, http.StatusOK, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

// learnerReset erases one learner's progress once confirmed.
func (s *Server) learnerReset(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	learner, err := s.learnerParam(c, t)
	if err != nil {
		return err
	}
	if c.PostForm("confirm") != "yes" {
		vm := s.learnerResetVM(c, t, learner)
		vm.Error = t.ConfirmMissing
		s.render(c, http.StatusUnprocessableEntity, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
		return nil
	}
	if err := s.store.ResetLearner(c.Request.Context(), learner.ID); err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor reset a learner", "learner", learner.ID)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor?done=learner&id=%d", learner.ID))
	return nil
}

func (s *Server) workshopResetVM(c *gin.Context, t *i18n.InstructorUI) (view.ConfirmVM, error) {
	learners, err := s.store.Learners(c.Request.Context())
	if err != nil {
		return view.ConfirmVM{}, err
	}
	attempts, err := s.store.CountAttempts(c.Request.Context())
	if err != nil {
		return view.ConfirmVM{}, err
	}
	return view.ConfirmVM{
		T: t, Title: t.ResetWorkshopTitle, Body: fmt.Sprintf(t.ResetWorkshopBody, len(learners), attempts),
		Action: "/instructor/reset", Back: "/instructor",
	}, nil
}

// workshopResetShow asks before erasing the whole workshop.
func (s *Server) workshopResetShow(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	vm, err := s.workshopResetVM(c, t)
	if err != nil {
		return err
	}
	s.render(c, http.StatusOK, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

// workshopReset erases every learner once confirmed.
func (s *Server) workshopReset(c *gin.Context) error {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	if c.PostForm("confirm") != "yes" {
		vm, err := s.workshopResetVM(c, t)
		if err != nil {
			return err
		}
		vm.Error = t.ConfirmMissing
		s.render(c, http.StatusUnprocessableEntity, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
		return nil
	}
	n, err := s.store.ResetWorkshop(c.Request.Context())
	if err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor reset the workshop", "learners_removed", n)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor?done=workshop&n=%d", n))
	return nil
}
