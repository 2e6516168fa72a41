package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// hintRevealAPI opens hint {"hint": n} for the page's script and answers
// with the hints box to show: {"revealed": k, "total": t, "html": "…"}.
func (s *Server) hintRevealAPI(c *gin.Context) error {
	l := apiLang(c)
	x := i18n.ExerciseFor(l)
	ex, cat, err := s.exerciseParam(c, x)
	if err != nil {
		return err
	}
	var req struct {
		Hint int `json:"hint"`
	}
	if err := readJSON(c, x, &req, x.ErrNoSuchHint); err != nil {
		return err
	}
	if _, err := s.revealHint(c, ex, l, req.Hint); err != nil {
		return err
	}
	rec, err := s.exerciseProgress(c, ex)
	if err != nil {
		return err
	}
	st := pagevm.ExerciseState{Progress: rec.progress, Review: c.Query("review") != ""}
	if st.Review && rec.found {
		if st.Card, err = s.reviewCard(c.Request.Context(), rec.learner.ID, ex.ID); err != nil {
			return err
		}
	}
	vm := s.exerciseVM(l, cat, ex, st)
	html, err := renderString(c.Request.Context(), view.ExerciseHints(vm))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"revealed": len(vm.Hints), "total": vm.HintsTotal, "html": html})
	return nil
}
