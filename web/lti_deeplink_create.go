package web

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/web/view"
)

// maxDeepLinkItems bounds the activities added at once.
const maxDeepLinkItems = 200

// ltiDeepLinkCreate sends the instructor's choice back to the LMS: a
// signed LtiDeepLinkingResponse (form field JWT, echoing the request's
// data) whose resource links carry a line item for what is graded
// (exercises and assignments), so the LMS makes the gradebook column.
func (s *Server) ltiDeepLinkCreate(c *gin.Context) error {
	payload, ok := s.ltiOpen("deep-link", c.PostForm("request"))
	if !ok {
		return &httpError{status: http.StatusForbidden, msg: "LTI: this choice has expired: add the activity again from the course"}
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	var req deepLinkRequest
	if err != nil || json.Unmarshal(raw, &req) != nil {
		return badRequest("LTI: the deep linking request cannot be read")
	}
	p, err := s.store.LTIPlatformByID(c.Request.Context(), req.Platform)
	if err != nil {
		return &httpError{status: http.StatusForbidden, msg: "LTI: the platform of this request is no longer registered"}
	}
	items, err := s.deepLinkItems(c, req.Course, c.PostFormArray("item"))
	if err != nil {
		return err
	}
	launch := lti.Launch{Platform: p, DeploymentID: req.Deployment, DeepLink: &lti.DeepLinkSettings{ReturnURL: req.ReturnURL, Data: req.Data}}
	returnURL, jwt, err := s.lti.svc.DeepLinkResponse(c.Request.Context(), launch, items)
	if err != nil {
		return err
	}
	u, err := url.Parse(returnURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return badRequest("LTI: the platform's return URL is not an http(s) URL")
	}
	// The page posts the form to the LMS: its origin joins form-action.
	c.Writer.Header()["Content-Security-Policy"] = []string{strings.Replace(guard.ContentSecurityPolicy, "form-action 'self'", "form-action 'self' "+u.Scheme+"://"+u.Host, 1)}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.LTIPost(s.ltiFrame(c), view.LTIPostVM{T: ltiUI(c), Action: returnURL, JWT: jwt}))
	return nil
}

// deepLinkItems turns the picker's values ("exercise:ID", "lesson:SLUG",
// "assignment:ID") into resource links.
func (s *Server) deepLinkItems(c *gin.Context, course int64, values []string) ([]lti.Item, error) {
	if len(values) == 0 || len(values) > maxDeepLinkItems {
		return nil, badRequest("LTI: choose between 1 and 200 activities")
	}
	cat := s.content.Catalog()
	lang := langOf(c)
	var items []lti.Item
	for _, v := range values {
		kind, id, _ := strings.Cut(v, ":")
		it := lti.Item{URL: s.toolURL(c, "/"+string(lang)+"/"), Custom: map[string]string{kind: id}, ResourceID: v}
		switch kind {
		case "exercise":
			ex, ok := cat.Exercise(id)
			if !ok {
				return nil, badRequest("LTI: unknown exercise " + id)
			}
			it.Title, it.ScoreMaximum = ex.TextIn(lang).Title, 1
			it.URL = s.toolURL(c, "/"+string(lang)+"/exercises/"+url.PathEscape(id))
		case "lesson":
			pl, ok := cat.Lesson(lang, id)
			if !ok {
				return nil, badRequest("LTI: unknown lesson " + id)
			}
			it.Title = pl.Lesson.Title
			it.URL = s.toolURL(c, "/"+string(lang)+"/lessons/"+url.PathEscape(id))
		case "assignment":
			a, err := s.store.AssignmentByID(c.Request.Context(), course, id)
			if err != nil || course < 0 {
				return nil, badRequest("LTI: unknown assignment " + id)
			}
			it.Title, it.ScoreMaximum = a.Title, float64(max(len(a.Exercises), 1))
		default:
			return nil, badRequest("LTI: unknown activity " + v)
		}
		items = append(items, it)
	}
	return items, nil
}
