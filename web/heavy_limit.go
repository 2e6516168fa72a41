package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// HeavyLimit bounds the heavy requests — explaining a log, checking a
// learner's server — held at once: PerLearner for one learner (or one
// address without a learner), Overall for everyone. Past a bound the
// request is refused before its body is read, with 503 and a Retry-After
// that says when the soonest request in the way is expected to end (each
// expected to take as long as the last ones of its route did, RetryAfter
// before any ended). Zero fields take DefaultHeavyLimit's.
type HeavyLimit = guard.HeavyLimit

// DefaultHeavyLimit: two at once per learner (a log explained while a
// check runs), eight overall (the explainer runs two at once, the rest
// wait their turn holding their body), and a typical explain or check's
// time before one has ended.
var DefaultHeavyLimit = HeavyLimit{PerLearner: 2, Overall: 8, RetryAfter: 5 * time.Second}

// heavy is the middleware of the explain and check routes: the request
// holds one of its learner's heavy slots and one of everyone's while the
// rest of the chain runs.
func (s *Server) heavy(c *gin.Context) {
	key := "ip:" + guard.AddrKey(c.ClientIP())
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		s.renderError(c, err)
		return
	}
	if ok {
		key = "learner:" + strconv.FormatInt(learner.ID, 10)
	}
	done, retry, err := s.heavyGate.Take(key, c.FullPath(), s.now())
	if err != nil {
		s.busy(c, errors.Is(err, guard.ErrKeySlots), retry)
		return
	}
	defer func() { done(s.now()) }()
	c.Next()
}

// busy answers 503 with a Retry-After of retry (when the soonest request
// in the way is expected to end), in the learner's language: JSON for
// scripts and the pages' fetches, a page for forms.
func (s *Server) busy(c *gin.Context, mine bool, retry time.Duration) {
	secs := retrySeconds(retry)
	l := apiLang(c)
	w := i18n.WorkshopFor(l)
	msg := fmt.Sprintf(w.BusyHeavy, secs)
	if mine {
		msg = fmt.Sprintf(w.BusyMine, secs)
	}
	c.Header("Retry-After", strconv.Itoa(secs))
	s.log.Info("heavy request refused", "path", c.Request.URL.Path, "mine", mine, "retry_after", secs)
	defer s.drainRefused(c)
	if wantsJSON(c) {
		c.AbortWithStatusJSON(http.StatusServiceUnavailable, gin.H{"error": msg, "retry_after": secs})
		return
	}
	s.render(c, http.StatusServiceUnavailable, view.ErrorPage(s.frame(c, l, w.SlowDownTitle, ""),
		view.ErrorVM{Status: http.StatusServiceUnavailable, Title: w.SlowDownTitle, Body: msg}))
	c.Abort()
}

// drainRefused reads and drops, once the refusal is sent, the body a
// refused request is still sending (a log of megabytes), up to what the
// route would have taken and within the body's deadline (deadline.go).
// Closing on it instead would reset the connection under a client still
// writing, which then reports a network failure instead of the 503 and
// its Retry-After. Nothing of the body is kept.
func (s *Server) drainRefused(c *gin.Context) {
	body := c.Request.Body
	if raw, ok := c.Get(ctxUnlimitedBody); ok {
		if rc, ok := raw.(io.ReadCloser); ok {
			body = rc
		}
	}
	if body == nil || body == http.NoBody {
		return
	}
	c.Writer.Flush()
	_, _ = io.Copy(io.Discard, io.LimitReader(body, s.explainMaxBytes()+explainFormSlack))
}
