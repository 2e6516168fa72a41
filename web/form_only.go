package web

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// formOnly refuses, with 415, a POST to a page route whose body is not a
// form: the pages' forms always send one, and anything else would be read
// as an empty form (an empty answer recorded as an attempt, say). The JSON
// API lives under /api and is not concerned.
//
// A form's body is read whole here, before the handler, so a body that is
// cut short or never finishes is a 400 on every form route alike (past
// the bound, the handler still says which bound was passed), instead of a form read as empty or half read by the
// handler. The explain page's form, which carries a log under a larger
// bound of its own (explain_body.go), is read by its handler.
func (s *Server) formOnly(c *gin.Context) {
	if c.Request.Method != http.MethodPost {
		c.Next()
		return
	}
	if isForm(c.Request) {
		if err := bufferForm(c); err != nil {
			s.renderError(c, err)
			return
		}
		c.Next()
		return
	}
	msg := i18n.UIFor(langOf(c)).ErrNotForm
	c.Header("Content-Type", "text/plain; charset=utf-8")
	c.AbortWithStatus(http.StatusUnsupportedMediaType)
	_, _ = c.Writer.WriteString(msg + "\n")
}

// isForm reports whether a request's body is an HTML form's.
func isForm(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && (mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data")
}

// bufferForm reads the body of a form whole and hands it on in memory.
func bufferForm(c *gin.Context) error {
	if strings.HasSuffix(c.FullPath(), "/explain") || c.Request.Body == nil || c.Request.Body == http.NoBody {
		return nil
	}
	b, err := io.ReadAll(c.Request.Body)
	if err != nil && !isBodyTooLarge(err) {
		return badRequest(i18n.UIFor(langOf(c)).ErrFormCut)
	}
	// Past the bound the handler reads what was read, then the same
	// error, and says which bound in its own words (an answer's KiB, a
	// name's, a resume code's) as it did when it read the body itself.
	c.Request.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), failingReader{err}))
	return nil
}

// failingReader gives its error, or io.EOF when it has none.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) {
	if r.err == nil {
		return 0, io.EOF
	}
	return 0, r.err
}
