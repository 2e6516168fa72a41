package web

import (
	"encoding/csv"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
)

// gradebookCSV writes the gradebook for a spreadsheet or an LMS import:
// the header learner,name,<exercise id>…,passed,percent, then one row per
// learner of the room (those who never answered included), 1 for a
// passed exercise and 0 otherwise. The learner is the university's id for
// a roster student, the playground's id otherwise.
func (s *Server) gradebookCSV(c *gin.Context) error {
	g, err := s.gradebookFor(c)
	if err != nil {
		return err
	}
	s.attachment(c, "gradebook.csv", "text/csv; charset=utf-8")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	head := []string{"learner", "name"}
	for _, ex := range g.Exercises {
		head = append(head, ex.ID)
	}
	_ = w.Write(append(head, "passed", "percent"))
	for _, l := range g.Book.Learners {
		row := []string{csvCell(l.Key()), csvCell(l.DisplayName)}
		for _, ex := range g.Exercises {
			cell := "0"
			if g.counts(l.ID, ex.ID) {
				cell = "1"
			}
			row = append(row, cell)
		}
		n, pct := g.total(l.ID)
		_ = w.Write(append(row, strconv.Itoa(n), pct))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		s.exportCut(c, "export the gradebook", err)
	}
	return nil
}
