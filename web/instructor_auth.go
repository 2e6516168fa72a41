package web

import (
	"context"
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

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
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
// when none was configured: 144 random bits, URL-safe so it can be pasted
// anywhere, and never one that guard.TokenBits would call weak.
func NewInstructorToken() string {
	for {
		b := make([]byte, 18)
		_, _ = rand.Read(b) // never fails since Go 1.24
		if tok := base64.RawURLEncoding.EncodeToString(b); guard.TokenBits(tok) >= guard.MinTokenBits {
			return tok
		}
	}
}

// instructorAuth checks the instructor token and the session cookie. The
// cookie never holds the token: it holds an expiry, a random session id
// and an HMAC of both under a key derived from the token and the
// database's cookie-signing secret. The signature refuses a forged cookie
// without a query; the session's row in the database (by the id's
// SHA-256) is what logout deletes, on every instance at once. Changing the
// token signs every instructor out.
type instructorAuth struct {
	tokenSum   [32]byte
	sessionKey []byte
	secure     bool
	store      *store.Store
}

// cookieSecret names the database's cookie-signing secret, shared by every
// instance on the database.
const cookieSecret = "cookie-signing-v1"

func newInstructorAuth(token string, secret []byte, st *store.Store, secure bool) *instructorAuth {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("mcp-playground instructor session key v2|"))
	mac.Write([]byte(token))
	return &instructorAuth{tokenSum: sha256.Sum256([]byte(token)), sessionKey: mac.Sum(nil), secure: secure, store: st}
}

// checkToken compares in constant time. Hashing both sides first makes the
// comparison's length fixed, so not even the token's length leaks.
func (a *instructorAuth) checkToken(token string) bool {
	sum := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(sum[:], a.tokenSum[:]) == 1
}

func (a *instructorAuth) sign(exp int64, id string) string {
	mac := hmac.New(sha256.New, a.sessionKey)
	mac.Write([]byte("session|" + strconv.FormatInt(exp, 10) + "|" + id))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newSession records a session valid until now + instructorSessionAge and
// returns its cookie value, "expiry.id.signature".
func (a *instructorAuth) newSession(ctx context.Context, now time.Time) (string, error) {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := base64.RawURLEncoding.EncodeToString(b)
	exp := now.Add(instructorSessionAge)
	if err := a.store.CreateInstructorSession(ctx, sessionHash(id), now, exp); err != nil {
		return "", err
	}
	return strconv.FormatInt(exp.Unix(), 10) + "." + id + "." + a.sign(exp.Unix(), id), nil
}

func sessionHash(id string) []byte {
	sum := sha256.Sum256([]byte(id))
	return sum[:]
}

// sessionID returns the id of a well-signed, unexpired cookie value.
func (a *instructorAuth) sessionID(v string, now time.Time) (string, bool) {
	expText, rest, ok := strings.Cut(v, ".")
	if !ok || len(v) > 200 {
		return "", false
	}
	id, sig, ok := strings.Cut(rest, ".")
	if !ok {
		return "", false
	}
	exp, err := strconv.ParseInt(expText, 10, 64)
	if err != nil || now.Unix() >= exp || exp > now.Add(instructorSessionAge+time.Minute).Unix() {
		return "", false
	}
	return id, hmac.Equal([]byte(sig), []byte(a.sign(exp, id)))
}

// validSession reports whether v is a signed cookie of a session the
// database still holds (not logged out, not expired).
func (a *instructorAuth) validSession(ctx context.Context, v string, now time.Time) bool {
	id, ok := a.sessionID(v, now)
	if !ok {
		return false
	}
	ok, err := a.store.InstructorSessionValid(ctx, sessionHash(id), now)
	return err == nil && ok
}

// revoke ends the session of cookie value v on the server.
func (a *instructorAuth) revoke(ctx context.Context, v string, now time.Time) error {
	id, ok := a.sessionID(v, now)
	if !ok {
		return nil
	}
	return a.store.RevokeInstructorSession(ctx, sessionHash(id))
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

// isInstructor decides whether the request carries the token (Bearer) or
// a valid instructor session cookie. A wrong one, and the token itself
// while its network is guessing, waits its turn (guard.SignInGuard); v says
// what became of it, retry when to try again.
func (s *Server) isInstructor(c *gin.Context) (v guard.SignInVerdict, retry time.Duration) {
	now, ctx := s.now(), c.Request.Context()
	if tok, has := bearerToken(c); has {
		return s.instructorGuard.Decide(ctx, s.guessLane(c), "bearer", s.instructor.checkToken(tok), now)
	}
	cookie, err := c.Cookie(instructorCookie)
	if err != nil {
		return guard.SignInWrong, 0
	}
	// A signed cookie cannot be guessed, so a valid one is never slowed.
	if s.instructor.validSession(ctx, cookie, now) {
		return guard.SignInRight, 0
	}
	return s.instructorGuard.Decide(ctx, s.guessLane(c), "cookie", false, now)
}

// requireInstructor guards the instructor's pages. A browser is sent to the
// sign-in page; a script (Bearer, exports, JSON) gets 401, or 429 when its
// guess was not tried because its network has too many waiting.
func (s *Server) requireInstructor(c *gin.Context) {
	// Names and answers must not stay in shared caches or the back button.
	c.Header("Cache-Control", "no-store")
	v, retry := s.isInstructor(c)
	switch v {
	case guard.SignInRight:
		c.Set(instructorKey, true)
		c.Next()
		return
	case guard.SignInGone:
		c.Abort()
		return
	case guard.SignInBusy:
		c.Header("Retry-After", retryAfter(retry))
		c.AbortWithStatusJSON(http.StatusTooManyRequests, gin.H{"error": "too many instructor sign-in attempts from this network are waiting; this one was not tried: wait, then try again"})
		return
	}
	if s.allowCourseInstructor(c) {
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
func (s *Server) instructorLang(c *gin.Context) {
	if l, ok := i18n.Parse(c.Query("lang")); ok {
		c.Set(langKey, l)
		setLangCookie(c, l, s.cfg.SecureCookies)
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
