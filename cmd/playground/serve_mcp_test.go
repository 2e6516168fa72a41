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
	t.Parallel()
	p := startServe(t, serveConfig{
		addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "mcp.db"), instructorToken: "tok", fixtures: "conformance",
	})
	jar, _ := cookiejar.New(nil)
	c := &mcpTestClient{t: t, base: p.base, client: &http.Client{Jar: jar}}
	sid := c.initialize()
	c.checkToolsAndOrigins(sid)

	// An MCP client's standalone stream and a console tab's stream, open.
	// The streams give up on their own well after the shutdown deadline, so
	// a shutdown that leaves them open fails the test instead of hanging it.
	streamCtx, stopStreams := context.WithTimeout(context.Background(), 40*time.Second)
	defer stopStreams()
	streams := c.openStreams(streamCtx, sid)

	// A shutdown that waited for the streams would fail at its own
	// deadline (15 s), before the streams give up (40 s).
	if err := p.stop(); err != nil {
		t.Errorf("serve with open streams: %v", err)
	}
	for name, r := range streams {
		if _, err := io.ReadAll(r); err != nil {
			t.Errorf("%s stream after shutdown: %v, want its end", name, err)
		}
	}
	if !strings.Contains(p.logs.String(), "stopped cleanly") {
		t.Errorf("no clean stop in the log:\n%s", p.logs.String())
	}
}

// mcpTestClient talks to the served /mcp and console, with one cookie jar.
type mcpTestClient struct {
	t      *testing.T
	base   string
	client *http.Client
}

// post sends body to /mcp with the header pairs in hdr.
func (c *mcpTestClient) post(body string, hdr ...string) *http.Response {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.base+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.client.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp
}

// initialize opens an MCP session and returns its id.
func (c *mcpTestClient) initialize() string {
	c.t.Helper()
	init := c.post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	init.Body.Close()
	sid := init.Header.Get("Mcp-Session-Id")
	if init.StatusCode != 200 || sid == "" {
		c.t.Fatalf("initialize = %d, session %q", init.StatusCode, sid)
	}
	return sid
}

// checkToolsAndOrigins: the conformance fixtures are served, and a ping
// from another origin is refused.
func (c *mcpTestClient) checkToolsAndOrigins(sid string) {
	c.t.Helper()
	list := c.post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "Mcp-Session-Id", sid)
	body, _ := io.ReadAll(list.Body)
	list.Body.Close()
	if !bytes.Contains(body, []byte(`"test_simple_text"`)) {
		c.t.Errorf("tools/list lacks the conformance fixtures: %s", body)
	}
	own := c.post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`, "Mcp-Session-Id", sid, "Origin", c.base)
	own.Body.Close()
	foreign := c.post(`{"jsonrpc":"2.0","id":4,"method":"ping"}`, "Mcp-Session-Id", sid, "Origin", "https://evil.example")
	foreign.Body.Close()
	if own.StatusCode != 200 || foreign.StatusCode != http.StatusForbidden {
		c.t.Errorf("ping from the server's own origin = %d, from another = %d; want 200 and 403", own.StatusCode, foreign.StatusCode)
	}
}

// getStream opens an event stream at path until ctx ends.
func (c *mcpTestClient) getStream(ctx context.Context, path string, hdr ...string) *bufio.Reader {
	c.t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
	req.Header.Set("Accept", "text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.client.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		c.t.Fatalf("GET %s = %d", path, resp.StatusCode)
	}
	return bufio.NewReader(resp.Body)
}

// openStreams opens the session's standalone stream and, after a console
// message, the console's stream, and returns them by name.
func (c *mcpTestClient) openStreams(ctx context.Context, sid string) map[string]*bufio.Reader {
	c.t.Helper()
	mcpStream := c.getStream(ctx, "/mcp", "Mcp-Session-Id", sid)
	req, _ := http.NewRequest("POST", c.base+"/api/console/messages", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if resp, err := c.client.Do(req); err != nil || resp.StatusCode != 200 {
		c.t.Fatalf("console message: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	consoleStream := c.getStream(ctx, "/api/console/events?lang=en")
	if line, err := consoleStream.ReadString('\n'); err != nil || !strings.HasPrefix(line, "retry:") {
		c.t.Fatalf("console stream starts with %q, %v", line, err)
	}
	return map[string]*bufio.Reader{"mcp": mcpStream, "console": consoleStream}
}

func TestServeRejectsUnknownFixtures(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	if code := runServe([]string{"-fixtures", "bogus"}, &stderr); code != 2 || !strings.Contains(stderr.String(), `unknown -fixtures "bogus"`) {
		t.Errorf("-fixtures bogus: exit %d, %q", code, stderr.String())
	}
}
