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

// archiveRows lists the archived rooms for the dashboard, each with its
// gradebook, exports and erase links.
func (s *Server) archiveRows(c *gin.Context, l i18n.Lang) ([]view.ArchiveRow, error) {
	archives, err := s.store.Archives(c.Request.Context())
	if err != nil {
		return nil, err
	}
	u := i18n.UniversityFor(l)
	var out []view.ArchiveRow
	for _, a := range archives {
		q := "?archive=" + strconv.FormatInt(a.ID, 10)
		out = append(out, view.ArchiveRow{
			Title:        fmt.Sprintf(u.ArchiveOf, a.ID, a.CreatedAt.Format("2006-01-02 15:04")),
			Summary:      i18n.Sprintf(l, u.ArchiveSummary, a.Learners, a.Attempts),
			GradebookURL: "/instructor/gradebook" + q, ExportCSV: "/instructor/export.csv" + q,
			ExportJSONL: "/instructor/attempts.jsonl" + q, EraseURL: fmt.Sprintf("/instructor/archives/%d/erase", a.ID),
		})
	}
	return out, nil
}

// archiveEraseShow asks before erasing an archived room for good.
func (s *Server) archiveEraseShow(c *gin.Context) error {
	l := langOf(c)
	vm, err := s.archiveEraseVM(c, l)
	if err != nil {
		return err
	}
	s.render(c, http.StatusOK, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

func (s *Server) archiveEraseVM(c *gin.Context, l i18n.Lang) (view.ConfirmVM, error) {
	u := i18n.UniversityFor(l)
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return view.ConfirmVM{}, &httpError{status: http.StatusNotFound, msg: u.UnknownArchive}
	}
	return view.ConfirmVM{
		T: i18n.InstructorFor(l), Title: fmt.Sprintf(u.EraseArchiveTitle, id), Body: u.EraseArchiveBody,
		Action: c.Request.URL.Path, Back: "/instructor",
	}, nil
}

// archiveErase erases an archived room once confirmed: erasing is its own
// explicit action, never a side effect of a reset.
func (s *Server) archiveErase(c *gin.Context) error {
	l := langOf(c)
	vm, err := s.archiveEraseVM(c, l)
	if err != nil {
		return err
	}
	if c.PostForm("confirm") != "yes" {
		vm.Error = i18n.InstructorFor(l).ConfirmMissing
		s.render(c, http.StatusUnprocessableEntity, view.Confirm(s.instructorFrame(c, l, vm.Title), vm))
		return nil
	}
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	n, err := s.store.EraseArchive(c.Request.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return &httpError{status: http.StatusNotFound, msg: i18n.UniversityFor(l).UnknownArchive}
	}
	if err != nil {
		return err
	}
	s.log.Info("instructor erased an archived room", "archive", id, "learners_erased", n)
	c.Redirect(http.StatusSeeOther, "/instructor")
	return nil
}
