package web

import (
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
)

// ctxUnlimitedBody keeps the request body as it came, before limitBody
// bounded it to MaxBodyBytes, for the routes that take larger bodies.
const ctxUnlimitedBody = "playground.unlimitedBody"

// explainBody bounds the body of an explain request to ExplainMaxBytes
// instead of MaxBodyBytes: a log is larger than a message.
func (s *Server) explainBody(c *gin.Context) {
	if raw, ok := c.Get(ctxUnlimitedBody); ok {
		if body, ok := raw.(io.ReadCloser); ok {
			c.Request.Body = http.MaxBytesReader(c.Writer, body, s.explainMaxBytes()+explainFormSlack)
		}
	}
	c.Next()
}

// explainFormSlack is room for what a form post adds around the log: the
// multipart boundaries and the other fields. The log itself is held to
// ExplainMaxBytes when it is read.
const explainFormSlack = 64 << 10
