package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/web/view"
)

// ltiRegister is LTI Dynamic Registration: the LMS opens the URL the
// instructor page gives (signed, valid for registerTTL) with
// openid_configuration and registration_token; the tool reads the
// platform's configuration, registers itself there and saves the
// platform, then the page tells the LMS it may close it.
func (s *Server) ltiRegister(c *gin.Context) error {
	if _, ok := s.ltiOpen("register", c.Param("key")); !ok {
		return &httpError{status: http.StatusForbidden, msg: "LTI: this registration URL has expired or is not the playground's: copy a fresh one from the instructor page"}
	}
	tool := s.toolURL(c, "")
	p, err := s.lti.svc.Register(c.Request.Context(), c.Query("openid_configuration"), c.Query("registration_token"), lti.URLsAt(tool), "MCP Playground")
	if err != nil {
		return ltiRefusal(err)
	}
	s.log.Info("LTI platform registered dynamically", "issuer", p.Issuer, "client_id", p.ClientID)
	s.expireFrameAncestors()
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.LTIRegistered(s.ltiFrame(c), view.LTIRegisteredVM{T: ltiUI(c)}))
	return nil
}
