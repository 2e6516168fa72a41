package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
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
	repo.SkipProcessInShort(t, "the playground binary")
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

const testInstructorToken = "Qz7-vK2pX9_mL4tR8wN3bY6c"

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
	t.Parallel()
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
	t.Parallel()
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

// TestSecurityInstructorGuessing: guesses sent one after the other are
// each answered at their turn, and the right token, from the same address,
// gets in at its own. Before: 600 guesses in 0.88 s; later, the wrong ones
// were slowed and the right one was not, which told it apart.
func TestSecurityInstructorGuessing(t *testing.T) {
	t.Parallel()
	s := serveBinary(t)
	var codes []int
	for range 13 {
		codes = append(codes, bearerStatus(t, http.DefaultClient, s.URL, "guess"))
	}
	for _, c := range codes {
		if c != http.StatusUnauthorized {
			t.Fatalf("guesses one at a time answered %v; want 401 each, at its turn", codes)
		}
	}
	if c := bearerStatus(t, http.DefaultClient, s.URL, testInstructorToken); c != http.StatusOK {
		t.Errorf("the right token during the guessing = %d, want 200", c)
	}
}

// bearerStatus asks for an export with a Bearer token and returns the
// status, or 0 when the client gave up first.
func bearerStatus(t *testing.T, c *http.Client, base, tok string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/instructor/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := c.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return 0
		}
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestSecurityWeakInstructorToken: a chosen token weaker than a generated
// one stops serve at start with a message, unless the flag says it is on
// purpose.
func TestSecurityWeakInstructorToken(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, playgroundBinary(t), "serve", "-addr", "127.0.0.1:0",
		"-db", filepath.Join(t.TempDir(), "p.db"), "-instructor-token", "choose-a-long-secret")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), "-instructor-token is too weak") {
		t.Fatalf("serve with a weak token: %v\n%s\nwant exit 2 saying the token is too weak", err, out)
	}
	s := repo.Serve(t, playgroundBinary(t), "-db", filepath.Join(t.TempDir(), "p.db"),
		"-instructor-token", "choose-a-long-secret", "-allow-weak-instructor-token")
	if c := bearerStatus(t, http.DefaultClient, s.URL, "choose-a-long-secret"); c != http.StatusOK {
		t.Errorf("the weak token accepted on purpose = %d, want 200", c)
	}
}
