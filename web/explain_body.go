package web

import "github.com/mcpplayground/playground/internal/guard"

// explainBody bounds the body of an explain request to ExplainMaxBytes
// (and the form's slack) instead of MaxBodyBytes: a log is larger than a
// message.
func (s *Server) explainBody() guard.Middleware {
	return guard.RaiseBodyLimit(s.explainMaxBytes() + explainFormSlack)
}

// explainFormSlack is room for what a form post adds around the log: the
// multipart boundaries and the other fields. The log itself is held to
// ExplainMaxBytes when it is read.
const explainFormSlack = 64 << 10
