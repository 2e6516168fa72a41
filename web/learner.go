package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

const (
	learnerCookie = "learner"
	learnerKey    = "learner"
	// learnerCookieAge keeps a learner's identity for a school year; the
	// resume code covers a lost or cleared browser.
	learnerCookieAge = 400 * 24 * 3600
)

// currentLearner returns the learner the request's cookie names, if any. It
// never creates one: pages that only show progress must not fill the
// database with a row per visiting bot. A missing, forged or unknown cookie
// is simply "no learner".
func (s *Server) currentLearner(c *gin.Context) (store.Learner, bool, error) {
	if v, ok := c.Get(learnerKey); ok {
		l := v.(store.Learner)
		return l, true, nil
	}
	tok, err := c.Cookie(learnerCookie)
	if err != nil || tok == "" {
		return store.Learner{}, false, nil
	}
	l, err := s.store.LearnerByToken(c.Request.Context(), tok)
	if errors.Is(err, store.ErrNotFound) {
		return store.Learner{}, false, nil
	}
	if err != nil {
		return store.Learner{}, false, err
	}
	c.Set(learnerKey, l)
	return l, true, nil
}

// requireLearner returns the request's learner, creating one (and setting
// its cookie) on the first state-changing action. Only a first-party
// action creates one (firstParty), and at most learnerCreation's pace per
// address: a script posting without cookies would otherwise fill the
// database and the dashboard with a learner a request.
func (s *Server) requireLearner(c *gin.Context) (store.Learner, error) {
	l, ok, err := s.currentLearner(c)
	if err != nil || ok {
		return l, err
	}
	if !firstParty(c.Request) {
		return store.Learner{}, &httpError{status: http.StatusForbidden, msg: i18n.UIFor(langOf(c)).ErrNotFirstParty}
	}
	if ok, wait := s.learnerGuard.Take(guard.AddrKey(c.ClientIP()), s.now()); !ok {
		c.Header("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		return store.Learner{}, &httpError{status: http.StatusTooManyRequests, msg: i18n.UIFor(langOf(c)).ErrTooManyLearners}
	}
	l, token, err := s.store.CreateLearner(c.Request.Context())
	if err != nil {
		return store.Learner{}, err
	}
	s.setLearnerCookie(c, token)
	c.Set(learnerKey, l)
	s.log.Debug("new learner", "id", l.ID)
	return l, nil
}

// firstParty reports whether a request comes from one of the playground's
// own pages: a browser says so in Sec-Fetch-Site, or names the page's
// origin in Origin (older browsers, on every POST). Requests from other
// sites never get here (guard.CrossOrigin refuses them); requests from scripts
// carry neither header.
func firstParty(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "same-origin" {
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// setLearnerCookie gives the browser its learner token: HttpOnly so no
// script can read it, SameSite=Lax so other sites cannot post with it.
func (s *Server) setLearnerCookie(c *gin.Context, token string) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name:     learnerCookie,
		Value:    token,
		Path:     "/",
		MaxAge:   learnerCookieAge,
		HttpOnly: true,
		Secure:   s.cfg.SecureCookies,
		SameSite: http.SameSiteLaxMode,
	})
}

// progressOf is the current learner's progress; without a learner it is
// empty (ok false), never an error.
func (s *Server) progressOf(c *gin.Context) (learnerRecord[store.Progress], error) {
	l, ok, err := s.currentLearner(c)
	if err != nil {
		return learnerRecord[store.Progress]{}, err
	}
	if !ok {
		return learnerRecord[store.Progress]{progress: store.Progress{Exercises: map[string]store.ExerciseProgress{}, LessonsRead: map[string]time.Time{}}}, nil
	}
	p, err := s.store.ProgressFor(c.Request.Context(), l.ID)
	return learnerRecord[store.Progress]{learner: l, found: true, progress: p}, err
}
