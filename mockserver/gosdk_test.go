//lint:file-ignore SA1019 the gift server still serves logging and sampling to the revisions before 2026-07-28, so the official client must still exercise them

package mockserver

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/internal/testing/clienttest"
)

// sdkObserver records what the official Go SDK client receives.
type sdkObserver struct {
	mu          sync.Mutex
	progress    []float64
	logs        []string
	elicits     int
	samples     int
	listChanged chan struct{}
}

func newObserver() *sdkObserver { return &sdkObserver{listChanged: make(chan struct{}, 8)} }

func (o *sdkObserver) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			o.mu.Lock()
			o.progress = append(o.progress, r.Params.Progress)
			o.mu.Unlock()
		},
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			o.mu.Lock()
			o.logs = append(o.logs, string(r.Params.Level))
			o.mu.Unlock()
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			o.listChanged <- struct{}{}
		},
		ElicitationHandler: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			o.mu.Lock()
			o.elicits++
			o.mu.Unlock()
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"category": "games", "maxBudget": 30}}, nil
		},
		CreateMessageHandler: func(_ context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			o.mu.Lock()
			o.samples++
			o.mu.Unlock()
			return &mcp.CreateMessageResult{Role: "assistant", Model: "test-model", Content: &mcp.TextContent{Text: "Happy birthday!"}}, nil
		},
	}
}

// toolText returns the text of a tool result's first block.
func toolText(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("empty content")
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("first block is %T", res.Content[0])
	}
	return tc.Text
}

// exerciseSDKClient lists and calls every tool, reads every resource, gets
// every prompt, and checks the notifications on the way.
func exerciseSDKClient(t *testing.T, cs *mcp.ClientSession, o *sdkObserver, wantRev string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sdkHandshake(t, ctx, cs, wantRev)
	sdkListAndSuggest(t, ctx, cs)
	sdkCallTools(t, ctx, cs)
	sdkUnlock(t, ctx, cs, o)
	sdkResources(t, ctx, cs)
	sdkPrompts(t, ctx, cs)
	sdkNotifications(t, o, wantRev)
}

// sdkHandshake checks the negotiated revision and turns the logs on.
func sdkHandshake(t *testing.T, ctx context.Context, cs *mcp.ClientSession, wantRev string) {
	t.Helper()
	if got := cs.InitializeResult().ProtocolVersion; got != wantRev {
		t.Errorf("negotiated %q, want %q", got, wantRev)
	}
	if wantRev != Rev20260728 {
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
			t.Fatalf("logging/setLevel: %v", err)
		}
	}
}

