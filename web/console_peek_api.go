package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// consolePeekAPI answers POST /api/console/peek?lang=[&exercise=]: the body
// is the message in the editor; the answer is {"report": …} with the
// checker's report on it as the next message of the learner's session,
// and, for a response to a waiting server request, "answers" (its number)
// and "answers_method". Nothing is sent or recorded.
func (s *Server) consolePeekAPI(c *gin.Context) error {
	l := apiLang(c)
	x := i18n.ConsoleFor(l)
	raw, err := consoleBody(c, x)
	if err != nil {
		return err
	}
	rep, req, answers := s.peekDraft(c, l, raw)
	out := gin.H{"report": rep}
	if answers {
		out["answers"], out["answers_method"] = req.Seq, req.Method
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}
