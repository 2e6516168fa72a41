package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/lti"
)

// This file holds what the LTI 1.3 handlers (lti_*.go) share: the
// service, the cookies that must cross from the LMS's site
// (SameSite=None; Secure; Partitioned, which browsers take on loopback
// too), the signed values the tool hands the browser, and the framing
// policy that lets a registered LMS show the playground in its iframe.

const (
	ltiStateCookie      = "lti-state-" // + state: the login's nonce
	ltiStateAge         = 10 * 60
	ltiCheckCookie      = "lti-check" // readable by the page: are cookies kept here?
	ltiInstructorCookie = "lti-instructor"
	ltiSecretName       = "lti-signing-v1"
)

// ltiState is the LTI part of the server.
type ltiState struct {
	svc    *lti.Service
	secret []byte
	// frame caches the frame-ancestors of the registered platforms: every
	// request reads it without a lock; frameMu serialises its refresh.
	frameMu sync.Mutex
	frame   atomic.Pointer[frameAncestorsCache]
}

// frameAncestorsCache is the platforms' origins, read from the database
// until a time, and the Content-Security-Policy that lets them frame the
// pages (nil without platforms; shared between responses, capacity 1 as
// guard's headers).
type frameAncestorsCache struct {
	origins string
	csp     []string
	until   time.Time
}

func (s *Server) initLTI(svc *lti.Service) error {
	if svc == nil {
		svc = lti.New(s.store, lti.Config{Clock: s.cfg.Clock, Logger: s.log})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	secret, err := s.store.Secret(ctx, ltiSecretName, 32)
	if err != nil {
		return err
	}
	s.lti = &ltiState{svc: svc, secret: secret}
	return nil
}

// setCrossSiteCookie sets a cookie that the LMS's pages carry to the
// playground: the launch is a cross-site POST and the playground runs in
// the LMS's iframe.
func setCrossSiteCookie(c *gin.Context, name, value, path string, maxAge int, httpOnly bool) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: path, MaxAge: maxAge,
		HttpOnly: httpOnly, Secure: true, SameSite: http.SameSiteNoneMode, Partitioned: true,
	})
}

// ltiSign signs a value the tool gives the browser (a ticket, a course
// instructor's session, a deep linking request): "payload.exp.mac".
func (s *Server) ltiSign(purpose, payload string, ttl time.Duration) string {
	exp := strconv.FormatInt(s.now().Add(ttl).Unix(), 10)
	return payload + "." + exp + "." + s.ltiMAC(purpose, payload, exp)
}

func (s *Server) ltiMAC(purpose, payload, exp string) string {
	m := hmac.New(sha256.New, s.lti.secret)
	m.Write([]byte(purpose + "|" + payload + "|" + exp))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// ltiOpen returns the payload of a value ltiSign signed for purpose, if
// the signature holds and it has not expired.
func (s *Server) ltiOpen(purpose, v string) (string, bool) {
	if len(v) > 16<<10 {
		return "", false
	}
	i := strings.LastIndexByte(v, '.')
	if i < 0 {
		return "", false
	}
	j := strings.LastIndexByte(v[:i], '.')
	if j < 0 {
		return "", false
	}
	payload, exp, mac := v[:j], v[j+1:i], v[i+1:]
	t, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || s.now().Unix() > t || !hmac.Equal([]byte(mac), []byte(s.ltiMAC(purpose, payload, exp))) {
		return "", false
	}
	return payload, true
}

// ltiRefusal renders a refused login or launch: a 4xx page that says why,
// and signs nobody in.
func ltiRefusal(err error) error {
	var r *lti.Refusal
	if errors.As(err, &r) {
		return &httpError{status: r.Status, msg: "LTI: " + r.Reason}
	}
	return err
}

// toolURL is the playground's public URL of path, as the LMS reaches it.
func (s *Server) toolURL(c *gin.Context, path string) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimSuffix(s.cfg.PublicURL, "/") + path
	}
	scheme := "http"
	if c.Request.TLS != nil || s.cfg.SecureCookies {
		scheme = "https"
	}
	return scheme + "://" + c.Request.Host + path
}

// inFrame reports whether the browser loads the page in a frame (the
// LMS's iframe), where cookies may be blocked.
func inFrame(c *gin.Context) bool {
	return c.GetHeader("Sec-Fetch-Dest") == "iframe"
}

// ltiFraming lets the registered platforms show the playground in their
// iframes: frame-ancestors lists their origins (read from the database at
// most every 30 seconds). It runs after guard.SecurityHeaders.
func (s *Server) ltiFraming() guard.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if csp := s.frameAncestors(r.Context()).csp; csp != nil {
				w.Header()["Content-Security-Policy"] = csp
			}
			next.ServeHTTP(w, r)
		})
	}
}

