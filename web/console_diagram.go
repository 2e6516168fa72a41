package web

import (
	"html/template"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// consoleDiagram answers GET /api/console/diagram?lang=: the sequence
// diagram of the learner's session as an HTML fragment (an inline SVG), for
// the page's script to swap in as messages arrive.
func (s *Server) consoleDiagram(c *gin.Context) error {
	l := apiLang(c)
	var svg template.HTML
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		svg = pagevm.Diagram(s.log, l, e.Exchange().Diagram(pagevm.MaxDiagramEvents))
	}
	html, err := renderString(c.Request.Context(), view.ExchangeDiagram(pagevm.ExchangeWords(i18n.ConsoleFor(l)), svg))
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(html))
	return nil
}
