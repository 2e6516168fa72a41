package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// rosterShow lists the roster students of the room with their personal
// codes and links, under the import form.
func (s *Server) rosterShow(c *gin.Context) error {
	return s.renderRoster(c, http.StatusOK, s.rosterNotice(c), "")
}

func (s *Server) rosterNotice(c *gin.Context) string {
	l := langOf(c)
	switch c.Query("done") {
	case "roster":
		added, _ := strconv.Atoi(c.Query("added"))
		updated, _ := strconv.Atoi(c.Query("updated"))
		return i18n.Sprintf(l, i18n.UniversityFor(l).RosterDone, added, updated)
	case "code":
		// The name is read again, not taken from the address, so a link
		// cannot put words on the instructor's page.
		id, _ := strconv.ParseInt(c.Query("id"), 10, 64)
		if lr, err := s.store.LearnerByID(c.Request.Context(), id); err == nil {
			return fmt.Sprintf(i18n.UniversityFor(l).RosterReissued, pagevm.LearnerLabel(i18n.InstructorFor(l), lr))
		}
	}
	return ""
}

func (s *Server) renderRoster(c *gin.Context, status int, notice, problem string) error {
	l := langOf(c)
	t, u := i18n.InstructorFor(l), i18n.UniversityFor(l)
	ctx := c.Request.Context()
	learners, err := s.store.Learners(ctx)
	if err != nil {
		return err
	}
	joined, err := s.store.Joined(ctx)
	if err != nil {
		return err
	}
	vm := view.RosterVM{T: t, U: u, Action: "/instructor/roster", Notice: notice, BackURL: "/instructor"}
	if problem != "" {
		vm.Error = i18n.Sprintf(l, u.RosterBad, problem)
	}
	for _, lr := range learners {
		if lr.StudentID == "" {
			continue
		}
		row := view.RosterRow{
			StudentID: lr.StudentID, Name: lr.DisplayName, Email: lr.Email, Code: lr.ResumeCode,
			Link: personalLink(l, lr), Joined: u.RosterNotJoined, AttemptsURL: pagevm.LearnerAttemptsURL(lr.ID),
			ReissueURL: pagevm.LearnerAttemptsURL(lr.ID) + "/code",
		}
		if joined[lr.ID] {
			row.Joined = u.RosterJoined
		}
		vm.Students = append(vm.Students, row)
	}
	s.render(c, status, view.Roster(s.instructorFrame(c, l, u.RosterTitle), vm))
	return nil
}

// personalLink is the path a roster student opens to join as themselves:
// their resume code is their personal code.
func personalLink(l i18n.Lang, lr store.Learner) string {
	return "/" + string(l) + "/join?student=" + lr.ResumeCode
}
