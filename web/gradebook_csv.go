package web

import (
	"encoding/csv"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// gradebookCSV writes the gradebook for a spreadsheet or an LMS import:
// the header learner,name,<exercise id>…,passed,percent,email,lms_user_id,
// joined_by, then one row per learner of the room (those who never
// answered included), 1 for a passed exercise and 0 otherwise. The
// learner is the university's id for a roster student, the playground's
// id otherwise; email and lms_user_id (the LMS's user id of a learner who
// came by an LTI launch) are what an LMS import matches; joined_by says
// how the learner came: roster, lms or code. With ?excel=1 the file
// starts with a UTF-8 byte order mark, so Excel reads accents right.
func (s *Server) gradebookCSV(c *gin.Context) error {
	g, err := s.gradebookFor(c)
	if err != nil {
		return err
	}
	lms, err := s.store.LTIUserIDs(c.Request.Context())
	if err != nil {
		return err
	}
	s.attachment(c, "gradebook.csv", "text/csv; charset=utf-8")
	c.Status(http.StatusOK)
	if c.Query("excel") == "1" {
		_, _ = c.Writer.WriteString("\ufeff")
	}
	w := csv.NewWriter(c.Writer)
	head := []string{"learner", "name"}
	for _, ex := range g.Exercises {
		head = append(head, ex.ID)
	}
	_ = w.Write(append(head, "passed", "percent", "email", "lms_user_id", "joined_by"))
	for _, l := range g.Book.Learners {
		row := []string{csvCell(l.Key()), csvCell(l.DisplayName)}
		for _, ex := range g.Exercises {
			cell := "0"
			if g.Counts(l.ID, ex.ID) {
				cell = "1"
			}
			row = append(row, cell)
		}
		n, pct := g.Total(l.ID)
		_ = w.Write(append(row, strconv.Itoa(n), pct, csvCell(l.Email), csvCell(lms[l.ID]), joinedBy(l, lms)))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		s.exportCut(c, "export the gradebook", err)
	}
	return nil
}

// joinedBy says how a learner came: from the roster, an LMS launch, or
// the room's code.
func joinedBy(l store.Learner, lms map[int64]string) string {
	switch {
	case l.StudentID != "":
		return "roster"
	case lms[l.ID] != "":
		return "lms"
	}
	return "code"
}
