package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/keep"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// explainKeep holds each learner's latest explanation of a long log, with
// its summary, within internal/keep's bounds.
type explainKeep = keep.Store[explainSummaries]

// explainSummaries is a kept explanation's summary in every language,
// written when it is kept (pagevm.ExplainSummary says each finding in the
// language asked): its further pages read in either language, as its
// events do (exchange.Event.In), without explaining the log again.
type explainSummaries map[i18n.Lang]view.ExplainSummaryVM

// keepExplained keeps an explanation for the request's learner (creating
// one, as any first-party action does) and returns its key; "" when it
// cannot be kept: too large, or no learner to keep it for. summary is the
// one shown in l.
func (s *Server) keepExplained(c *gin.Context, l i18n.Lang, summary view.ExplainSummaryVM, rep *explain.Report) string {
	learner, err := s.requireLearner(c)
	if err != nil {
		s.log.Info("explanation not kept: no learner", "err", err)
		return ""
	}
	all := explainSummaries{l: summary}
	for _, other := range i18n.All {
		if other != l {
			all[other] = pagevm.ExplainSummary(s.codeTitles, other, rep)
		}
	}
	return s.explained.Put(learner.ID, guard.AddrKey(c.ClientIP()), l, s.now(), all, rep.Events())
}

// explainPageShow is a further page of a kept explanation:
//
//	GET /{lang}/explain/{key}?page=N
//
// only for the learner who asked for it, in the page's language whatever
// the language it was asked in. One that is no longer kept (or never was
// this learner's) answers 404 with the form and what to do.
func (s *Server) explainPageShow(c *gin.Context) error {
	l := langOf(c)
	u := i18n.ExplainFor(l)
	vm := s.explainPageVM(c, l, explainQuery{lang: l}, "")
	vm.Action = "/" + string(l) + "/explain"
	kept, ok := s.keptExplanation(c)
	if !ok {
		vm.Error = u.Gone
		s.renderExplain(c, http.StatusNotFound, vm)
		return nil
	}
	pages := pagevm.ExplainPages(len(kept.Events))
	status := http.StatusOK
	page, err := strconv.Atoi(c.DefaultQuery("page", "1"))
	if err != nil || page < 1 || page > pages {
		vm.Error, page, status = fmt.Sprintf(u.ErrPage, pages), 1, http.StatusBadRequest
	}
	tp := pagevm.TimelinePage{Key: kept.Key, Page: page}
	vm.Explained = true
	vm.Summary = kept.Value[l]
	vm.Exchange = pagevm.ExplainExchange(s.log, l, kept.Events, tp)
	vm.Pager = pagevm.ExplainPager(l, len(kept.Events), tp, "")
	s.renderExplain(c, status, vm)
	return nil
}

// explainMessageShow is the whole text of one message of a kept
// explanation, as the log holds it (secrets masked), for the learner who
// asked for it; 404 with a sentence that says why otherwise:
//
//	GET /{lang}/explain/{key}/messages/{seq}
func (s *Server) explainMessageShow(c *gin.Context) error {
	u := i18n.ExplainFor(langOf(c))
	c.Header("Cache-Control", "no-store")
	kept, ok := s.keptExplanation(c)
	if !ok {
		c.String(http.StatusNotFound, "%s\n", u.Gone)
		return nil
	}
	seq, err := strconv.Atoi(c.Param("seq"))
	if err != nil || seq < 1 || seq > len(kept.Events) {
		c.String(http.StatusNotFound, "%s\n", fmt.Sprintf(u.ErrNoMessage, len(kept.Events)))
		return nil
	}
	c.Header("Content-Disposition", fmt.Sprintf(`inline; filename="message-%d.json"`, seq))
	c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(kept.Events[seq-1].Raw))
	return nil
}

// keptExplanation is the explanation the path's key names, if it is kept
// for the request's learner.
func (s *Server) keptExplanation(c *gin.Context) (*keep.Item[explainSummaries], bool) {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return nil, false
	}
	return s.explained.Get(c.Param("key"), learner.ID, s.now())
}
