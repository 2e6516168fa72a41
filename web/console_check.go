package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
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
	if !ok || e.Len() == 0 {
		return s.renderConsole(c, http.StatusUnprocessableEntity, consolePage{formErr: i18n.ConsoleFor(l).ExerciseNoneSent})
	}
	answer, kept, err := console.Answer(e.Events(0), maxAnswerBytes)
	if err != nil {
		return err
	}
	sub, err := s.submitAnswer(c, ex, l, answer)
	if err != nil {
		return err
	}
	return s.renderConsole(c, http.StatusOK, consolePage{exResult: &consoleExerciseOutcome{res: sub.result, answer: answer, kept: kept}})
}
