package web

import (
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// explainAPI explains a log and answers the explain JSON (DESIGN.md §4):
//
//	POST /api/explain?format=auto&protocol=&lang=en
//
// The body is the log exactly as the tool wrote it. 200 with the report
// when the log could be read, whatever is wrong inside it (a log past the
// message cap is explained up to it, with the finding
// log.too-many-messages); 413 {"error", "limit"} past ExplainMaxBytes; 400
// {"error"} for a binary file, an empty body, a log not in the format
// asked for, or unknown parameters. Nothing is stored.
func (s *Server) explainAPI(c *gin.Context) error {
	l, ok := i18n.Parse(c.DefaultQuery("lang", string(i18n.Default)))
	if !ok {
		return badRequest("unknown language " + c.Query("lang") + " (en or fr)")
	}
	opts, fail := s.explainOptions(explainQuery{format: c.Query("format"), protocol: c.Query("protocol"), lang: l})
	if fail != nil {
		return s.explainAPIFail(c, fail)
	}
	if c.Request.ContentLength > opts.Limits.MaxBytes {
		return s.explainAPIFail(c, s.tooLarge(l))
	}
	src, err := io.ReadAll(io.LimitReader(c.Request.Body, opts.Limits.MaxBytes+1))
	if isBodyTooLarge(err) {
		return s.explainAPIFail(c, s.tooLarge(l))
	}
	if err != nil {
		return err
	}
	rep, err := s.explainLog(c.Request.Context(), src, opts, l)
	var f *explainFailure
	if errors.As(err, &f) {
		return s.explainAPIFail(c, f)
	}
	if err != nil {
		return err
	}
	// The report is written a message at a time: the answer's memory is
	// one message's JSON, not the log's (gin's JSON renderer builds it
	// whole first).
	c.Header("Content-Type", "application/json; charset=utf-8")
	c.Status(http.StatusOK)
	if err := rep.WriteJSON(c.Writer); err != nil {
		s.log.Info("explain answer not delivered", "err", err) // the client went away
		return nil
	}
	_, _ = c.Writer.WriteString("\n")
	return nil
}

// explainAPIFail answers a log that cannot be explained.
func (s *Server) explainAPIFail(c *gin.Context, f *explainFailure) error {
	body := gin.H{"error": f.msg}
	if f.limit > 0 {
		body["limit"] = f.limit
	}
	c.Header("Connection", "close") // the rest of a large body is not read
	c.AbortWithStatusJSON(f.status, body)
	return nil
}
