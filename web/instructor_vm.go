package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// dashboardCache shares one snapshot of the room between the dashboards
// and scripts that ask within ttl: an instructor with the dashboard open
// on a laptop and on the projector costs one query, not two.
type dashboardCache struct {
	ttl time.Duration
	mu  sync.Mutex // held during the query, so concurrent refreshes coalesce
	at  time.Time
	d   store.Dashboard
}

func newDashboardCache(ttl time.Duration) *dashboardCache { return &dashboardCache{ttl: ttl} }

func (dc *dashboardCache) get(ctx context.Context, st *store.Store, now time.Time, course int64) (store.Dashboard, error) {
	if course > 0 {
		// An LMS course's room: a smaller one, read each time.
		return st.DashboardIn(ctx, course, now, stuckRule, topProblems)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	if !dc.at.IsZero() && now.Sub(dc.at) < dc.ttl {
		return dc.d, nil
	}
	// The snapshot is shared: finish it even if the browser that asked
	// has gone, since the next refresh (of any dashboard) will want it.
	d, err := st.Dashboard(context.WithoutCancel(ctx), now, stuckRule, topProblems)
	if err != nil {
		return store.Dashboard{}, err
	}
	dc.at, dc.d = now, d
	return d, nil
}

// invalidate makes the next read fresh, after a reset.
func (dc *dashboardCache) invalidate() {
	dc.mu.Lock()
	dc.at = time.Time{}
	dc.mu.Unlock()
}

// dashboardLiveVM is the refreshing part of the dashboard from a snapshot;
// keep, when not nil, narrows it to an assignment's exercises.
func (s *Server) dashboardLiveVM(l i18n.Lang, d store.Dashboard, anon bool, keep map[string]bool) view.DashboardLiveVM {
	return pagevm.DashboardLive(pagevm.DashboardIn{
		Codes: s.codeTitles, Catalog: s.content.Catalog(), Lang: l, Room: d, Stuck: stuckRule, Anon: anon, Keep: keep,
	})
}

// What the instructor's handlers share: the page frame, the login form,
// the resets' confirmations and the exports' names and headers.

func (s *Server) renderLogin(c *gin.Context, status int, next, msg string) {
	l := langOf(c)
	t := i18n.InstructorFor(l)
	f := s.instructorFrame(c, l, t.LoginTitle)
	action := "/instructor/login?next=" + url.QueryEscape(next)
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.InstructorLogin(f, view.InstructorLoginVM{T: t, Action: action, Error: msg}, s.assets.URL("js/instructor.js")))
}

// instructorFrame is the page frame of the instructor's pages: they have no
// /{lang}/ prefix, so the language switch adds ?lang= instead.
func (s *Server) instructorFrame(c *gin.Context, l i18n.Lang, title string) view.Frame {
	f := s.frame(c, l, title, "")
	q := c.Request.URL.Query()
	q.Set("lang", string(l.Other()))
	f.AltURL = c.Request.URL.Path + "?" + q.Encode()
	f.BodyClass = "instructor"
	return f
}

// anonMode reports whether names are hidden (?anon=1), for a dashboard
// projected on a screen.
func anonMode(c *gin.Context) bool { return c.Query("anon") == "1" }

// Resets erase data, so each one is two steps: a GET shows what will be
// erased with a checkbox to tick, and only a POST with confirm=yes erases.

// learnerParam finds the learner named in the URL.
func (s *Server) learnerParam(c *gin.Context, t *i18n.InstructorUI) (store.Learner, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	l, err := s.store.LearnerByID(c.Request.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Learner{}, &httpError{status: http.StatusNotFound, msg: t.UnknownLearner}
	}
	return l, err
}

func (s *Server) learnerResetVM(c *gin.Context, t *i18n.InstructorUI, l store.Learner) view.ConfirmVM {
	return view.ConfirmVM{
		T: t, Title: fmt.Sprintf(t.ResetLearnerTitle, pagevm.LearnerLabel(t, l)), Body: t.ResetLearnerBody,
		Action: c.Request.URL.Path, Back: "/instructor",
	}
}

func (s *Server) workshopResetVM(c *gin.Context, t *i18n.InstructorUI) (view.ConfirmVM, error) {
	learners, err := s.store.Learners(c.Request.Context())
	if err != nil {
		return view.ConfirmVM{}, err
	}
	attempts, err := s.store.CountAttemptsIn(c.Request.Context(), 0)
	if err != nil {
		return view.ConfirmVM{}, err
	}
	return view.ConfirmVM{
		T: t, Title: t.ResetWorkshopTitle, Body: i18n.Sprintf(t.LangOf(), t.ResetWorkshopBody, len(learners), attempts),
		Action: "/instructor/reset", Back: "/instructor",
	}, nil
}

// displayNames maps every learner's id to their display name ("" when
// they have none), for the exports' rows.
func (s *Server) displayNames(ctx context.Context, archive int64) (map[int64]string, error) {
	learners, err := s.store.LearnersIn(ctx, archive)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(learners))
	for _, l := range learners {
		names[l.ID] = l.DisplayName
	}
	return names, nil
}

func (s *Server) attachment(c *gin.Context, name, contentType string) {
	c.Header("Content-Type", contentType)
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s"`, s.now().Format("20060102-1504"), name))
}
