package web

import (
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/rules"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// codeRE bounds what a rule's URL may hold before the book is asked.
var codeRE = regexp.MustCompile(`^[a-z0-9.-]{1,80}$`)

// ruleShow is the page of one diagnostic code. Reached from an exercise's
// feedback (?from=ID), it keeps back what would spell that exercise's
// answer until the learner has the hint that covers it.
func (s *Server) ruleShow(c *gin.Context) error {
	l := langOf(c)
	r := i18n.RulesFor(l)
	code := c.Param("code")
	rule, ok := s.rules.Rule(code)
	if !codeRE.MatchString(code) || !ok {
		return &httpError{status: http.StatusNotFound, msg: r.Unknown}
	}
	vm := pagevm.Rule(l, s.content.Catalog(), rule)
	if err := s.holdRuleFor(c, l, rule, &vm); err != nil {
		return err
	}
	f := s.frame(c, l, rule.Code, "")
	f.Description = rule.Title[l]
	s.render(c, http.StatusOK, view.Rule(f, vm))
	return nil
}

// holdRuleFor folds the right example, and the checker's words where they
// name the answer, when the learner came from an exercise (?from=) that
// still holds its answer back and the example shows a member or value of
// the solution that its wrong example lacks.
func (s *Server) holdRuleFor(c *gin.Context, l i18n.Lang, rule *rules.Rule, vm *view.RuleVM) error {
	id := c.Query("from")
	if id == "" || !rule.HasExamples {
		return nil
	}
	c.Header("Cache-Control", "no-store") // it depends on the learner
	ex, ok := s.content.Catalog().Exercise(id)
	if !ok {
		return nil
	}
	rec, err := s.exerciseProgress(c, ex)
	if err != nil || !ex.HoldsBack(rec.progress.HintsRevealed, rec.progress.FailedAttempts) {
		return err
	}
	tokens := answerTokens(ex)
	wrong, right := exampleText(rule.Wrong), exampleText(rule.Right)
	for _, tok := range tokens {
		q := strconv.Quote(tok)
		if strings.Contains(right, q) && !strings.Contains(wrong, q) {
			vm.HeldFor = &view.NavLink{URL: pagevm.ExerciseURL(l, ex.ID) + "#hints", Title: ex.TextIn(l).Title}
		}
		if strings.Contains(string(vm.Says), "<code>"+html.EscapeString(tok)+"</code>") {
			vm.Says = ""
		}
	}
	return nil
}

// jsonStringRE finds the strings of a JSON text (keys and values).
var jsonStringRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// answerTokens are the strings of the exercise's solutions that its
// starter lacks: what the learner has to find.
func answerTokens(ex *exercise.Exercise) []string {
	var out []string
	seen := map[string]bool{}
	for _, sol := range ex.Solutions {
		for _, m := range jsonStringRE.FindAllStringSubmatch(sol, -1) {
			tok := m[1]
			if tok == "" || seen[tok] || strings.Contains(ex.Starter, strconv.Quote(tok)) {
				continue
			}
			seen[tok] = true
			out = append(out, tok)
		}
	}
	return out
}

func exampleText(ex rules.Example) string {
	var b strings.Builder
	b.WriteString(ex.Request)
	for _, m := range ex.Messages {
		b.WriteString(m.Raw)
	}
	return b.String()
}
