package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// A browser that has signed in as the instructor once keeps a device
// cookie: a random id and its HMAC under the token's session key, so it
// cannot be forged, and changing the token forgets every device. Its
// guesses count in a lane of its own instead of its network's
// (guard.SignInGuard): a guesser on the instructor's network (the room's
// NAT, the same IPv6 /64) keeps that network's turns busy, and the
// instructor's own browser, whose session has ended, still signs in at
// once. Nothing about a guess is told from its correctness: the lane is
// chosen from the cookie alone, before the token is looked at. It
// survives signing out, which is what it is for.
const (
	instructorDeviceCookie = "instructor_device"
	instructorDeviceAge    = 90 * 24 * time.Hour
)

func (a *instructorAuth) signDevice(id string) string {
	mac := hmac.New(sha256.New, a.sessionKey)
	mac.Write([]byte("device|" + id))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newDevice returns a device cookie's value, "id.signature".
func (a *instructorAuth) newDevice() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := base64.RawURLEncoding.EncodeToString(b)
	return id + "." + a.signDevice(id)
}

// deviceID returns the id of a well-signed device cookie value.
func (a *instructorAuth) deviceID(v string) (string, bool) {
	id, sig, ok := strings.Cut(v, ".")
	if !ok || len(v) > 100 {
		return "", false
	}
	return id, hmac.Equal([]byte(sig), []byte(a.signDevice(id)))
}

func (a *instructorAuth) setDeviceCookie(c *gin.Context, value string) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: instructorDeviceCookie, Value: value, Path: "/instructor", MaxAge: int(instructorDeviceAge.Seconds()),
		HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteStrictMode,
	})
}

// guessLane is what a sign-in guess counts for: the browser's own lane
// when it carries a valid device cookie, its network otherwise.
func (s *Server) guessLane(c *gin.Context) string {
	if v, err := c.Cookie(instructorDeviceCookie); err == nil {
		if id, ok := s.instructor.deviceID(v); ok {
			return "device:" + id
		}
	}
	return c.ClientIP()
}

// rememberDevice gives a browser that just signed in its device cookie,
// unless it has a valid one.
func (s *Server) rememberDevice(c *gin.Context) {
	if v, err := c.Cookie(instructorDeviceCookie); err == nil {
		if _, ok := s.instructor.deviceID(v); ok {
			return
		}
	}
	s.instructor.setDeviceCookie(c, s.instructor.newDevice())
}
