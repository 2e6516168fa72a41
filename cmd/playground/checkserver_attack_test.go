package main

import (
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/testing/hostiletest"
)

// fromAddr is a browser on another host, played by a second loopback
// address: its connections leave from local.
func fromAddr(t *testing.T, local string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{Jar: jar, Timeout: 2 * time.Minute, Transport: &http.Transport{DialContext: d.DialContext}}
}

// checkPage posts the check form as a browser without JavaScript.
func checkPage(t *testing.T, c *http.Client, base, target, exercise string) (int, string) {
	t.Helper()
	form := url.Values{"url": {target}, "exercise": {exercise}}
	req, _ := http.NewRequest(http.MethodPost, base+"/en/check-server", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	return resp.StatusCode, string(b)
}

// listenAll serves on every address (so 127.0.0.2 reaches it) and returns
// the port.
func listenAll(t *testing.T, serve func(net.Listener)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go serve(ln)
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// A learner on another host (127.0.0.2 here) sweeping ports through the
// check page learns nothing: the playground's own machine is refused
// before anything is dialled, whatever the port, and on the learner's own
// address an HTML page, a service that sends a banner, a JSON API, a
// port that accepts and says nothing and a closed port all answer the
// same "nothing MCP answered", with nothing of what those services sent,
// each held until one step's time after the check began (here -server-check-timeout 1s; the times are logged: go
// test -v -run TestCheckPagePortSweepFromAnotherHost ./cmd/playground).
func TestCheckPagePortSweepFromAnotherHost(t *testing.T) {
	t.Parallel()
	probe, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address here: %v", err)
	}
	probe.Close()
	bin := playgroundBin(t)
	srv := repo.Serve(t, bin, "-db", filepath.Join(t.TempDir(), "p.db"), "-server-check-timeout", "1s")
	html := listenAll(t, func(ln net.Listener) {
		http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>SECRET-HTML</html>")
		}))
	})
	api := listenAll(t, func(ln net.Listener) {
		http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"name":"SECRET-JSON","version":"8.1"}`)
		}))
	})
	banner := listenAll(t, func(ln net.Listener) {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			io.WriteString(c, "SSH-2.0-SECRET-BANNER\r\n")
			c.Close()
		}
	})
	silent := listenAll(t, func(ln net.Listener) {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
		}
	})
	closed := listenAll(t, func(net.Listener) {})
	_, own, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))

	normalize := regexp.MustCompile(`(127\.0\.0\.[12]|localhost)(:\d+)?|value="[^"]*"`)
	var want string
	var took []string
	for i, port := range []string{html, api, banner, silent, closed} {
		c := fromAddr(t, "127.0.0.2")
		target := "http://127.0.0.2:" + port + "/mcp"
		began := time.Now()
		status, body := checkPage(t, c, srv.URL, target, "lifecycle-server-handshake-tools")
		took = append(took, time.Since(began).Round(time.Millisecond).String())
		for _, secret := range []string{"SECRET", "connection refused", "text/html", "SSH-2.0"} {
			if strings.Contains(body, secret) {
				t.Errorf("port %s: the page holds %q", port, secret)
			}
		}
		got := normalize.ReplaceAllString(body, "X")
		if status != http.StatusBadGateway || !strings.Contains(body, "Nothing MCP answered at") {
			t.Errorf("port %s: %d, want 502 nothing MCP answered", port, status)
		}
		if i == 0 {
			want = got
		} else if got != want {
			t.Errorf("port %s answers differently from the first", port)
		}
	}
	t.Logf("answered after (an HTML page, a JSON API, a banner, a silent port, a closed port): %s", strings.Join(took, ", "))
	// The playground's own machine, at any port, is refused before a dial,
	// and so is its own listener at any address.
	var refused string
	for i, target := range []string{"127.0.0.1:" + own, "127.0.0.1:" + html, "127.0.0.1:" + closed, "127.0.0.2:" + own, "localhost:" + html} {
		status, body := checkPage(t, fromAddr(t, "127.0.0.2"), srv.URL, "http://"+target+"/mcp", "lifecycle-server-handshake-tools")
		got := normalize.ReplaceAllString(body, "X")
		if status != http.StatusUnprocessableEntity || strings.Contains(body, "SECRET") {
			t.Errorf("%s from another host: %d", target, status)
		}
		if i == 0 {
			refused = got
		} else if got != refused {
			t.Errorf("%s answers differently from the first", target)
		}
	}
}

// hostileMCP answers every request with about 1 MiB of dense, valid
// JSON-RPC (a result with a long list), as a learner's "server" might.
func hostileMCP(t *testing.T) string {
	t.Helper()
	port := listenAll(t, func(ln net.Listener) { http.Serve(ln, hostiletest.Handler(hostiletest.Huge)) })
	return "http://127.0.0.1:" + port + "/mcp"
}

// maxCheckPage is the bound docs/operations.md states for one check's page
// against a hostile server: the HTML is built from previews.
const maxCheckPage = 1 << 20

// A server that answers each step with 1 MiB gets a page of bounded size,
// whole and streamed (each event holds the page so far), with each long
// message folded and its size said.
func TestCheckPageBoundedAgainstHugeReplies(t *testing.T) {
	t.Parallel()
	bin := playgroundBin(t)
	srv := repo.Serve(t, bin, "-db", filepath.Join(t.TempDir(), "p.db"))
	target := hostileMCP(t)
	c := fromAddr(t, "127.0.0.1")
	form := url.Values{"url": {target}, "exercise": {"tools-server-gift-server"}}
	status, body := checkPage(t, c, srv.URL, target, "tools-server-gift-server")
	if status != http.StatusOK || len(body) > maxCheckPage || !regexp.MustCompile(`… \(10\d{5} bytes\)`).MatchString(body) {
		t.Errorf("page: %d, %d bytes (bound %d)", status, len(body), maxCheckPage)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/en/check-server", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := fromAddr(t, "127.0.0.1").Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	n, _ := io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<20))
	t.Logf("page %d bytes, streamed check %d bytes", len(body), n)
	if steps := 10; n > int64(steps)*maxCheckPage {
		t.Errorf("the streamed check sent %d bytes, want at most %d", n, steps*maxCheckPage)
	}
}
