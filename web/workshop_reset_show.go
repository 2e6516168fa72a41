package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

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
