package web

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// explainShow is the page "Explain a log", with its empty form. Nothing is
// stored: the page only explains what is posted to it.
// With ?source=console it explains the learner's own console session, as
// the console exports it (JSON Lines).
func (s *Server) explainShow(c *gin.Context) error {
	l := langOf(c)
	vm := s.explainPageVM(c, l, explainQuery{lang: l}, "")
	if c.Query("source") != "console" {
		s.renderExplain(c, http.StatusOK, vm)
		return nil
	}
	src, err := s.consoleExportOf(c)
	if err != nil {
		return err
	}
	if len(src) == 0 {
		s.renderExplain(c, http.StatusOK, vm)
		return nil
	}
	return s.showExplained(c, l, vm, src, explainQuery{format: "jsonl", lang: l})
}

// consoleExportOf is the learner's console session as JSON Lines, nil when
// there is none.
func (s *Server) consoleExportOf(c *gin.Context) ([]byte, error) {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return nil, err
	}
	entry, ok := s.consoles.Peek(learner.ID)
	if !ok {
		return nil, nil
	}
	var b bytes.Buffer
	if err := entry.Exchange().WriteJSONLines(&b); err != nil {
		return nil, fmt.Errorf("export the console session to explain it: %w", err)
	}
	return b.Bytes(), nil
}

// explainPageVM is the page's form, filled with what was asked.
func (s *Server) explainPageVM(c *gin.Context, l i18n.Lang, q explainQuery, log string) view.ExplainVM {
	u := i18n.ExplainFor(l)
	return view.ExplainVM{
		U: u, Action: c.Request.URL.Path, Log: log,
		FileHelp:  fmt.Sprintf(u.FileHelp, byteSize(s.explainMaxBytes(), l)),
		Formats:   pagevm.ExplainFormats(u, l, q.format),
		Revs:      pagevm.ExplainRevisions(u, q.protocol),
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
