package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
)

// consoleCheck is "Check my exchange" without JavaScript: the session's
// messages are graded as the answer of the live exercise in ?exercise=,
// stored like any attempt, and the console shows the verdict. (The script
// posts the same exchange to /api/exercises/{id}/attempts.)
func (s *Server) consoleCheck(c *gin.Context) error {
	l := langOf(c)
	ex, err := s.liveExerciseParam(c, l)
	if err != nil {
		return err
	}
	e, ok, err := s.learnerConsole(c)
	if err != nil {
		return err
	}
	if !ok || len(e.c.Events(0)) == 0 {
		return s.renderConsole(c, http.StatusUnprocessableEntity, consolePage{formErr: i18n.ConsoleFor(l).ExerciseNoneSent})
	}
	answer, kept, err := exchangeAnswer(e.c.Events(0))
	if err != nil {
		return err
	}
	res, _, _, err := s.submitAnswer(c, ex, l, answer)
	if err != nil {
		return err
	}
	return s.renderConsole(c, http.StatusOK, consolePage{exResult: &consoleExerciseOutcome{res: res, answer: answer, kept: kept}})
}

// consoleHint opens the next hint of the live exercise from the console's
// form and comes back to the console.
func (s *Server) consoleHint(c *gin.Context) error {
	l := langOf(c)
	ex, err := s.liveExerciseParam(c, l)
	if err != nil {
		return err
	}
	revealed, err := s.revealPostedHint(c, ex, l)
	if err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s#hint-%d", newConsoleURLs(l, ex.ID).with(""), revealed))
	return nil
}

// liveExerciseParam is the live exercise named by ?exercise=.
func (s *Server) liveExerciseParam(c *gin.Context, l i18n.Lang) (*exercise.Exercise, error) {
	ex, err := s.consoleExercise(c, l)
	if err != nil {
		return nil, err
	}
	if ex == nil || ex.Kind != exercise.KindLive {
		return nil, badRequest(i18n.ConsoleFor(l).ExerciseNotLive)
	}
	return ex, nil
}
