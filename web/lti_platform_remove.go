package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// ltiPlatformRemove forgets a platform, as `playground lti remove` does.
func (s *Server) ltiPlatformRemove(c *gin.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return &httpError{status: http.StatusNotFound, msg: "no such platform"}
	}
	if err := s.store.RemoveLTIPlatform(c.Request.Context(), id); errors.Is(err, store.ErrNotFound) {
		return &httpError{status: http.StatusNotFound, msg: "no such platform"}
	} else if err != nil {
		return err
	}
	s.expireFrameAncestors()
	c.Redirect(http.StatusSeeOther, "/instructor/lti?done=removed")
	return nil
}
