package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// lessonRead records that the learner read a lesson. Lesson pages are the
// same for everyone and served from memory, so the page's script reports
// the reading with this small POST instead of the page knowing the learner.
func (s *Server) lessonRead(c *gin.Context) error {
	slug := c.Param("slug")
	if !s.content.Catalog().HasLesson(slug) {
		return &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(apiLang(c)).ErrUnknownLesson}
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return err
	}
	if err := s.store.MarkLessonRead(c.Request.Context(), learner.ID, slug); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
