package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// hintReveal opens the next hint from the page's form and sends the learner
// back to it. Opening a hint is recorded: it is part of the learner's
// progress and of each later attempt.
func (s *Server) hintReveal(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	ex, _, err := s.exerciseParam(c, x)
	if err != nil {
		return err
	}
	revealed, err := s.revealPostedHint(c, ex, l)
	if err != nil {
		return err
	}
	back := pagevm.ExerciseURL(l, ex.ID)
	if c.Query("review") != "" {
		back = pagevm.ReviewExerciseURL(l, ex.ID)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s#hint-%d", back, revealed))
	return nil
}

// revealPostedHint opens the hint a form names in its "hint" field, for the
// exercise page and the console, and returns how many hints are open.
func (s *Server) revealPostedHint(c *gin.Context, ex *exercise.Exercise, l i18n.Lang) (int, error) {
	x := i18n.ExerciseFor(l)
	if err := parseForm(c, x); err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(c.PostForm("hint"))
	if err != nil {
		return 0, badRequest(x.ErrNoSuchHint)
	}
	return s.revealHint(c, ex, l, n)
}

// revealHint records hint n of ex as open for the learner (created if
// needed) and returns how many hints are open. From a review (?review=1),
// asking for a hint already open is looking at it again: it counts as a
// hint taken during the review.
func (s *Server) revealHint(c *gin.Context, ex *exercise.Exercise, l i18n.Lang, n int) (int, error) {
	total := len(ex.TextIn(l).Hints)
	if n < 1 || n > total {
		return 0, badRequest(i18n.ExerciseFor(l).ErrNoSuchHint)
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return 0, err
	}
	revealed, err := s.store.RevealHint(c.Request.Context(), learner.ID, ex.ID, n, total)
	if err != nil || c.Query("review") == "" {
		return revealed, err
	}
	return revealed, s.lookAgain(c.Request.Context(), learner.ID, ex.ID)
}
