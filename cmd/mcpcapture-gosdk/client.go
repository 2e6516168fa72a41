//lint:file-ignore SA1019 logging is deprecated only from 2026-07-28: the sessions recorded in the revisions before it exercise it, as real peers do
package main

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// exercise connects the go-sdk client over t asking for rev and goes through
// what a client does, then closes the session.
func exercise(ctx context.Context, t mcp.Transport, rev string) error {
	progress := make(chan float64, 8)
	client := mcp.NewClient(&mcp.Implementation{Name: "capture-gosdk-client", Version: "1.0.0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { progress <- r.Params.Progress },
		LoggingMessageHandler:       func(context.Context, *mcp.LoggingMessageRequest) {},
	})
	cs, err := client.Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: rev})
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ProtocolVersion; got != rev {
		return fmt.Errorf("negotiated %s, asked for %s", got, rev)
	}
	if rev != "2026-07-28" { // that revision has neither ping nor logging/setLevel
		if err := cs.Ping(ctx, nil); err != nil {
			return fmt.Errorf("ping: %w", err)
		}
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
			return fmt.Errorf("logging/setLevel: %w", err)
		}
	}
	steps := []func() error{
		func() error { _, err := cs.ListTools(ctx, nil); return err },
		func() error {
			p := &mcp.CallToolParams{Name: "add", Arguments: map[string]any{"a": 2, "b": 3}}
			p.SetProgressToken("sum")
			res, err := cs.CallTool(ctx, p)
			if err == nil && res.IsError {
				err = fmt.Errorf("add failed: %v", res.Content)
			}
			return err
		},
		func() error { _, err := cs.ListResources(ctx, nil); return err },
		func() error {
			_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "note://welcome"})
			return err
		},
		func() error { _, err := cs.ListPrompts(ctx, nil); return err },
		func() error {
			_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "greet", Arguments: map[string]string{"name": "Ada"}})
			return err
		},
		func() error {
			_, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"},
				Argument: mcp.CompleteParamsArgument{Name: "name", Value: "A"}})
			return err
		},
	}
	for i, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	select {
	case <-progress:
	default:
		return fmt.Errorf("no progress notification reached the client")
	}
	return nil
}
