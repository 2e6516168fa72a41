package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// maxClientWatch bounds one page's event stream; the script opens another.
const maxClientWatch = 15 * time.Minute

// checkClientEvents streams the learner's own run of a client exercise
// as server-sent events: "steps" with the steps laid out ({"html",
// "state"}) at once and after every change. The run is found by the
// learner's cookie, never by a key: nobody reads another's verdicts.
func (s *Server) checkClientEvents(c *gin.Context) error {
	l := langOf(c)
	x := i18n.CheckClientFor(l)
	ex := findExercise(clientExercisesOf(s.content.Catalog().Exercises()), c.Query("exercise"))
	if ex == nil {
		return &httpError{status: http.StatusNotFound, msg: x.NoExercise}
	}
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	var cc *clientCheck
	if ok {
		cc = s.clientChecks.ofOwner(clientOwner(learner.ID, ex.ID))
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	plan := clientcheck.PlanOf(ex, l)
	end := time.After(maxClientWatch)
	for {
		var changed <-chan struct{}
		var done []clientcheck.StepResult
		state := "waiting"
		if cc != nil {
			done, state, changed = cc.snapshot() // before the layout: no change is missed
		}
		vm := pagevm.CheckClientSteps(x, plan, done, state)
		html, err := renderString(c.Request.Context(), view.CheckClientSteps(vm))
		if err != nil {
			return nil // the page is gone
		}
		b, _ := json.Marshal(map[string]string{"html": html, "state": vm.State})
		fmt.Fprintf(c.Writer, "event: steps\ndata: %s\n\n", b)
		c.Writer.Flush()
		if cc == nil {
			return nil // no URL yet: nothing will change
		}
		select {
		case <-changed:
		case <-end:
			return nil
		case <-c.Request.Context().Done():
			return nil
		}
	}
}
