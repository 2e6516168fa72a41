package web

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// deepLinkTTL is how long an instructor may take to choose.
const deepLinkTTL = time.Hour

// deepLinkRequest is what the picker's form carries, signed, of the deep
// linking request it answers.
type deepLinkRequest struct {
	Platform   int64  `json:"p"`
	Deployment string `json:"d"`
	ReturnURL  string `json:"r"`
	Data       string `json:"a,omitempty"`
	Course     int64  `json:"c,omitempty"` // the room whose assignments it offers (-1: none yet)
}

// launchCourse is the room of a launch's course: 0 (the workshop) for a
// launch without a course, -1 for a course with no room yet (no
// assignments of its own).
func (s *Server) launchCourse(c *gin.Context, l lti.Launch) (int64, error) {
	if l.Context.ID == "" {
		return 0, nil
	}
	r, err := s.store.LTIRoomOf(c.Request.Context(), l.Platform.ID, l.Context.ID)
	if errors.Is(err, store.ErrNotFound) {
		return -1, nil
	}
	return r.ID, err
}

// ltiDeepLinkPicker answers an LtiDeepLinkingRequest: the instructor picks
// lessons, exercises and assignments to add to the course.
func (s *Server) ltiDeepLinkPicker(c *gin.Context, l lti.Launch) error {
	if !l.Instructor() {
		return &httpError{status: http.StatusForbidden, msg: "LTI: only an instructor of the course may add the playground's activities"}
	}
	course, err := s.launchCourse(c, l)
	if err != nil {
		return err
	}
	b, err := json.Marshal(deepLinkRequest{Platform: l.Platform.ID, Deployment: l.DeploymentID, ReturnURL: l.DeepLink.ReturnURL, Data: l.DeepLink.Data, Course: course})
	if err != nil {
		return err
	}
	lang := i18n.EN
	if len(l.Locale) >= 2 && l.Locale[:2] == "fr" {
		lang = i18n.FR
	}
	c.Set(langKey, lang)
	vm := view.LTIPickerVM{T: ltiUI(c), Action: "/lti/deep-link", Request: s.ltiSign("deep-link", base64.RawURLEncoding.EncodeToString(b), deepLinkTTL)}
	cat := s.content.Catalog()
	for _, ls := range cat.Lessons(lang) {
		vm.Items = append(vm.Items, view.LTIPickItem{Value: "lesson:" + ls.Slug, Title: ls.Title, Kind: vm.T.KindLesson})
	}
	for _, ex := range cat.Exercises() {
		vm.Items = append(vm.Items, view.LTIPickItem{Value: "exercise:" + ex.ID, Title: ex.TextIn(lang).Title, Kind: vm.T.KindExercise})
	}
	as, err := s.courseAssignments(c, course)
	if err != nil {
		return err
	}
	for _, a := range as {
		vm.Items = append(vm.Items, view.LTIPickItem{Value: "assignment:" + a.ID, Title: a.Title, Kind: vm.T.KindAssignment})
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.LTIPicker(s.ltiFrame(c), vm))
	return nil
}

// courseAssignments lists a launch's room's assignments (none for -1).
func (s *Server) courseAssignments(c *gin.Context, course int64) ([]store.Assignment, error) {
	if course < 0 {
		return nil, nil
	}
	return s.store.Assignments(c.Request.Context(), course)
}
