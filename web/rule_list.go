package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// ruleList lists every diagnostic code of the checker and of the
// conversation checker, grouped by prefix.
func (s *Server) ruleList(c *gin.Context) error {
	l := langOf(c)
	vm := pagevm.RuleList(l, s.rules)
	s.render(c, http.StatusOK, view.RuleList(s.frame(c, l, vm.R.ListTitle, ""), vm))
	return nil
}
