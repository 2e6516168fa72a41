package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/mockserver"
)

// TestMockserverStdio runs the real subcommand on a pipe pair and talks to it
// with the official Go SDK client, as a desktop MCP client would.
func TestMockserverStdio(t *testing.T) {
	t.Parallel()
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- runMockserver([]string{"-stdio"}, serverR, serverW, &stderr)
		serverW.Close()
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "1"}, nil)
	ctx := context.Background()
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientR, Writer: clientW}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "suggest_gifts", Arguments: map[string]any{"occasion": "birthday", "budget": 50}})
	if err != nil || res.IsError || res.StructuredContent == nil {
		t.Fatalf("suggest_gifts: %v %+v", err, res)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "gift://catalog"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, "Cooperative board game") {
		t.Fatalf("gift://catalog: %v", err)
	}
	gp, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "gift_congrats_style", Arguments: map[string]string{"occasion": "wedding"}})
	if err != nil || len(gp.Messages) != 1 {
		t.Fatalf("gift_congrats_style: %v", err)
	}
	cs.Close()
	if c := <-code; c != 0 {
		t.Errorf("exit code %d, stderr:\n%s", c, stderr.String())
	}
}

func TestMockserverUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{}, {"-stdio", "-http", "127.0.0.1:0"}, {"-stdio", "-fixtures", "everything"}, {"-stdio", "extra"}} {
		var stderr bytes.Buffer
		if code := runMockserver(args, strings.NewReader(""), io.Discard, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if stderr.Len() == 0 {
			t.Errorf("%v: no explanation on stderr", args)
		}
	}
}

// TestMockserverStdioBadInput: a line that is not JSON gets a parse error
// on stdout, nothing else, and the server goes on.
func TestMockserverStdioBadInput(t *testing.T) {
	t.Parallel()
	in := strings.NewReader("{oops\n" + `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")
	var out, stderr bytes.Buffer
	if code := runMockserver([]string{"-stdio", "-fixtures", "conformance"}, in, &out, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"code":-32700`) || lines[1] != `{"jsonrpc":"2.0","id":1,"result":{}}` {
		t.Errorf("stdout:\n%s", out.String())
	}
}

// -mistakes lists every mistake mode with its sentence; an unknown one is a
// usage error.
func TestMockserverMistakes(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := runMockserver([]string{"-mistakes"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, m := range mockserver.Mistakes() {
		if !strings.Contains(out.String(), string(m.Name)+" ") || !strings.Contains(out.String(), m.Description[:20]) {
			t.Errorf("-mistakes does not list %s", m.Name)
		}
	}
	errb.Reset()
	if code := runMockserver([]string{"-stdio", "-mistake", "typo"}, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown mistake "typo"`) {
		t.Errorf("unknown mistake: exit %d, %s", code, errb.String())
	}
}
