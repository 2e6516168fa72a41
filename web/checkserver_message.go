package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/keep"
	"github.com/mcpplayground/playground/web/pagevm"
)

// checkKeep holds each learner's latest check run with a folded message,
// within internal/keep's bounds.
type checkKeep = keep.Store[struct{}]

// keepCheck keeps an ended run that folded a message, for its learner
// only, so that the page can link each folded message to its whole text
// (as the check kept it: at most 256 KiB a step, 1 MiB a run). It is kept
// like a long explanation (internal/keep): each learner's latest, for 30
// minutes, within the same bounds of count and bytes.
func (s *Server) keepCheck(learner int64, network string, r *pagevm.CheckRun) {
	events := r.Events()
	for i := range events {
		if len(events[i].Raw) > pagevm.MaxShownBytes {
			r.Key = s.checked.Put(learner, network, r.Lang, s.now(), struct{}{}, events)
			return
		}
	}
}

// checkMessageShow is the whole text of one message of a kept check, for
// the learner who ran it; 404 with a sentence that says why otherwise:
//
//	GET /{lang}/check-server/{key}/messages/{seq}
func (s *Server) checkMessageShow(c *gin.Context) error {
	x := i18n.CheckServerFor(langOf(c))
	c.Header("Cache-Control", "no-store")
	var kept *keep.Item[struct{}]
	learner, ok, err := s.currentLearner(c)
	if err == nil && ok {
		kept, ok = s.checked.Get(c.Param("key"), learner.ID, s.now())
	}
	if err != nil || !ok {
		c.String(http.StatusNotFound, "%s\n", x.Gone)
		return nil
	}
	seq, err := strconv.Atoi(c.Param("seq"))
	for _, ev := range kept.Events {
		if err == nil && ev.Seq == seq {
			c.Header("Content-Disposition", fmt.Sprintf(`inline; filename="message-%d.json"`, seq))
			c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(ev.Raw))
			return nil
		}
	}
	last := 0
	if n := len(kept.Events); n > 0 {
		last = kept.Events[n-1].Seq
	}
	c.String(http.StatusNotFound, "%s\n", fmt.Sprintf(x.NoMessage, last))
	return nil
}