// sdkListAndSuggest lists the tools and calls suggest_gifts.
func sdkListAndSuggest(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	tools, err := cs.ListTools(ctx, &mcp.ListToolsParams{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if want := []string{"suggest_gifts", "ask_gift_preferences", "prepare_delivery", "unlock_gift_wrapping", "write_card_message"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}

	suggest := &mcp.CallToolParams{Name: "suggest_gifts", Arguments: map[string]any{"occasion": "birthday", "budget": 50, "recipient": "a friend who loves board games"}}
	suggest.SetProgressToken("gifts")
	res, err := cs.CallTool(ctx, suggest)
	if err != nil || res.IsError {
		t.Fatalf("suggest_gifts: %v %+v", err, res)
	}
	var sc struct {
		Gifts []giftSummary `json:"gifts"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &sc); err != nil || len(sc.Gifts) != 2 || sc.Gifts[0].Name != "Cooperative board game" {
		t.Errorf("structuredContent %s", b)
	}
	var fromText struct {
		Gifts []giftSummary `json:"gifts"`
	}
	if err := json.Unmarshal([]byte(toolText(t, res)), &fromText); err != nil || !slices.Equal(fromText.Gifts, sc.Gifts) {
		t.Errorf("suggest_gifts text %q, want the structured content serialised, %s", toolText(t, res), b)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "suggest_gifts", Arguments: map[string]any{"occasion": "wedding", "budget": 1}})
	if err != nil || !res.IsError {
		t.Errorf("nothing fits: %v %+v", err, res)
	}
}

// sdkCallTools calls the other tools of the gift server.
func sdkCallTools(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask_gift_preferences"})
	if err != nil {
		t.Fatalf("ask_gift_preferences: %v", err)
	}
	if got := toolText(t, res); !strings.HasPrefix(got, "Gifts in games:") {
		t.Errorf("ask_gift_preferences: %q", got)
	}

	params := &mcp.CallToolParams{Name: "prepare_delivery", Arguments: map[string]any{"steps": 3}}
	params.SetProgressToken("delivery")
	if res, err = cs.CallTool(ctx, params); err != nil || res.IsError {
		t.Fatalf("prepare_delivery: %v %+v", err, res)
	}

	if res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "write_card_message", Arguments: map[string]any{"occasion": "birthday"}}); err != nil {
		t.Fatalf("write_card_message: %v", err)
	}
	if got := toolText(t, res); got != "Card message: Happy birthday!" {
		t.Errorf("write_card_message: %q", got)
	}
}

// sdkUnlock unlocks gift wrapping, waits for tools/list_changed and calls
// the new tool.
func sdkUnlock(t *testing.T, ctx context.Context, cs *mcp.ClientSession, o *sdkObserver) {
	t.Helper()
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "unlock_gift_wrapping"}); err != nil {
		t.Fatalf("unlock_gift_wrapping: %v", err)
	}
	select {
	case <-o.listChanged:
	case <-ctx.Done():
		t.Fatal("no notifications/tools/list_changed")
	}
	tools, err := cs.ListTools(ctx, &mcp.ListToolsParams{})
	if err != nil || tools.Tools[len(tools.Tools)-1].Name != "wrap_gift" {
		t.Fatalf("tools/list after unlock: %v %+v", err, tools)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wrap_gift"})
	if err != nil || res.IsError {
		t.Fatalf("wrap_gift: %v %+v", err, res)
	}
	if got := toolText(t, res); got != wrappingStylesText {
		t.Errorf("wrap_gift: %q", got)
	}
}

// sdkResources lists and reads every resource and template.
func sdkResources(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	resources, err := cs.ListResources(ctx, &mcp.ListResourcesParams{})
	if err != nil || len(resources.Resources) == 0 {
		t.Fatalf("resources/list: %v %+v", err, resources)
	}
	for _, r := range resources.Resources {
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: r.URI})
		if err != nil || len(rr.Contents) == 0 || rr.Contents[0].Text == "" {
			t.Errorf("resources/read %s: %v", r.URI, err)
		}
	}
	templates, err := cs.ListResourceTemplates(ctx, &mcp.ListResourceTemplatesParams{})
	if err != nil || len(templates.ResourceTemplates) != 1 {
		t.Fatalf("resources/templates/list: %v", err)
	}
	for _, c := range categories {
		if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "gift://catalog/" + c}); err != nil {
			t.Errorf("read %s: %v", c, err)
		}
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "gift://catalog/cars"}); err == nil {
		t.Error("reading an unknown resource succeeded")
	}
}

// sdkPrompts lists and gets every prompt.
func sdkPrompts(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	prompts, err := cs.ListPrompts(ctx, &mcp.ListPromptsParams{})
	if err != nil || len(prompts.Prompts) != 1 {
		t.Fatalf("prompts/list: %v", err)
	}
	for _, p := range prompts.Prompts {
		gp, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: p.Name, Arguments: map[string]string{"occasion": "birthday", "tone": "playful"}})
		if err != nil || len(gp.Messages) != 2 || gp.Messages[1].Role != "assistant" {
			t.Errorf("prompts/get %s: %v", p.Name, err)
		}
	}
}

// sdkNotifications checks what the client received on the way.
func sdkNotifications(t *testing.T, o *sdkObserver, wantRev string) {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	// suggest_gifts' two quick notifications, then prepare_delivery's
	// three; a client may handle two quick ones in either order.
	got := slices.Clone(o.progress)
	slices.Sort(got)
	if !slices.Equal(got, []float64{1, 1, 2, 2, 3}) {
		t.Errorf("progress %v", o.progress)
	}
	if o.elicits != 1 || o.samples != 1 {
		t.Errorf("elicitations %d, samplings %d", o.elicits, o.samples)
	}
	if wantRev != Rev20260728 && len(o.logs) == 0 {
		t.Error("no log messages after logging/setLevel")
	}
}

func sdkServer() *Server {
	return New(Config{ProgressInterval: time.Millisecond})
}

func TestGoSDKClientHTTP(t *testing.T) {
	for _, rev := range []string{Rev20251125, Rev20250618, Rev20260728} {
		t.Run(rev, func(t *testing.T) {
			h := NewHTTPHandler(sdkServer(), HTTPConfig{})
			ts := httptest.NewServer(h)
			defer ts.Close()
			defer h.Close()
			o := newObserver()
			client := mcp.NewClient(&mcp.Implementation{Name: "sdk-test", Version: "1"}, o.options())
			cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: clienttest.Own(t)}, &mcp.ClientSessionOptions{ProtocolVersion: rev})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			exerciseSDKClient(t, cs, o, rev)
		})
	}
}

func TestGoSDKClientStdio(t *testing.T) {
	for _, rev := range []string{Rev20251125, Rev20260728} {
		t.Run(rev, func(t *testing.T) {
			clientR, serverW := io.Pipe()
			serverR, clientW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				done <- sdkServer().ServeStdio(context.Background(), serverR, serverW)
				serverW.Close()
			}()
			o := newObserver()
			client := mcp.NewClient(&mcp.Implementation{Name: "sdk-test", Version: "1"}, o.options())
			cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: clientR, Writer: clientW}, &mcp.ClientSessionOptions{ProtocolVersion: rev})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			exerciseSDKClient(t, cs, o, rev)
			cs.Close()
			if err := <-done; err != nil {
				t.Errorf("ServeStdio: %v", err)
			}
		})
	}
}
