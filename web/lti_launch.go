package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/store"
)

// ltiLaunch takes the platform's form post of id_token and state (a
// cross-site POST the Origin check lets through). The state must be one
// this browser's login set (its cookie holds the nonce) and the token
// must pass every check of lti.VerifyLaunch; anything else is a 4xx that
// signs nobody in. The learner is (issuer, sub), named from the claims,
// a member of the launch's course; an Instructor opens that course's
// instructor pages, a learner what the link points at.
func (s *Server) ltiLaunch(c *gin.Context) error {
	if err := c.Request.ParseForm(); err != nil {
		return badRequest("LTI: the launch cannot be read")
	}
	f := c.Request.PostForm
	if e := f.Get("error"); e != "" {
		return badRequest(fmt.Sprintf("LTI: the platform refused the login: %.100s %.300s", e, f.Get("error_description")))
	}
	state := f.Get("state")
	nonce, err := c.Cookie(ltiStateCookie + state)
	if state == "" || len(state) > 64 || err != nil || nonce == "" {
		return &httpError{status: http.StatusUnauthorized, msg: "LTI: this browser did not start this launch's login (its state cookie is missing): open the activity again from the course, or in a new window"}
	}
	setCrossSiteCookie(c, ltiStateCookie+state, "", "/lti/", -1, true)
	launch, err := s.lti.svc.VerifyLaunch(c.Request.Context(), f.Get("id_token"), nonce)
	if err != nil {
		return ltiRefusal(err)
	}
	if launch.MessageType == lti.MessageDeepLinking {
		return s.ltiDeepLinkPicker(c, launch)
	}
	target := s.ltiTarget(c, launch)
	learner, token, room, err := s.store.SignInLTI(c.Request.Context(), ltiSignIn(launch, target))
	if err != nil {
		return err
	}
	setCrossSiteCookie(c, learnerCookie, token, "/", learnerCookieAge, true)
	c.Set(learnerKey, learner)
	next, course := target.path, int64(0)
	if launch.Instructor() && room.ID != 0 {
		course = room.ID
		s.setCourseInstructor(c, room.ID)
		s.fillRoster(c, room)
		next = "/instructor/gradebook?course=" + strconv.FormatInt(room.ID, 10)
	} else if target.link.LineItem != "" {
		s.gradeBack(c.Request.Context(), learner.ID)
	}
	return s.ltiHandoff(c, learner.ID, course, next)
}

// ltiSignIn is what the store records of a launch.
func ltiSignIn(l lti.Launch, t ltiTarget) store.LTISignIn {
	name := l.Name
	if strings.TrimSpace(name) == "" {
		name, _, _ = strings.Cut(l.Email, "@")
	}
	if strings.TrimSpace(name) == "" {
		name = "Learner " + l.Sub[:min(len(l.Sub), 8)]
	}
	in := store.LTISignIn{
		User:       store.LTIUser{PlatformID: l.Platform.ID, Sub: l.Sub, Name: name, Email: l.Email},
		Room:       store.LTIRoom{PlatformID: l.Platform.ID, ContextID: l.Context.ID, Title: firstNonEmpty(l.Context.Title, l.Context.Label)},
		Instructor: l.Instructor(),
	}
	if l.NRPS != nil {
		in.Room.MembershipsURL = l.NRPS.MembershipsURL
	}
	if l.AGS != nil && l.AGS.LineItem != "" && t.link.Kind != "" {
		in.Link = store.LTILink{LineItem: l.AGS.LineItem, Kind: t.link.Kind, Target: t.link.Target}
	}
	return in
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

// ltiTarget is where a launch goes, and what its gradebook column grades.
type ltiTarget struct {
	path string
	link store.LTILink // Kind and Target only
}

var targetPath = regexp.MustCompile(`^/(en|fr)/(exercises|lessons)/([A-Za-z0-9._-]{1,100})$`)

// ltiTarget reads the launch's custom parameters (exercise=ID, lesson=SLUG,
// assignment=ID), else its target_link_uri when it is one of the
// playground's exercise or lesson pages; else the course's home page.
func (s *Server) ltiTarget(c *gin.Context, l lti.Launch) ltiTarget {
	lang := "en"
	if strings.HasPrefix(strings.ToLower(l.Locale), "fr") {
		lang = "fr"
	}
	kind, id := "", ""
	for _, k := range []string{"exercise", "assignment", "lesson"} {
		if v := strings.TrimSpace(l.Custom[k]); v != "" && len(v) <= 100 {
			kind, id = k, v
			break
		}
	}
	if kind == "" {
		if u, err := url.Parse(l.TargetLink); err == nil {
			if m := targetPath.FindStringSubmatch(u.Path); m != nil && s.ownHost(c, u.Host) {
				lang, kind, id = m[1], strings.TrimSuffix(m[2], "s"), m[3]
			}
		}
	}
	switch kind {
	case "exercise":
		return ltiTarget{path: "/" + lang + "/exercises/" + url.PathEscape(id), link: store.LTILink{Kind: "exercise", Target: id}}
	case "lesson":
		return ltiTarget{path: "/" + lang + "/lessons/" + url.PathEscape(id)}
	case "assignment":
		if !s.launchAssignment(c, l, id) {
			break // another room's, or none: no gradebook column to fill
		}
		return ltiTarget{path: "/" + lang + "/", link: store.LTILink{Kind: "assignment", Target: id}}
	}
	return ltiTarget{path: "/" + lang + "/"}
}

// launchAssignment reports whether id is an assignment of the launch's
// course.
func (s *Server) launchAssignment(c *gin.Context, l lti.Launch, id string) bool {
	course, err := s.launchCourse(c, l)
	if err != nil || course < 0 {
		return false
	}
	_, err = s.store.AssignmentByID(c.Request.Context(), course, id)
	return err == nil
}

// ownHost reports whether host is the playground's (the request's, or the
// public URL's).
func (s *Server) ownHost(c *gin.Context, host string) bool {
	if strings.EqualFold(host, c.Request.Host) {
		return true
	}
	u, err := url.Parse(s.cfg.PublicURL)
	return err == nil && s.cfg.PublicURL != "" && strings.EqualFold(host, u.Host)
}
