package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// ltiPlatformSave registers a platform from the instructor page's form, as
// `playground lti add-platform` does: 303 back to the page, or the page
// again with what is wrong (422).
func (s *Server) ltiPlatformSave(c *gin.Context) error {
	p := store.LTIPlatform{
		Issuer: c.PostForm("issuer"), ClientID: c.PostForm("client_id"), Deployments: lti.SplitDeployments(c.PostForm("deployment")),
		AuthURL: c.PostForm("auth_url"), TokenURL: c.PostForm("token_url"), JWKSURL: c.PostForm("jwks_url"),
	}
	if err := lti.ValidatePlatform(p); err != nil {
		vm, verr := s.ltiPlatformsVM(c)
		if verr != nil {
			return verr
		}
		vm.Error = err.Error()
		s.render(c, http.StatusUnprocessableEntity, view.LTIPlatforms(s.instructorFrame(c, langOf(c), vm.T.PlatformsTitle), vm))
		return nil
	}
	if _, err := s.store.SaveLTIPlatform(c.Request.Context(), p); err != nil {
		return err
	}
	s.expireFrameAncestors()
	c.Redirect(http.StatusSeeOther, "/instructor/lti?done=saved")
	return nil
}
