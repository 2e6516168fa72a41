package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// The attacks a hostile participant on the room's network can make, run
// against the real binary on loopback, each bounded in count and time. Each
// test fails if its attack succeeds again.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// playgroundBinary builds the binary once for the package's tests.
func playgroundBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "playground-security-")
		if err != nil {
			binErr = err
			return
		}
		binPath, binErr = repo.BuildPlayground(context.Background(), dir)
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// removeBinary deletes the binary playgroundBinary built, once every test
// of the package has run.
func removeBinary() {
	if binPath != "" {
		_ = os.RemoveAll(filepath.Dir(binPath))
	}
}

func serveBinary(t *testing.T, args ...string) repo.Served {
	t.Helper()
	db := filepath.Join(t.TempDir(), "p.db")
	return repo.Serve(t, playgroundBinary(t), append([]string{"-db", db, "-instructor-token", testInstructorToken}, args...)...)
}

const testInstructorToken = "security-test-token-0123456789"

// dialFrom opens a connection to the server from a given loopback address,
// so that one test can be several hosts of the room.
func dialFrom(t *testing.T, from, base string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSecuritySlowBodies: 150 connections each send a body one byte short
// of forever. Over the per-address cap they are closed at once, within it
// the body deadline closes them, and a learner on another host is served
// all along. Before: every one was held until the client gave up, and
// 1,100 of them made /healthz time out.
func TestSecuritySlowBodies(t *testing.T) {
	s := serveBinary(t, "-body-timeout", "500ms", "-max-conns-per-addr", "64")
	const attackers = 150
	conns := make([]net.Conn, attackers)
	for i := range conns {
		conns[i] = dialFrom(t, "127.0.0.1", s.URL)
		fmt.Fprintf(conns[i], "POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
	}
	honest := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).DialContext}}
	resp, err := honest.Get(s.URL + "/healthz")
	if err != nil {
		t.Fatalf("a learner on another host was not served during the attack: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz during the attack = %d", resp.StatusCode)
	}
	var wg sync.WaitGroup
	var held sync.Map
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Close()
			_ = c.SetReadDeadline(time.Now().Add(30 * time.Second)) // only a regression gets here
			if _, err := io.Copy(io.Discard, c); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					held.Store(i, true)
				}
			}
		}()
	}
	wg.Wait()
	n := 0
	held.Range(func(any, any) bool { n++; return true })
	if n > 0 {
		t.Errorf("%d of %d slow-body connections were still open after 30 s", n, attackers)
	}
}

// TestSecurityAnonymousFlood: 300 posts without a cookie or a browser's
// headers create no learner. Before: one learner per request.
func TestSecurityAnonymousFlood(t *testing.T) {
	s := serveBinary(t)
	c := &http.Client{Timeout: 10 * time.Second}
	for i := range 300 {
		resp, err := c.Post(s.URL+"/api/lessons/json-rpc/read", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			t.Fatalf("anonymous post %d = %d, want refused", i, resp.StatusCode)
		}
	}
	if n := learnerCount(t, s.URL); n != 0 {
		t.Errorf("%d learners after the flood, want 0", n)
	}
}

// learnerCount reads the dashboard's learner list with the instructor token.
func learnerCount(t *testing.T, base string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/instructor/dashboard.json", nil)
	req.Header.Set("Authorization", "Bearer "+testInstructorToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var d struct {
		Learners []json.RawMessage `json:"learners"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&d); err != nil || resp.StatusCode != 200 {
		t.Fatalf("dashboard.json: %d %v", resp.StatusCode, err)
	}
	return len(d.Learners)
}

// TestSecurityInstructorGuessing: wrong Bearer tokens past the free ones
// are slowed and answered 429, and the right token still opens the
// exports from the same address at once. Before: 600 guesses in 0.88 s,
// and after ten of them the right token was refused for a minute.
func TestSecurityInstructorGuessing(t *testing.T) {
	s := serveBinary(t)
	try := func(tok string) int {
		req, _ := http.NewRequest("GET", s.URL+"/instructor/export.csv", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	var codes []int
	for range 14 {
		codes = append(codes, try("guess"))
	}
	for i, c := range codes {
		want := http.StatusUnauthorized
		if i >= 10 {
			want = http.StatusTooManyRequests
		}
		if c != want {
			t.Fatalf("guesses answered %v; want 401 ten times, then 429", codes)
		}
	}
	if c := try(testInstructorToken); c != http.StatusOK {
		t.Errorf("the right token during the guessing = %d, want 200", c)
	}
}
