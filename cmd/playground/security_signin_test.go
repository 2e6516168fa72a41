package main

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The sign-in guard's pace and free failures (web.SignInLimit's defaults).
const (
	signInPace = 500 * time.Millisecond
	signInFree = 10
)

// TestSecuritySignInEarlyAbandon: 32 clients on one address send guesses,
// by Bearer and by the form, as fast as they can for 3 s, and give up on
// any not answered within 50 ms. Past the free failures no guess is
// answered before its turn, one per pace, so the attack learns at most
// that many answers; the right token from another address gets in, and
// from the attacker's own address a browser that signed in before the
// attack (its device cookie) signs in again.
// Before: about 3,000 guesses a second, the right one told apart by being
// answered at once. The figures are logged (go test -v -run
// TestSecuritySignInEarlyAbandon ./cmd/playground).
func TestSecuritySignInEarlyAbandon(t *testing.T) {
	t.Parallel()
	s := serveBinary(t)
	device := deviceCookie(t, s.URL, "127.0.0.1")
	const attackers, attack, giveUp = 32, 3 * time.Second, 50 * time.Millisecond
	attacker := clientFrom("127.0.0.1", giveUp)
	var answered, abandoned, refused atomic.Int64
	start := time.Now()
	stop := start.Add(attack)
	var wg sync.WaitGroup
	for i := range attackers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				switch guess(attacker, s.URL, "guess", i%2 == 0) {
				case 0:
					abandoned.Add(1)
				case http.StatusTooManyRequests:
					refused.Add(1)
				case http.StatusUnauthorized:
					answered.Add(1)
				default:
					t.Error("a wrong guess was let in")
				}
			}
		}()
	}
	// The right token arrives during the burst: once a guess has been
	// held past its client's patience, the guard is pacing the attack.
	for abandoned.Load() == 0 && time.Now().Before(stop) {
		time.Sleep(giveUp)
	}
	if abandoned.Load() == 0 {
		wg.Wait()
		t.Fatal("the attack ended before the guard held a guess: nothing to measure the right token against")
	}
	elsewhere := rightTokenLatency(t, s.URL, "127.0.0.2", http.StatusOK)
	same := rightTokenLatency(t, s.URL, "127.0.0.1", -1)
	known := knownBrowserLatency(t, s.URL, "127.0.0.1", device)
	wg.Wait()
	elapsed := time.Since(start)
	// One answer per turn past the free ones, and the guesses that were
	// already waiting when the attack ended: a slower machine answers
	// fewer, never more.
	most := signInFree + int(elapsed/signInPace) + 3
	t.Logf("attack: %d answered (%.1f guesses/s), %d abandoned, %d refused untried in %v; the right token from another address: %v, from the attacker's: %s, from a browser there that signed in before: %s",
		answered.Load(), float64(answered.Load())/elapsed.Seconds(), abandoned.Load(), refused.Load(), elapsed.Round(time.Millisecond), elsewhere, same, known)
	if n := answered.Load(); n > int64(most) {
		t.Errorf("%d guesses answered in %v, more than one per turn (%d at most)", n, elapsed, most)
	}
	if abandoned.Load() == 0 {
		t.Errorf("no guess was abandoned: the attack did not hold guesses in flight")
	}
}

// clientFrom is an HTTP client whose connections come from the loopback
// address from, giving up on an answer after timeout.
func clientFrom(from string, timeout time.Duration) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	return &http.Client{Timeout: timeout, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// guess sends one token by Bearer or by the sign-in form and returns the
// status, or 0 when the client gave up first. A signed-in form's 303 is
// counted as 200.
func guess(c *http.Client, base, tok string, byForm bool) int {
	req, _ := http.NewRequest("GET", base+"/instructor/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	if byForm {
		req, _ = http.NewRequest("POST", base+"/instructor/login", strings.NewReader(url.Values{"token": {tok}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusSeeOther {
		return http.StatusOK
	}
	return resp.StatusCode
}

// rightTokenLatency sends the right token once from the address from and
// returns how long the answer took; want < 0 only reports the status.
func rightTokenLatency(t *testing.T, base, from string, want int) string {
	t.Helper()
	c := clientFrom(from, 30*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/instructor/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+testInstructorToken)
	began := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("the right token from %s: %v", from, err)
	}
	resp.Body.Close()
	took := time.Since(began).Round(time.Millisecond)
	if want >= 0 && resp.StatusCode != want {
		t.Errorf("the right token from %s during the attack = %d, want %d", from, resp.StatusCode, want)
	}
	return resp.Status + " after " + took.String()
}

// deviceCookie signs in by the form from the address from and returns the
// device cookie the browser is given, as a Cookie header's value.
func deviceCookie(t *testing.T, base, from string) string {
	t.Helper()
	resp := signInForm(t, clientFrom(from, 30*time.Second), base, "")
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "instructor_device" {
			return c.Name + "=" + c.Value
		}
	}
	t.Fatalf("signing in = %s, without a device cookie", resp.Status)
	return ""
}

// signInForm posts the right token to the sign-in form, with cookie.
func signInForm(t *testing.T, c *http.Client, base, cookie string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/instructor/login", strings.NewReader(url.Values{"token": {testInstructorToken}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("the sign-in form: %v", err)
	}
	return resp
}

// knownBrowserLatency signs in by the form from the address from with a
// device cookie, wants it to get in, and returns how long it took.
func knownBrowserLatency(t *testing.T, base, from, device string) string {
	t.Helper()
	began := time.Now()
	resp := signInForm(t, clientFrom(from, 30*time.Second), base, device)
	resp.Body.Close()
	took := time.Since(began).Round(time.Millisecond)
	if resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the right token from a browser that signed in before, on the attacker's address = %s, want 303", resp.Status)
	}
	return resp.Status + " after " + took.String()
}
