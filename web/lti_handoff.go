package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// ticketTTL is how long the "open in a new window" link of a launch works.
const ticketTTL = 2 * time.Minute

// ltiHandoff ends a launch: a redirect to next, or, inside the LMS's
// iframe, a page that goes on to next when the browser kept the cookies
// there, and else offers to open next in a new window with a single-use
// ticket that signs the same learner in (/lti/resume).
func (s *Server) ltiHandoff(c *gin.Context, learnerID, course int64, next string) error {
	c.Header("Cache-Control", "no-store")
	if !inFrame(c) {
		c.Redirect(http.StatusSeeOther, next)
		return nil
	}
	setCrossSiteCookie(c, ltiCheckCookie, "1", "/", ltiStateAge, false)
	payload := strconv.FormatInt(learnerID, 10) + "|" + strconv.FormatInt(course, 10) + "|" + random16() + "|" + next
	ticket := s.ltiSign("ticket", payload, ticketTTL)
	s.render(c, http.StatusOK, view.LTIHandoff(s.ltiFrame(c), view.LTIHandoffVM{
		T: ltiUI(c), Next: next, NewWindow: "/lti/resume?t=" + url.QueryEscape(ticket),
	}))
	return nil
}

// openTicket reads a ticket of ltiHandoff.
func (s *Server) openTicket(ctx context.Context, t string) (learnerID, course int64, next string, ok bool) {
	payload, ok := s.ltiOpen("ticket", t)
	if !ok {
		return 0, 0, "", false
	}
	parts := strings.SplitN(payload, "|", 4)
	if len(parts) != 4 || !strings.HasPrefix(parts[3], "/") || strings.HasPrefix(parts[3], "//") {
		return 0, 0, "", false
	}
	learnerID, err1 := strconv.ParseInt(parts[0], 10, 64)
	course, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, "", false
	}
	// Single use: the ticket's random part is a nonce of its own.
	if err := s.store.UseLTINonce(ctx, "ticket:"+parts[2], s.now().Add(ticketTTL+time.Minute)); err != nil {
		return 0, 0, "", false
	}
	return learnerID, course, parts[3], true
}

// gradeBack queues the learner's scores for the LMS's gradebook (after a
// pass); a failure is logged, never the learner's problem.
func (s *Server) gradeBack(ctx context.Context, learnerID int64) {
	if _, err := s.lti.svc.GradeLearner(ctx, learnerID); err != nil {
		s.log.Error("queue LTI scores", "learner", learnerID, "err", err)
	}
}

// fillRoster fills a course's roster from the platform's membership
// service, when the launch offered one; a failure is logged and the
// instructor still gets in.
func (s *Server) fillRoster(c *gin.Context, room store.LTIRoom) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 10*time.Second)
	defer cancel()
	r, err := s.store.LTIRoomByID(ctx, room.ID)
	if err != nil {
		s.log.Error("read course", "course", room.ID, "err", err)
		return
	}
	if n, err := s.lti.svc.FillRoster(ctx, r); err != nil {
		s.log.Warn("fill roster from the platform", "course", room.ID, "err", err)
	} else if n > 0 {
		s.log.Info("roster filled from the platform", "course", room.ID, "new learners", n)
	}
}

// ltiFrame is the frame of the LTI pages.
func (s *Server) ltiFrame(c *gin.Context) view.Frame {
	l := langOf(c)
	return s.frame(c, l, ltiUI(c).Title, "")
}
