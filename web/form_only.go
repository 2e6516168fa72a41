package web

import (
	"net/http"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
)

// formOnly is guard.FormOnly for the page routes: a POST that is not a
// form is a 415 in the page's language, a form cut short a 400. The JSON
// API lives under /api and is not concerned. readsItself is for the
// explain page's form, which carries a log under a larger bound of its
// own (explain_body.go) and is read by its handler.
func (s *Server) formOnly(readsItself bool) guard.Middleware {
	return guard.FormOnly(guard.FormConfig{
		NotForm: func(w http.ResponseWriter, _ *http.Request) {
			c := ginOf(w)
			msg := i18n.UIFor(langOf(c)).ErrNotForm
			c.Header("Content-Type", "text/plain; charset=utf-8")
			c.AbortWithStatus(http.StatusUnsupportedMediaType)
			_, _ = c.Writer.WriteString(msg + "\n")
		},
		Cut: func(w http.ResponseWriter, _ *http.Request) {
			c := ginOf(w)
			s.renderError(c, badRequest(i18n.UIFor(langOf(c)).ErrFormCut))
		},
		ReadsItself: readsItself,
	})
}
