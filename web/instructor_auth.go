package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

const (
	// instructorCookie is separate from the learner's cookie: an instructor
	// who also tries the exercises keeps both identities apart.
	instructorCookie = "instructor"
	// instructorSessionAge covers a long workshop day.
	instructorSessionAge = 12 * time.Hour
	instructorKey        = "instructor"
)

// NewInstructorToken returns a random token for the instructor pages, for
// when none was configured: 128 bits, URL-safe so it can be pasted anywhere.
func NewInstructorToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails since Go 1.24
	return base64.RawURLEncoding.EncodeToString(b)
}

// instructorAuth checks the instructor token and the session cookie. The
// cookie never holds the token: it holds an expiry and an HMAC of it under
// a key derived from the token, so a leaked cookie expires, and changing
// the token signs every instructor out.
type instructorAuth struct {
	tokenSum   [32]byte
	sessionKey []byte
	secure     bool
}

func newInstructorAuth(token string, secure bool) *instructorAuth {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("mcp-playground instructor session key v1"))
	return &instructorAuth{tokenSum: sha256.Sum256([]byte(token)), sessionKey: mac.Sum(nil), secure: secure}
}

// checkToken compares in constant time. Hashing both sides first makes the
// comparison's length fixed, so not even the token's length leaks.
func (a *instructorAuth) checkToken(token string) bool {
	sum := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(sum[:], a.tokenSum[:]) == 1
}

func (a *instructorAuth) sign(exp int64) string {
	mac := hmac.New(sha256.New, a.sessionKey)
	mac.Write([]byte("session|" + strconv.FormatInt(exp, 10)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newSession returns a cookie value valid until now + instructorSessionAge.
func (a *instructorAuth) newSession(now time.Time) string {
	exp := now.Add(instructorSessionAge).Unix()
	return strconv.FormatInt(exp, 10) + "." + a.sign(exp)
}

func (a *instructorAuth) validSession(v string, now time.Time) bool {
	expText, sig, ok := strings.Cut(v, ".")
	if !ok {
		return false
	}
	exp, err := strconv.ParseInt(expText, 10, 64)
	if err != nil || now.Unix() >= exp || exp > now.Add(instructorSessionAge+time.Minute).Unix() {
		return false
	}
	return hmac.Equal([]byte(sig), []byte(a.sign(exp)))
}

func (a *instructorAuth) setCookie(c *gin.Context, value string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: instructorCookie, Value: value, Path: "/instructor", MaxAge: maxAge,
		HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteStrictMode,
	})
}

// bearerToken returns the token of an "Authorization: Bearer" header.
func bearerToken(c *gin.Context) (string, bool) {
	h := c.GetHeader("Authorization")
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(tok), true
}

// isInstructor reports whether the request carries the token (Bearer) or a
// valid instructor session cookie.
func (s *Server) isInstructor(c *gin.Context) bool {
	if tok, ok := bearerToken(c); ok {
		return s.instructor.checkToken(tok)
	}
	v, err := c.Cookie(instructorCookie)
	return err == nil && s.instructor.validSession(v, s.now())
}

// requireInstructor guards the instructor's pages. A browser is sent to the
// sign-in page; a script (Bearer, exports, JSON) gets 401.
func (s *Server) requireInstructor(c *gin.Context) {
	// Names and answers must not stay in shared caches or the back button.
	c.Header("Cache-Control", "no-store")
	if s.isInstructor(c) {
		c.Set(instructorKey, true)
		c.Next()
		return
	}
	_, hasBearer := bearerToken(c)
	if !hasBearer && c.Request.Method == http.MethodGet && !wantsJSON(c) && !isExport(c.Request.URL.Path) {
		c.Redirect(http.StatusSeeOther, "/instructor/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	}
	c.Header("WWW-Authenticate", `Bearer realm="instructor"`)
	c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "instructor token required"})
}

func isExport(path string) bool {
	return strings.HasSuffix(path, ".csv") || strings.HasSuffix(path, ".jsonl") || strings.HasSuffix(path, ".json")
}

// instructorLang picks the instructor pages' language: ?lang= (remembered
// in the language cookie), else the learner pages' rules.
func instructorLang(c *gin.Context) {
	if l, ok := i18n.Parse(c.Query("lang")); ok {
		c.Set(langKey, l)
		setLangCookie(c, l)
	} else {
		c.Set(langKey, langOf(c))
	}
	c.Next()
}

// safeNext keeps a post-sign-in redirect inside the instructor pages, so
// the sign-in form cannot be used to send someone elsewhere.
func safeNext(next, fallback string) string {
	if next == "/instructor" || strings.HasPrefix(next, "/instructor/") || strings.HasPrefix(next, "/instructor?") {
		if !strings.ContainsAny(next, "\\\r\n") && !strings.HasPrefix(next, "/instructor/login") {
			return next
		}
	}
	return fallback
}
