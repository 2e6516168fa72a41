package web

import (
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// codeRE bounds what a rule's URL may hold before the book is asked.
var codeRE = regexp.MustCompile(`^[a-z0-9.-]{1,80}$`)

// ruleShow is the page of one diagnostic code.
func (s *Server) ruleShow(c *gin.Context) error {
	l := langOf(c)
	r := i18n.RulesFor(l)
	code := c.Param("code")
	rule, ok := s.rules.Rule(code)
	if !codeRE.MatchString(code) || !ok {
		return &httpError{status: http.StatusNotFound, msg: r.Unknown}
	}
	vm := ruleVM(l, s.content.Catalog(), rule)
	f := s.frame(c, l, rule.Code, "")
	f.Description = rule.Title[l]
	s.render(c, http.StatusOK, view.Rule(f, vm))
	return nil
}
