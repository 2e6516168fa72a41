package web

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/view"
)

// courseChoices gives the token holder's gradebook its room chooser (the
// workshop and each LMS course); an LMS instructor sees their course only,
// with no chooser.
func (s *Server) courseChoices(c *gin.Context, vm *view.GradebookVM) error {
	if course, held := courseOf(c); held {
		if r, err := s.store.LTIRoomByID(c.Request.Context(), course); err == nil && r.Title != "" {
			vm.Title += " · " + r.Title
		}
		vm.BackURL = ""
		return nil
	}
	rooms, err := s.store.LTIRooms(c.Request.Context())
	if err != nil || len(rooms) == 0 {
		return err
	}
	for _, r := range rooms {
		id := strconv.FormatInt(r.ID, 10)
		label := r.Title
		if label == "" {
			label = r.ContextID
		}
		vm.Courses = append(vm.Courses, view.FilterOption{Value: id, Label: label, Selected: id == vm.Course})
	}
	return nil
}
