package servercheck

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// giftArgs are suggest_gifts' arguments, as a learner writes them with the
// official Go SDK (which derives the inputSchema from the struct).
type giftArgs struct {
	Occasion  string  `json:"occasion" jsonschema:"what the gift is for, e.g. birthday"`
	Budget    float64 `json:"budget" jsonschema:"maximum price in US dollars"`
	Recipient string  `json:"recipient,omitempty" jsonschema:"who the gift is for"`
}

type giftOut struct {
	Gifts []string `json:"gifts"`
}

// sdkGiftServer is the course's gift server written with the official Go
// SDK, as a learner would: a server that is not ours, to prove the steps
// accept any correct server.
func sdkGiftServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk-gift-server", Version: "0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_gifts", Description: "Suggests gift ideas within a budget."},
		func(_ context.Context, _ *mcp.CallToolRequest, in giftArgs) (*mcp.CallToolResult, giftOut, error) {
			if in.Budget < 10 {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Nothing fits a budget of $%g for a %s.", in.Budget, in.Occasion)}}}, giftOut{}, nil
			}
			return nil, giftOut{Gifts: []string{"Cooperative board game"}}, nil
		})
	s.AddResource(&mcp.Resource{URI: "gift://catalog", Name: "catalog", MIMEType: "application/json"},
		func(_ context.Context, r *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: r.Params.URI, MIMEType: "application/json", Text: `{"gifts":[]}`}}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "gift_congrats_style", Arguments: []*mcp.PromptArgument{{Name: "occasion", Required: true}, {Name: "tone"}}},
		func(_ context.Context, r *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a " + r.Params.Arguments["tone"] + " card for a " + r.Params.Arguments["occasion"] + "."}}}}, nil
		})
	return s
}

// sdkStdio runs the SDK server on pipes, as a process would on stdio.
func sdkStdio(t testing.TB) Transport {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = sdkGiftServer().Run(ctx, &mcp.IOTransport{Reader: inR, Writer: outW})
		_ = outW.Close()
	}()
	return NewStdio(inW, outR, nil, func() {
		cancel()
		_ = inR.Close()
		<-done
	})
}

func sdkHTTP(t testing.TB) Transport { return sdkHTTPOf(t, sdkGiftServer()) }

// sdkHTTPOf serves s over Streamable HTTP.
func sdkHTTPOf(t testing.TB, s *mcp.Server) Transport {
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return NewHTTP(srv.URL, nil)
}

// Every server exercise passes against a gift server built with the
// official Go SDK, over stdio and Streamable HTTP, in each revision it
// supports: all three on stdio; on HTTP v1.8.0 keeps 2026-07-28 behind an
// option and does not list it in server/discover, so the handshake fails
// saying so, and the steps after it do not run.
func TestGoSDKGiftServerPasses(t *testing.T) {
	t.Parallel()
	res := runWith(t, serverExercises(t)[0], sdkHTTP(t), Revisions[2])
	if sr := res.Steps[0]; sr.Status != StatusFailed || !strings.Contains(strings.Join(sr.Problems, " "), "does not support revision 2026-07-28") {
		t.Errorf("2026-07-28 server/discover over HTTP: %s %q", sr.Status, sr.Problems)
	}
	if sr := res.Steps[1]; sr.Status != StatusSkipped || !strings.Contains(sr.Reason, "handshake failed") {
		t.Errorf("2026-07-28 tools/list over HTTP: %s %q, want skipped after the handshake", sr.Status, sr.Reason)
	}
	cases := []struct {
		name string
		open func(testing.TB) Transport
		revs []string
	}{{"stdio", sdkStdio, Revisions}, {"http", sdkHTTP, Revisions[:2]}}
	for _, ex := range serverExercises(t) {
		for _, c := range cases {
			for _, rev := range c.revs {
				if !ex.RunsIn(rev) {
					continue
				}
				t.Run(ex.ID+"/"+c.name+"/"+rev, func(t *testing.T) {
					res := runWith(t, ex, c.open(t), rev)
					for _, sr := range res.Steps {
						if sr.Status == StatusFailed {
							b, _ := json.Marshal(sr.Messages)
							t.Errorf("step %s failed: %s\n%s", sr.Name, Explain(sr), b)
						}
					}
					if !res.Passed {
						t.Error("the exercise did not pass")
					}
				})
			}
		}
	}
}

// A server that declares none of the capabilities an exercise checks is not
// graded by it (the handshake alone does not pass it), and the run says why;
// the same tools-only server passes the exercise on tools.
func TestNothingDeclaredIsNotGraded(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "tools-only", Version: "0.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_gifts", Description: "Suggests gift ideas."},
		func(context.Context, *mcp.CallToolRequest, giftArgs) (*mcp.CallToolResult, giftOut, error) {
			return nil, giftOut{Gifts: []string{"Kite"}}, nil
		})
	byID := map[string]*Result{}
	for _, ex := range serverExercises(t) {
		byID[ex.ID] = runWith(t, ex, sdkHTTPOf(t, s), Revisions[1])
	}
	res := byID["resources-prompts-server-read-and-get"]
	if res.Passed || !strings.Contains(res.Skipped, "(`resources`, `prompts`)") {
		t.Errorf("resources and prompts against a tools-only server: passed=%v skipped=%q, want not graded, naming both capabilities", res.Passed, res.Skipped)
	}
	if got := res.Steps[0].Status; got != StatusPassed {
		t.Errorf("its handshake = %s, want passed (the steps are still shown)", got)
	}
	if res := byID["lifecycle-server-handshake-tools"]; !res.Passed || res.Skipped != "" {
		t.Errorf("handshake and tools against a tools-only server: passed=%v skipped=%q, want passed", res.Passed, res.Skipped)
	}
}
