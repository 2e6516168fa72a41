package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// explainShow is the page "Explain a log", with its empty form. Nothing is
// stored: the page only explains what is posted to it.
func (s *Server) explainShow(c *gin.Context) error {
	l := langOf(c)
	s.renderExplain(c, http.StatusOK, s.explainPageVM(c, l, explainQuery{lang: l}, ""))
	return nil
}

// explainPageVM is the page's form, filled with what was asked.
func (s *Server) explainPageVM(c *gin.Context, l i18n.Lang, q explainQuery, log string) view.ExplainVM {
	u := i18n.ExplainFor(l)
	return view.ExplainVM{
		U: u, Action: c.Request.URL.Path, Log: log,
		FileHelp:  fmt.Sprintf(u.FileHelp, byteSize(s.explainMaxBytes(), l)),
		Formats:   explainFormats(u, q.format),
		Revs:      explainRevisions(u, q.protocol),
		ScriptURL: s.assets.URL("js/explain.js"),
	}
}

func (s *Server) renderExplain(c *gin.Context, status int, vm view.ExplainVM) {
	l := langOf(c)
	f := s.frame(c, l, vm.U.Title, "explain")
	f.BodyClass = "console explain"
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Explain(f, vm))
}
