package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// "playground serve -fixtures conformance" serves the gift server at /mcp
// with the conformance fixtures, and a graceful shutdown ends the event
// streams still open (a console tab, an MCP client's GET stream) instead
// of waiting for them until the shutdown deadline.
func TestServeMCPAndShutdownWithOpenStreams(t *testing.T) {
	p := startServe(t, serveConfig{
		addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "mcp.db"), instructorToken: "tok", fixtures: "conformance",
	})
	base, logs := p.base, p.logs

	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(body string, hdr ...string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}

	init := post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	init.Body.Close()
	sid := init.Header.Get("Mcp-Session-Id")
	if init.StatusCode != 200 || sid == "" {
		t.Fatalf("initialize = %d, session %q", init.StatusCode, sid)
	}
	list := post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "Mcp-Session-Id", sid)
	body, _ := io.ReadAll(list.Body)
	list.Body.Close()
	if !bytes.Contains(body, []byte(`"test_simple_text"`)) {
		t.Errorf("tools/list lacks the conformance fixtures: %s", body)
	}
	own := post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`, "Mcp-Session-Id", sid, "Origin", base)
	own.Body.Close()
	foreign := post(`{"jsonrpc":"2.0","id":4,"method":"ping"}`, "Mcp-Session-Id", sid, "Origin", "https://evil.example")
	foreign.Body.Close()
	if own.StatusCode != 200 || foreign.StatusCode != http.StatusForbidden {
		t.Errorf("ping from the server's own origin = %d, from another = %d; want 200 and 403", own.StatusCode, foreign.StatusCode)
	}

	// An MCP client's standalone stream and a console tab's stream, open.
	// The streams give up on their own well after the shutdown deadline, so
	// a shutdown that leaves them open fails the test instead of hanging it.
	streamCtx, stopStreams := context.WithTimeout(context.Background(), 40*time.Second)
	defer stopStreams()
	getStream := func(path string, hdr ...string) *bufio.Reader {
		t.Helper()
		req, _ := http.NewRequestWithContext(streamCtx, "GET", base+path, nil)
		req.Header.Set("Accept", "text/event-stream")
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s = %d", path, resp.StatusCode)
		}
		return bufio.NewReader(resp.Body)
	}
	mcpStream := getStream("/mcp", "Mcp-Session-Id", sid)
	req, _ := http.NewRequest("POST", base+"/api/console/messages", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if resp, err := client.Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("console message: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	consoleStream := getStream("/api/console/events?lang=en")
	if line, err := consoleStream.ReadString('\n'); err != nil || !strings.HasPrefix(line, "retry:") {
		t.Fatalf("console stream starts with %q, %v", line, err)
	}

	// A shutdown that waited for the streams would fail at its own
	// deadline (15 s), before the streams give up (40 s).
	if err := p.stop(); err != nil {
		t.Errorf("serve with open streams: %v", err)
	}
	for name, r := range map[string]*bufio.Reader{"mcp": mcpStream, "console": consoleStream} {
		if _, err := io.ReadAll(r); err != nil {
			t.Errorf("%s stream after shutdown: %v, want its end", name, err)
		}
	}
	if !strings.Contains(logs.String(), "stopped cleanly") {
		t.Errorf("no clean stop in the log:\n%s", logs.String())
	}
}

func TestServeRejectsUnknownFixtures(t *testing.T) {
	var stderr bytes.Buffer
	if code := runServe([]string{"-fixtures", "bogus"}, &stderr); code != 2 || !strings.Contains(stderr.String(), `unknown -fixtures "bogus"`) {
		t.Errorf("-fixtures bogus: exit %d, %q", code, stderr.String())
	}
}
