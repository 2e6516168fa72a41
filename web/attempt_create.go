package web

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// attemptCreate takes an answer from the exercise page's form (the path
// without JavaScript), stores it, and sends the learner back to the page,
// which shows the feedback. A problem with the answer itself re-renders the
// page with the message and the right status.
func (s *Server) attemptCreate(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	ex, cat, err := s.exerciseParam(c, x)
	if err != nil {
		return err
	}
	rec, err := s.exerciseProgress(c, ex)
	if err != nil {
		return err
	}
	st := pagevm.ExerciseState{Progress: rec.progress, Answer: ex.Starter}
	if err := parseForm(c, x); err != nil {
		var he *httpError
		if !errors.As(err, &he) || he.status != http.StatusRequestEntityTooLarge {
			return err
		}
		st.FormErr = he.msg
		s.renderExercise(c, he.status, l, cat, ex, st)
		return nil
	}
	answer, ok := ex.FormAnswer(c.Request.PostForm)
	if !ok {
		st.Answer, st.FormErr = answer, x.ErrNoChoice
		s.renderExercise(c, http.StatusUnprocessableEntity, l, cat, ex, st)
		return nil
	}
	answer, he := cleanAnswer(x, ex.Kind.Answer(), answer)
	if he != nil {
		st.FormErr = he.msg
		s.renderExercise(c, he.status, l, cat, ex, st)
		return nil
	}
	if _, err := s.submitAnswer(c, ex, l, answer); err != nil {
		return err
	}
	back := pagevm.ExerciseURL(l, ex.ID) + "#feedback"
	if c.Query("review") != "" {
		back = pagevm.ExerciseURL(l, ex.ID) + "?review=1&answered=1#feedback"
	}
	c.Redirect(http.StatusSeeOther, back)
	return nil
}
