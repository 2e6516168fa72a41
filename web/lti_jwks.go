package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// ltiJWKS publishes the tool's public keys (a JWK set, each with its kid),
// which the LMS fetches to check what the tool signs: client assertions
// and deep linking responses.
func (s *Server) ltiJWKS(c *gin.Context) error {
	b, err := s.lti.svc.JWKS(c.Request.Context())
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", b)
	return nil
}
