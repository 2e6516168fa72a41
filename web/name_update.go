package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// nameUpdate sets the learner's optional display name from the progress
// page's form; an empty name makes the learner anonymous again. In a
// workshop (a join code is set) names stay unique, as on the join page.
func (s *Server) nameUpdate(c *gin.Context) error {
	l := langOf(c)
	if err := parseForm(c, i18n.ExerciseFor(l)); err != nil {
		return err
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return err
	}
	if learner.StudentID != "" {
		return &httpError{status: http.StatusForbidden, msg: i18n.UniversityFor(l).NameFromRoster}
	}
	raw := c.PostForm("name")
	name := store.CleanDisplayName(raw)
	if name == "" && strings.TrimSpace(raw) != "" {
		return badRequest(i18n.WorkshopFor(l).NameInvisible)
	}
	if s.cfg.JoinCode != "" && name != "" {
		_, _, err = s.store.JoinWorkshop(c.Request.Context(), learner.ID, name)
		if errors.Is(err, store.ErrNameTaken) {
			return &httpError{status: http.StatusConflict, msg: fmt.Sprintf(i18n.WorkshopFor(l).NameTaken, name)}
		}
	} else {
		_, err = s.store.SetDisplayName(c.Request.Context(), learner.ID, name)
	}
	if err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/"+string(l)+"/progress?done=name")
	return nil
}
