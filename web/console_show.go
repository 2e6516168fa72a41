package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleShow is the console page. Opening it creates nothing: the learner
// and the session start with the first message sent.
func (s *Server) consoleShow(c *gin.Context) error {
	return s.renderConsole(c, http.StatusOK, consolePage{})
}
