package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
)

// assignmentRoom is the room whose assignments a request shows and
// changes: an LMS instructor's course, else ?course=N for the token
// holder (absent or 0: the workshop). An unknown course is a 404.
func (s *Server) assignmentRoom(c *gin.Context) (int64, error) {
	if course, held := courseOf(c); held {
		return course, nil
	}
	v := c.Query("course")
	if v == "" || v == "0" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, badRequest("course must be the number of an LMS course")
	}
	if _, err := s.store.LTIRoomByID(c.Request.Context(), n); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return 0, &httpError{status: http.StatusNotFound, msg: "no LMS course " + v}
		}
		return 0, err
	}
	return n, nil
}

// inRoom adds the room to an instructor page's URL (nothing for the
// workshop, whose URLs stay as they were).
func inRoom(path string, course int64, q url.Values) string {
	if course > 0 {
		if q == nil {
			q = url.Values{}
		}
		q.Set("course", strconv.FormatInt(course, 10))
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// courseAssignmentPage reports whether an LMS instructor may use this
// request on their course's assignments page (its form posts included).
func courseAssignmentPage(method, path string) bool {
	switch {
	case path == "/instructor/assignments":
		return method == http.MethodGet || method == http.MethodPost
	case path == "/instructor/assignments/extensions":
		return method == http.MethodPost
	case strings.HasPrefix(path, "/instructor/assignments/") && strings.HasSuffix(path, "/delete"):
		return method == http.MethodPost
	}
	return false
}

// roomLearners lists the learners of the room: the workshop's current
// ones, or an LMS course's.
func (s *Server) roomLearners(c *gin.Context, course int64) ([]store.Learner, error) {
	if course > 0 {
		return s.store.LearnersOfCourse(c.Request.Context(), course)
	}
	return s.store.Learners(c.Request.Context())
}

// inCourse reports whether the learner belongs to the LMS course's room.
func (s *Server) inCourse(c *gin.Context, course, learnerID int64) bool {
	ls, err := s.store.LearnersOfCourse(c.Request.Context(), course)
	if err != nil {
		return false
	}
	for _, l := range ls {
		if l.ID == learnerID {
			return true
		}
	}
	return false
}
