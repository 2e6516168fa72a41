package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// checkServerForm is what the check-server form says.
type checkServerForm struct {
	url, exercise, protocol string
}

// checkServerShow is the form that points the playground at the learner's
// own MCP server (the page never starts a command: stdio is the CLI's).
func (s *Server) checkServerShow(c *gin.Context) error {
	s.renderCheckServer(c, http.StatusOK, checkServerForm{url: c.Query("url"), exercise: c.Query("exercise")}, "", nil)
	return nil
}

// renderCheckServer writes the page: the form as filled, why the check did
// not start (errMsg), and the verdict of a run.
func (s *Server) renderCheckServer(c *gin.Context, status int, f checkServerForm, errMsg string, res *view.CheckServerResultVM) {
	l := langOf(c)
	x := i18n.CheckServerFor(l)
	exs := pagevm.ServerExercisesOf(s.content.Catalog().Exercises())
	vm := view.CheckServerVM{
		X: x, XE: i18n.ExerciseFor(l), ActionURL: "/" + string(l) + "/check-server",
		ScriptURL: s.assets.URL("js/checkserver.js"), URL: f.url, Error: errMsg, Result: res,
	}
	vm.Exercises, vm.Protocols = pagevm.CheckOptions(l, exs, f.exercise, f.protocol)
	s.render(c, status, view.CheckServer(s.frame(c, l, x.Title, "check-server"), vm))
}
