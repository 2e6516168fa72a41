package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// joinCreate checks the join code and the name, then makes this browser a
// learner of the workshop (or names the learner it already is). Wrong codes
// are counted per address, so a room's code cannot be guessed quickly.
func (s *Server) joinCreate(c *gin.Context) error {
	l := langOf(c)
	w := i18n.WorkshopFor(l)
	home := "/" + string(l) + "/"
	if s.cfg.JoinCode == "" {
		c.Redirect(http.StatusSeeOther, home)
		return nil
	}
	name := store.CleanDisplayName(c.PostForm("name"))
	ip, now := c.ClientIP(), s.now()
	if !s.joinGuard.Allow(ip, now) {
		s.renderJoin(c, http.StatusTooManyRequests, name, "code", w.TooManyCodes)
		return nil
	}
	if !s.joinCodeMatches(c.PostForm("code")) {
		s.joinGuard.Fail(ip, "form", now)
		s.renderJoin(c, http.StatusForbidden, name, "code", w.BadCode)
		return nil
	}
	if name == "" {
		s.renderJoin(c, http.StatusUnprocessableEntity, name, "name", w.NameEmpty)
		return nil
	}
	current, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	var id int64
	if ok {
		id = current.ID
	}
	learner, token, err := s.store.JoinWorkshop(c.Request.Context(), id, name)
	if errors.Is(err, store.ErrNameTaken) {
		s.renderJoin(c, http.StatusConflict, name, "name", fmt.Sprintf(w.NameTaken, name))
		return nil
	}
	if err != nil {
		return err
	}
	if token != "" {
		s.setLearnerCookie(c, token)
	}
	c.Set(learnerKey, learner)
	s.log.Info("learner joined the workshop", "learner", learner.ID)
	c.Redirect(http.StatusSeeOther, localPath(c.Query("next"), home))
	return nil
}
