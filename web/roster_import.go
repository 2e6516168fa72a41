package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// rosterImport reads the uploaded roster (student_id,name[,email]) and
// adds or updates its students. A bad file is refused whole, with the line
// and what is wrong, on the roster page.
func (s *Server) rosterImport(c *gin.Context) error {
	fh, err := c.FormFile("roster")
	if err != nil {
		return s.renderRoster(c, http.StatusBadRequest, "", "no file (choose the roster's CSV file)")
	}
	f, err := fh.Open()
	if err != nil {
		return fmt.Errorf("open the uploaded roster: %w", err)
	}
	defer f.Close()
	students, err := store.ParseRoster(f)
	if errors.Is(err, store.ErrBadRoster) {
		return s.renderRoster(c, http.StatusUnprocessableEntity, "", err.Error())
	}
	if err != nil {
		return err
	}
	added, updated, err := s.store.ImportRoster(c.Request.Context(), students)
	if err != nil {
		return err
	}
	s.dashCache.invalidate()
	s.log.Info("instructor imported a roster", "added", added, "updated", updated)
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/instructor/roster?done=roster&added=%d&updated=%d", added, updated))
	return nil
}
