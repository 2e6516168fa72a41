package clientcheck

import (
	"context"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/internal/testing/clienttest"
)

// goClient is a learner's client written with go-sdk v1.8.0: it does what
// the exercise named asks, as its statement says.
func goClient(ctx context.Context, t *testing.T, url, exercise string) {
	var asked atomic.Int32
	changed := make(chan struct{}, 1)
	progress := make(chan struct{}, 4)
	c := mcp.NewClient(&mcp.Implementation{Name: "learner-go-client", Version: "1.0.0"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			switch asked.Add(1) {
			case 1:
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"category": "games"}}, nil
			case 2:
				return &mcp.ElicitResult{Action: "decline"}, nil
			}
			return &mcp.ElicitResult{Action: "cancel"}, nil
		},
		//lint:ignore SA1019 sampling is deprecated in 2026-07-28 only; the exercise runs in 2025 revisions
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			//lint:ignore SA1019 as above
			return &mcp.CreateMessageResult{Role: "assistant", Content: &mcp.TextContent{Text: "Happy birthday!"}, Model: "learner-model"}, nil
		},
		ToolListChangedHandler:      func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { progress <- struct{}{} },
	})
	//lint:ignore SA1019 roots are deprecated in 2026-07-28 only; the exercise runs in 2025 revisions
	c.AddRoots(&mcp.Root{URI: "file:///home/ada/gifts", Name: "gifts"})
	s, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: clienttest.Own(t)}, nil)
	if err != nil {
		t.Errorf("connect: %v", err)
		return
	}
	defer s.Close()
	call := func(ctx context.Context, name string, args map[string]any) {
		if _, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args}); err != nil && ctx.Err() == nil {
			t.Errorf("call %s: %v", name, err)
		}
	}
	listAll := func() {
		for _, err := range s.Tools(ctx, nil) { // the iterator follows nextCursor
			if err != nil {
				t.Errorf("list: %v", err)
				return
			}
		}
	}
	switch exercise {
	case "first-call":
		listAll()
		call(ctx, "suggest_gifts", map[string]any{"occasion": "birthday", "budget": 50})
	case "server-requests":
		call(ctx, "ask_gift_preferences", map[string]any{})
		call(ctx, "write_card_message", map[string]any{"occasion": "birthday"})
	case "progress-cancel":
		cctx, cancel := context.WithCancel(ctx)
		go func() {
			<-progress
			_ = s.Ping(ctx, nil)
			<-progress
			cancel() // go-sdk sends notifications/cancelled
		}()
		_, _ = s.CallTool(cctx, &mcp.CallToolParams{Name: "prepare_delivery", Arguments: map[string]any{"steps": 5}, Meta: mcp.Meta{"progressToken": "delivery-1"}})
		// go-sdk sends the cancellation on its own goroutine: the client
		// goes on (a ping) rather than closing under it.
		_ = s.Ping(ctx, nil)
	case "pages":
		listAll()
		call(ctx, "unlock_gift_wrapping", map[string]any{})
		<-changed
		listAll()
		call(ctx, "wrap_gift", map[string]any{})
	}
}

// A client written with go-sdk v1.8.0, as a learner would, passes every
// step of the exercises it implements.
func TestGoSDKClient(t *testing.T) {
	for _, name := range []string{"first-call", "server-requests", "progress-cancel", "pages"} {
		for _, rev := range []string{"2025-06-18", "2025-11-25"} {
			t.Run(name+"/"+rev, func(t *testing.T) {
				t.Parallel()
				s := NewSession()
				srv := httptest.NewServer(s)
				defer srv.Close()
				defer s.Close()
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				done := make(chan struct{})
				go func() {
					defer close(done)
					goClient(ctx, t, srv.URL, name)
				}()
				res, err := Run(ctx, testPlans[name], s, Options{Protocol: rev, Timeout: 5 * time.Second})
				s.Close()
				cancel()
				<-done
				if err != nil {
					t.Fatal(err)
				}
				for _, sr := range res.Steps {
					if sr.Status != StatusPassed {
						t.Errorf("step %s: %s %q %s\n%s", sr.Name, sr.Status, sr.Problems, sr.Reason, dump(sr))
					}
				}
			})
		}
	}
}
