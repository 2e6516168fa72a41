package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/web/view"
)

// ltiLogin answers the LMS's OIDC third-party initiated login (GET, or a
// cross-site POST the Origin check lets through): it binds a fresh state
// to this browser with a cookie holding the single-use nonce, and sends
// the browser to the platform's authorisation endpoint, which posts the
// launch back. Inside the LMS's iframe, a page first checks that the
// browser keeps the playground's cookies there, and offers to open the
// activity in a new window when it does not.
func (s *Server) ltiLogin(c *gin.Context) error {
	if err := c.Request.ParseForm(); err != nil {
		return badRequest("LTI: the login request cannot be read")
	}
	f := c.Request.Form
	req := lti.LoginRequest{
		Issuer: f.Get("iss"), LoginHint: f.Get("login_hint"), MessageHint: f.Get("lti_message_hint"),
		TargetLinkURI: f.Get("target_link_uri"), ClientID: f.Get("client_id"), DeploymentID: f.Get("lti_deployment_id"),
	}
	login, err := s.lti.svc.StartLogin(c.Request.Context(), req, s.toolURL(c, "/lti/launch"))
	if err != nil {
		return ltiRefusal(err)
	}
	setCrossSiteCookie(c, ltiStateCookie+login.State, login.Nonce, "/lti/", ltiStateAge, true)
	c.Header("Cache-Control", "no-store")
	if !inFrame(c) {
		c.Redirect(http.StatusFound, login.RedirectURL)
		return nil
	}
	setCrossSiteCookie(c, ltiCheckCookie, "1", "/", ltiStateAge, false)
	retry := s.toolURL(c, "/lti/login") + "?" + f.Encode()
	s.render(c, http.StatusOK, view.LTIHandoff(s.ltiFrame(c), view.LTIHandoffVM{
		T: ltiUI(c), Next: login.RedirectURL, NewWindow: retry,
	}))
	return nil
}
