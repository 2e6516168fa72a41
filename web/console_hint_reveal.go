package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
)

// consoleHintReveal opens the next hint of the live exercise from the console's
// form and comes back to the console.
func (s *Server) consoleHintReveal(c *gin.Context) error {
	l := langOf(c)
	ex, err := s.liveExerciseParam(c, l)
	if err != nil {
		return err
	}
	revealed, err := s.revealPostedHint(c, ex, l)
	if err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s#hint-%d", pagevm.NewConsoleURLs(l, ex.ID).With(""), revealed))
	return nil
}
