//lint:file-ignore SA1019 logging is deprecated only from 2026-07-28: the sessions recorded in the revisions before it exercise it, as real peers do
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type addArgs struct {
	A int `json:"a" jsonschema:"the first number"`
	B int `json:"b" jsonschema:"the second number"`
}

type addResult struct {
	Sum int `json:"sum"`
}

// newServer is a go-sdk server with one tool, one resource and one prompt.
func newServer() *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "capture-gosdk-server", Version: "1.0.0"}, &mcp.ServerOptions{
		CompletionHandler: complete,
	})
	mcp.AddTool(srv, &mcp.Tool{Name: "add", Description: "Adds two numbers, reporting progress."}, add)
	srv.AddResource(&mcp.Resource{URI: "note://welcome", Name: "welcome", MIMEType: "text/plain"},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "note://welcome", MIMEType: "text/plain", Text: "Welcome to the capture."}}}, nil
		})
	srv.AddPrompt(&mcp.Prompt{Name: "greet", Description: "Greets someone.", Arguments: []*mcp.PromptArgument{{Name: "name", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Say hello to " + req.Params.Arguments["name"] + "."}}}}, nil
		})
	return srv
}

func add(ctx context.Context, req *mcp.CallToolRequest, args addArgs) (*mcp.CallToolResult, addResult, error) {
	if tok := req.Params.GetProgressToken(); tok != nil {
		for i := 1; i <= 2; i++ {
			if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: 2}); err != nil {
				return nil, addResult{}, fmt.Errorf("progress: %w", err)
			}
		}
	}
	_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Logger: "add", Data: fmt.Sprintf("%d + %d", args.A, args.B)})
	return nil, addResult{Sum: args.A + args.B}, nil
}

func complete(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	var values []string
	for _, n := range []string{"Ada", "Alan", "Grace"} {
		if strings.HasPrefix(n, req.Params.Argument.Value) {
			values = append(values, n)
		}
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}, nil
}
