package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// assignmentSave creates an assignment, or replaces the one with its id,
// from the assignments page's form. A refused form comes back with what
// was typed and what is wrong.
func (s *Server) assignmentSave(c *gin.Context) error {
	l := langOf(c)
	t := i18n.AssignmentsFor(l)
	form := view.AssignmentForm{
		ID: strings.TrimSpace(c.PostForm("id")), Title: strings.TrimSpace(c.PostForm("title")),
		Due: strings.TrimSpace(c.PostForm("due")),
	}
	exs := c.PostFormArray("exercise")
	chosen := map[string]bool{}
	for _, id := range exs {
		chosen[id] = true
	}
	refuse := func(problem string) error {
		return s.renderAssignments(c, http.StatusUnprocessableEntity, "", i18n.Sprintf(l, t.Bad, problem), form, chosen)
	}
	due, ok := parseDue(form.Due, s.now())
	if !ok {
		return refuse(t.BadDue)
	}
	if len(exs) == 0 {
		return refuse(t.NoExercise)
	}
	course, err := s.assignmentRoom(c)
	if err != nil {
		return err
	}
	cat := s.content.Catalog()
	for _, id := range exs {
		if _, ok := cat.Exercise(id); !ok {
			return refuse(i18n.Sprintf(l, t.UnknownExercise, id))
		}
	}
	err = s.store.SaveAssignment(c.Request.Context(), course, store.Assignment{ID: form.ID, Title: form.Title, Due: due, Exercises: exs})
	if errors.Is(err, store.ErrBadAssignment) {
		return refuse(strings.TrimPrefix(err.Error(), store.ErrBadAssignment.Error()+": "))
	}
	if err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor saved an assignment", "assignment", form.ID, "course", course, "exercises", len(exs))
	c.Redirect(http.StatusSeeOther, inRoom("/instructor/assignments", course, url.Values{"done": {"saved"}, "id": {form.ID}}))
	return nil
}

// assignmentDelete removes an assignment and its extensions; attempts
// keep the late marks they were given.
func (s *Server) assignmentDelete(c *gin.Context) error {
	id := c.Param("id")
	course, err := s.assignmentRoom(c)
	if err != nil {
		return err
	}
	if err := s.store.DeleteAssignment(c.Request.Context(), course, id); err != nil {
		return assignmentMissing(err, id)
	}
	s.dashCache.invalidate()
	s.log.Info("instructor deleted an assignment", "assignment", id, "course", course)
	c.Redirect(http.StatusSeeOther, inRoom("/instructor/assignments", course, url.Values{"done": {"deleted"}, "id": {id}}))
	return nil
}
