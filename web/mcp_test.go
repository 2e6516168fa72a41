package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/internal/testing/clienttest"
)

// A real MCP client (the official Go SDK) reaches the gift server through
// the whole router: the cross-origin guard, the body limit and the logs
// let it through, since it sends no Origin and no Sec-Fetch-Site.
func TestMCPGoSDKClientThroughRouter(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	base := e.serve(t)
	ctx, cancel := context.WithDeadline(context.Background(), testDeadline(t))
	defer cancel()

	// The SDK hands notifications to the handler on its own goroutine.
	progress := make(chan float64, 8)
	client := mcp.NewClient(&mcp.Implementation{Name: "router-test", Version: "1.0.0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			progress <- r.Params.Progress
		},
	})
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: clienttest.Own(t)}, nil)
	if err != nil {
		t.Fatalf("connect to /mcp: %v", err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Name; got != "gift-server" {
		t.Errorf("server %q, want gift-server", got)
	}

	tools, err := cs.ListTools(ctx, &mcp.ListToolsParams{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if !strings.Contains(strings.Join(names, ","), "suggest_gifts") {
		t.Fatalf("tools/list = %v, want suggest_gifts", names)
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "suggest_gifts", Arguments: map[string]any{"occasion": "birthday", "budget": 50, "recipient": "a friend who loves board games"}})
	if err != nil || res.IsError {
		t.Fatalf("suggest_gifts: %v %+v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var sc struct {
		Gifts []struct {
			Name  string  `json:"name"`
			Price float64 `json:"price"`
		} `json:"gifts"`
	}
	if err := json.Unmarshal(b, &sc); err != nil || len(sc.Gifts) == 0 {
		t.Fatalf("structuredContent = %s", b)
	}
	for _, g := range sc.Gifts {
		if g.Price > 50 {
			t.Errorf("%s costs %v, over the budget of 50", g.Name, g.Price)
		}
	}

	// Progress flows back over the same router (an SSE response).
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "prepare_delivery", Arguments: map[string]any{"steps": 2}, Meta: mcp.Meta{"progressToken": "p"}}); err != nil {
		t.Fatalf("prepare_delivery: %v", err)
	}
	var got []float64
	for len(got) < 2 {
		select {
		case p := <-progress:
			got = append(got, p)
		case <-ctx.Done():
			t.Fatalf("progress %v, want two notifications", got)
		}
	}
	if got[0] != 1 || got[1] != 2 {
		t.Errorf("progress %v, want [1 2]", got)
	}
}

// A page of another site may not use /mcp: the router's cross-origin guard
// refuses its POST and the gift server's Origin check its GET, both 403.
// The playground's own pages and loopback tools may.
func TestMCPRefusesForeignOrigins(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{MCPAllowedOrigins: []string{"https://workshop.example"}}, withMock(quickSlowTool))
	base := e.serve(t)
	b := newBrowser(t, base)
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	accept := []string{"Accept", "application/json, text/event-stream"}
	for _, tt := range []struct {
		name   string
		method string
		hdr    []string
		want   int
	}{
		{"no Origin (an MCP client)", "POST", nil, 200},
		{"the playground's own page", "POST", []string{"Origin", base, "Sec-Fetch-Site", "same-origin"}, 200},
		{"another site posts", "POST", []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403},
		{"another site posts, old browser", "POST", []string{"Origin", "https://evil.example"}, 403},
		{"another site opens the stream", "GET", []string{"Origin", "https://evil.example"}, 403},
		{"another site deletes", "DELETE", []string{"Origin", "https://evil.example"}, 403},
		{"an allowed origin opens the stream", "GET", []string{"Origin", "https://workshop.example"}, 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := b.do(tt.method, "/mcp", "application/json", initialize, append(accept, tt.hdr...)...)
			if r.status != tt.want {
				t.Errorf("%s /mcp = %d %s, want %d", tt.method, r.status, r.body, tt.want)
			}
		})
	}
	// The gift server's own refusal is a JSON-RPC error a client can read.
	r := b.do("GET", "/mcp", "", "", "Accept", "text/event-stream", "Origin", "https://evil.example")
	var msg struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.body), &msg); err != nil || !strings.Contains(msg.Error.Message, "evil.example") {
		t.Errorf("refusal body %q", r.body)
	}
}

// Closing the server ends the console's event streams and the MCP
// sessions, so a graceful shutdown does not wait on them.
func TestServerCloseEndsStreams(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	b.send(msgInitialize)
	stream := openStream(t, b, "&after=2")
	closed := make(chan error, 1)
	go func() {
		_, err := io.ReadAll(stream)
		closed <- err
	}()
	e.srv.Close()
	// A stream Close left open hangs here until the test's deadline.
	if err := <-closed; err != nil {
		t.Errorf("stream ended with %v", err)
	}
	if r := b.do("POST", "/api/console/messages", "text/plain", `{"jsonrpc":"2.0","id":1,"method":"ping"}`); r.status != http.StatusServiceUnavailable {
		t.Errorf("a message after Close = %d, want 503", r.status)
	}
}
