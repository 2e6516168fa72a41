package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// extensionSave gives a learner of the room their own due time for an
// assignment, or removes it when the due time is empty.
func (s *Server) extensionSave(c *gin.Context) error {
	l := langOf(c)
	t := i18n.AssignmentsFor(l)
	ctx := c.Request.Context()
	refuse := func(problem string) error {
		return s.renderAssignments(c, http.StatusUnprocessableEntity, "", i18n.Sprintf(l, t.BadExtension, problem), view.AssignmentForm{}, nil)
	}
	course, err := s.assignmentRoom(c)
	if err != nil {
		return err
	}
	a, err := s.store.AssignmentByID(ctx, course, c.PostForm("assignment"))
	if err != nil {
		return assignmentMissing(err, c.PostForm("assignment"))
	}
	id, err := strconv.ParseInt(c.PostForm("learner"), 10, 64)
	if err != nil {
		return refuse(t.NoLearner)
	}
	learner, err := s.store.LearnerByID(ctx, id)
	if err == nil && course > 0 && !s.inCourse(c, course, id) {
		err = store.ErrNotFound // not a learner of this room
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && learner.ArchiveID != 0) {
		return refuse(t.NoLearner)
	}
	if err != nil {
		return err
	}
	var due time.Time
	if v := strings.TrimSpace(c.PostForm("due")); v != "" {
		var ok bool
		if due, ok = parseDue(v, s.now()); !ok {
			return refuse(t.BadDue)
		}
	}
	if err := s.store.SetExtension(ctx, a.ID, learner.ID, due); err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor set an extension", "assignment", a.ID, "learner", learner.ID, "removed", due.IsZero())
	c.Redirect(http.StatusSeeOther, inRoom("/instructor/assignments", course, url.Values{"done": {"extension"}}))
	return nil
}
