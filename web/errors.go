package web

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// httpError is an error with a status and a message safe to show.
type httpError struct {
	status int
	msg    string
	err    error
}

func (e *httpError) Error() string {
	if e.err != nil {
		return e.msg + ": " + e.err.Error()
	}
	return e.msg
}

func (e *httpError) Unwrap() error { return e.err }

var (
	errNotFound = &httpError{status: http.StatusNotFound, msg: "not found"}
	errInternal = &httpError{status: http.StatusInternalServerError, msg: "internal error"}
)

// isBodyCut reports whether reading the request body failed because the
// client stopped short of what it announced, or missed the body deadline
// (guard.BodyDeadline): the client's failure, not the server's.
func isBodyCut(err error) bool {
	var ne net.Error
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne) && ne.Timeout()
}

// badRequest is a client mistake explained in msg.
func badRequest(msg string) error {
	return &httpError{status: http.StatusBadRequest, msg: msg}
}

// handlerFunc is a handler that returns its failure instead of writing it,
// so mapping errors to pages and logging happen once, in handle.
type handlerFunc func(c *gin.Context) error

func (s *Server) handle(h handlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := h(c); err != nil {
			s.renderError(c, err)
		}
	}
}

func (s *Server) renderError(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	msg := "internal error"
	var he *httpError
	switch {
	case errors.As(err, &he):
		status, msg = he.status, he.msg
	case isBodyTooLarge(err):
		status, msg = http.StatusRequestEntityTooLarge, "request body too large"
	case isBodyCut(err):
		status, msg = http.StatusBadRequest, "the request body ended before its announced length, or took too long to arrive"
	}
	if errors.Is(err, context.Canceled) && c.Request.Context().Err() != nil {
		// The client went away; there is nobody to answer and nothing to fix.
		s.log.Debug("client gone", "method", c.Request.Method, "path", c.Request.URL.Path)
		c.Abort()
		return
	}
	switch {
	case status == http.StatusInternalServerError:
		s.log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
	case status >= 500:
		// A peer that failed (a learner's server) or a bound reached: the
		// server works as it should, and nobody has to fix it.
		s.log.Warn("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "status", status, "err", err)
	}
	if c.Writer.Written() {
		return
	}
	if strings.HasPrefix(c.Request.URL.Path, "/api/") || strings.HasPrefix(c.Request.URL.Path, "/instructor/") && strings.Contains(c.GetHeader("Accept"), "json") {
		c.AbortWithStatusJSON(status, gin.H{"error": msg})
		return
	}
	lang := langOf(c)
	t := i18n.UIFor(lang)
	title, body := t.ErrorTitle, t.ErrorBody
	if status == http.StatusNotFound {
		title, body = t.NotFoundTitle, t.NotFoundBody
	} else if status < 500 {
		body = msg
	}
	s.render(c, status, view.ErrorPage(s.frame(c, lang, title, ""), view.ErrorVM{Status: status, Title: title, Body: body}))
	c.Abort()
}
