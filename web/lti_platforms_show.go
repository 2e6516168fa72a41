package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/web/view"
)

// registerTTL is how long a dynamic registration URL works.
const registerTTL = 7 * 24 * time.Hour

// ltiPlatformsShow is the instructor's page of LMS platforms: the tool's
// URLs to paste into an LMS, the dynamic registration URL, the platforms
// registered (each with its Remove button), a form to register one, and
// the tool's keys with their rotation: what `playground lti` does.
func (s *Server) ltiPlatformsShow(c *gin.Context) error {
	vm, err := s.ltiPlatformsVM(c)
	if err != nil {
		return err
	}
	switch c.Query("done") {
	case "saved":
		vm.Notice = vm.T.Saved
	case "removed":
		vm.Notice = vm.T.Removed
	case "rotated":
		vm.Notice = vm.T.Rotated
	}
	s.render(c, http.StatusOK, view.LTIPlatforms(s.instructorFrame(c, langOf(c), vm.T.PlatformsTitle), vm))
	return nil
}

func (s *Server) ltiPlatformsVM(c *gin.Context) (view.LTIPlatformsVM, error) {
	l := langOf(c)
	t := i18n.LTIFor(l)
	ctx := c.Request.Context()
	u := lti.URLsAt(s.toolURL(c, ""))
	vm := view.LTIPlatformsVM{
		T: t, I: i18n.InstructorFor(l), BackURL: "/instructor",
		Tool:        [][2]string{{t.URLTool, u.Base}, {t.URLLogin, u.Login}, {t.URLLaunch, u.Launch}, {t.URLJWKS, u.JWKS}},
		RegisterURL: s.toolURL(c, "/lti/register/"+url.PathEscape(s.ltiSign("register", "dynamic", registerTTL))),
	}
	ps, err := s.store.LTIPlatforms(ctx)
	if err != nil {
		return vm, err
	}
	for _, p := range ps {
		id := strconv.FormatInt(p.ID, 10)
		vm.Platforms = append(vm.Platforms, view.LTIPlatformRow{ID: id, Issuer: p.Issuer, ClientID: p.ClientID,
			Deployments: strings.Join(p.Deployments, ", "), RemoveURL: "/instructor/lti/platforms/" + id + "/remove"})
	}
	if err := s.lti.svc.EnsureKey(ctx); err != nil {
		return vm, err
	}
	ks, err := s.store.LTIKeys(ctx)
	for _, k := range ks {
		vm.Keys = append(vm.Keys, k.KID)
	}
	return vm, err
}
