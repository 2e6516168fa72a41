package web

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// validateWrapperType is the Content-Type of a body that carries the message and
// the request it answers, instead of the bare message.
const validateWrapperType = "application/vnd.playground.validate+json"

// validateWrapper holds raw texts as strings, so that a message that is not valid
// JSON can still be sent and explained.
type validateWrapper struct {
	Message *string `json:"message"`
	Request *string `json:"request"`
}

// validatePost checks one message and answers the checker's report (DESIGN.md §4):
//
//	POST /api/validate?protocol=2025-11-25&lang=en[&sender=client|server]
//
// The body is the message exactly as the learner wrote it (any Content-Type). To
// check a response against the request it answers, send Content-Type
// application/vnd.playground.validate+json and {"message": "…", "request": "…"},
// both raw texts in strings. The answer is 200 with the report, valid or not;
// 413 with a json.too-large report beyond 1 MiB; 400 for unknown parameters.
func (s *Server) validatePost(c *gin.Context) error {
	opts := grader.Options{Protocol: c.DefaultQuery("protocol", grader.DefaultRevision), Sender: c.Query("sender")}
	if !grader.JudgedRevision(opts.Protocol) {
		return badRequest(fmt.Sprintf("unknown protocol revision %q (known: %s)", opts.Protocol, strings.Join(grader.Revisions(), ", ")))
	}
	lang := c.DefaultQuery("lang", string(i18n.Default))
	l, ok := i18n.Parse(lang)
	if !ok {
		return badRequest(fmt.Sprintf("unknown language %q (en or fr)", lang))
	}
	opts.Lang = l
	if opts.Sender != grader.SenderUnknown && opts.Sender != grader.SenderClient && opts.Sender != grader.SenderServer {
		return badRequest(fmt.Sprintf("unknown sender %q (client or server)", opts.Sender))
	}
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, grader.MaxSize+1))
	if isBodyTooLarge(err) || len(body) > grader.MaxSize {
		c.PureJSON(http.StatusRequestEntityTooLarge, grader.TooLarge(opts))
		return nil
	}
	if err != nil {
		return fmt.Errorf("read the message to validate: %w", err)
	}
	if mt, _, _ := mime.ParseMediaType(c.ContentType()); mt == validateWrapperType {
		var w validateWrapper
		if err := json.Unmarshal(body, &w); err != nil || w.Message == nil {
			return badRequest(`body must be {"message": "…", "request": "…"} with the raw texts as strings`)
		}
		body = []byte(*w.Message)
		if w.Request != nil {
			opts.Request = []byte(*w.Request)
		}
	}
	c.PureJSON(http.StatusOK, grader.Check(body, opts))
	return nil
}
