package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// requireJoin, in a workshop with a join code, keeps the learner pages and
// the learner API for learners who joined: they entered the code and have a
// display name. Others are sent to the join page (pages) or refused with a
// message saying what to do (API). Without a join code it does nothing.
func (s *Server) requireJoin(c *gin.Context) {
	if s.cfg.JoinCode == "" || joinExempt(c) {
		c.Next()
		return
	}
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		s.renderError(c, err)
		c.Abort()
		return
	}
	if ok && learner.DisplayName != "" {
		c.Next()
		return
	}
	l := langOf(c)
	if strings.HasPrefix(c.Request.URL.Path, "/api/") {
		c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": i18n.WorkshopFor(apiLang(c)).JoinFirst})
		return
	}
	q := url.Values{}
	if c.Request.Method == http.MethodGet {
		q.Set("next", c.Request.URL.RequestURI())
	}
	if tok, err := c.Cookie(learnerCookie); !ok && err == nil && tok != "" {
		// The browser was a learner the store no longer has: the
		// instructor reset the workshop. Say so on the join page.
		q.Set("reset", "1")
	}
	target := "/" + string(l) + "/join"
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	c.Redirect(http.StatusSeeOther, target)
	c.Abort()
}

// joinExempt lists what must work before joining: the join page itself,
// continuing with a resume code (a learner who joined on another device),
// the stateless message checker, and the rules pages (documentation an
// instructor links to from the dashboard).
func joinExempt(c *gin.Context) bool {
	p := c.Request.URL.Path
	if p == "/api/validate" {
		return true
	}
	for _, l := range i18n.All {
		prefix := "/" + string(l)
		if p == prefix+"/join" || (p == prefix+"/progress/resume" && c.Request.Method == http.MethodPost) ||
			p == prefix+"/rules" || strings.HasPrefix(p, prefix+"/rules/") {
			return true
		}
	}
	return false
}

// joinCodeMatches compares what a learner typed with the workshop's code,
// ignoring case and surrounding spaces (codes are read aloud and copied
// from a slide), in constant time.
func (s *Server) joinCodeMatches(typed string) bool {
	norm := func(v string) [32]byte { return sha256.Sum256([]byte(strings.ToUpper(strings.TrimSpace(v)))) }
	a, b := norm(typed), norm(s.cfg.JoinCode)
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// localPath keeps a redirect on this site: a path, not "//host" or
// "/\host", which browsers read as another site.
func localPath(next, fallback string) string {
	if len(next) < 1 || next[0] != '/' || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n\t") {
		return fallback
	}
	return next
}
