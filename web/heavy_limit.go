package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
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

// heavy is the middleware of the explain and check routes
// (guard.Heavy): the request holds one of its learner's heavy slots and
// one of everyone's while the rest of the chain runs; a refused one's body
// is drained up to what the route would have taken.
func (s *Server) heavy() guard.Middleware {
	return guard.Heavy(guard.HeavyConfig{
		Clock: s.cfg.Clock, Gate: s.heavyGate, Client: s.client,
		Refuse: func(w http.ResponseWriter, _ *http.Request, mine bool, retry time.Duration) {
			s.busy(ginOf(w), mine, retry)
		},
		Drain: s.explainMaxBytes() + explainFormSlack,
	})
}

// busy answers 503 with a Retry-After of retry (when the soonest request
// in the way is expected to end), in the learner's language (slowDown).
func (s *Server) busy(c *gin.Context, mine bool, retry time.Duration) {
	secs := retrySeconds(retry)
	l := apiLang(c)
	w := i18n.WorkshopFor(l)
	msg := fmt.Sprintf(w.BusyHeavy, secs)
	if mine {
		msg = fmt.Sprintf(w.BusyMine, secs)
	}
	s.log.Info("heavy request refused", "path", c.Request.URL.Path, "mine", mine, "retry_after", secs)
	s.slowDown(c, http.StatusServiceUnavailable, l, msg, secs)
}
