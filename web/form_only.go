package web

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// formOnly refuses, with 415, a POST to a page route whose body is not a
// form: the pages' forms always send one, and anything else would be read
// as an empty form (an empty answer recorded as an attempt, say). The JSON
// API lives under /api and is not concerned.
func formOnly(c *gin.Context) {
	if c.Request.Method != http.MethodPost || isForm(c.Request) {
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
