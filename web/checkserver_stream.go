package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// wantsEventStream tells checkserver.js's post, which reads the steps as
// they end, from a form post.
func wantsEventStream(c *gin.Context) bool {
	return strings.Contains(c.GetHeader("Accept"), "text/event-stream")
}

// checkStream writes a run to the page as server-sent events: "step" after
// each step and "done" at the end, each with the verdict so far laid out
// ({"html"}), or "error" ({"error"}) when the server could not be reached.
type checkStream struct {
	c *gin.Context
}

func (s *Server) startStream(c *gin.Context) *checkStream {
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	c.Writer.Flush()
	return &checkStream{c: c}
}

// step sends the run as it is after a step.
func (l *checkStream) step(s *Server, run *pagevm.CheckRun) {
	l.send(l.c, "step", pagevm.CheckResult(s.log, run))
}

// send sends one event with the verdict laid out.
func (l *checkStream) send(c *gin.Context, event string, vm view.CheckServerResultVM) {
	html, err := renderString(c.Request.Context(), view.CheckServerResult(vm))
	if err != nil {
		return // the request is gone
	}
	l.write(event, map[string]any{"html": html, "done": vm.Done, "passed": vm.Passed})
}

// fail sends why the run could not start.
func (l *checkStream) fail(msg string) {
	l.write("error", map[string]string{"error": msg})
}

func (l *checkStream) write(event string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	fmt.Fprintf(l.c.Writer, "event: %s\ndata: %s\n\n", event, b)
	l.c.Writer.Flush()
}