// expireFrameAncestors makes the next request read the platforms again
// (one was added or removed here).
func (s *Server) expireFrameAncestors() {
	s.lti.frameMu.Lock()
	defer s.lti.frameMu.Unlock()
	if f := s.lti.frame.Load(); f != nil {
		s.lti.frame.Store(&frameAncestorsCache{origins: f.origins, csp: f.csp})
	}
}

// frameAncestors is the registered platforms' origins, read from the
// database at most every 30 seconds; when the database fails, the last
// origins read.
func (s *Server) frameAncestors(ctx context.Context) *frameAncestorsCache {
	now := s.now()
	if f := s.lti.frame.Load(); f != nil && now.Before(f.until) {
		return f
	}
	s.lti.frameMu.Lock()
	defer s.lti.frameMu.Unlock()
	last := s.lti.frame.Load()
	if last != nil && now.Before(last.until) {
		return last // refreshed while this request waited
	}
	ps, err := s.store.LTIPlatforms(ctx)
	if err != nil {
		if last == nil {
			return &frameAncestorsCache{}
		}
		return last
	}
	seen := map[string]bool{}
	var origins []string
	for _, p := range ps {
		for _, raw := range []string{p.Issuer, p.AuthURL} {
			u, err := url.Parse(raw)
			if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
				continue
			}
			o := u.Scheme + "://" + u.Host
			if !seen[o] && !strings.ContainsAny(o, " ;,'") {
				seen[o] = true
				origins = append(origins, o)
			}
		}
	}
	f := &frameAncestorsCache{origins: strings.Join(origins, " "), until: now.Add(30 * time.Second)}
	if f.origins != "" {
		f.csp = []string{strings.Replace(guard.ContentSecurityPolicy, "frame-ancestors 'none'", "frame-ancestors 'self' "+f.origins, 1)}
	}
	s.lti.frame.Store(f)
	return f
}

// random16 is 128 random bits, URL-safe.
func random16() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// courseInstructorAge is how long an LMS instructor's launch opens the
// course's instructor pages.
const courseInstructorAge = 8 * time.Hour

// setCourseInstructor opens one course's instructor pages to this browser
// (an Instructor's launch): a signed cookie naming the course.
func (s *Server) setCourseInstructor(c *gin.Context, course int64) {
	v := s.ltiSign("course-instructor", strconv.FormatInt(course, 10), courseInstructorAge)
	setCrossSiteCookie(c, ltiInstructorCookie, v, "/instructor", int(courseInstructorAge.Seconds()), true)
}

// courseInstructor returns the course whose instructor pages the request's
// cookie opens, if any.
func (s *Server) courseInstructor(c *gin.Context) (int64, bool) {
	v, err := c.Cookie(ltiInstructorCookie)
	if err != nil {
		return 0, false
	}
	p, ok := s.ltiOpen("course-instructor", v)
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(p, 10, 64)
	return id, err == nil && id > 0
}

// courseKey holds, for an LMS instructor, the only course whose pages the
// request may see.
const courseKey = "lti-course"

// coursePages are the instructor pages an LMS course's instructor opens
// (for that course only).
var coursePages = map[string]bool{
	"/instructor": true, "/instructor/live": true, "/instructor/dashboard.json": true,
	"/instructor/gradebook": true, "/instructor/gradebook.csv": true,
}

// allowCourseInstructor lets an LMS instructor's browser into the pages of
// its course, without the instructor token: the request is marked with
// the course, which the handlers show and nothing else.
func (s *Server) allowCourseInstructor(c *gin.Context) bool {
	course, ok := s.courseInstructor(c)
	page := c.Request.Method == http.MethodGet && coursePages[c.Request.URL.Path]
	if !ok || !(page || courseAssignmentPage(c.Request.Method, c.Request.URL.Path)) {
		return false
	}
	if q := c.Query("course"); q != "" && q != strconv.FormatInt(course, 10) {
		return false
	}
	c.Set(courseKey, course)
	return true
}

// courseOf is the course an LMS instructor's request is held to (ok false
// for the token holder, who sees every room).
func courseOf(c *gin.Context) (int64, bool) {
	v, ok := c.Get(courseKey)
	if !ok {
		return 0, false
	}
	return v.(int64), true
}

// dashboardCourse is the room a dashboard shows: an LMS instructor's
// course, or ?course=N for the token holder (0: the workshop).
func dashboardCourse(c *gin.Context) int64 {
	if course, held := courseOf(c); held {
		return course
	}
	n, err := strconv.ParseInt(c.Query("course"), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}
