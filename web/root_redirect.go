package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// rootRedirect sends "/" to the course in the remembered or preferred language.
func (s *Server) rootRedirect(c *gin.Context) {
	c.Header("Vary", "Accept-Language, Cookie")
	c.Redirect(http.StatusSeeOther, "/"+string(langOf(c))+"/")
}
