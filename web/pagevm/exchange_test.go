package pagevm

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// The diagram's source names each arrow by its number, method or kind and
// id, marks an invalid message "!" and an unanswered request "?", and a
// long session is cut to its latest messages.
func TestDiagramSourceLabels(t *testing.T) {
	d := exchange.Diagram{Arrows: []exchange.Arrow{
		{Seq: 1, From: "client", Kind: "request", Method: "tools/call", ID: `7`},
		{Seq: 2, From: "server", Kind: "notification", Method: "notifications/progress"},
		{Seq: 3, From: "server", Kind: "error", ID: `7`, ErrorCode: "-32602"},
		{Seq: 4, From: "client", Kind: "invalid", Invalid: true},
		{Seq: 5, From: "server", Kind: "response", ID: `"a"`},
		{Seq: 6, From: "client", Kind: "request", Method: "ping", ID: `8`, Unanswered: true},
		{Seq: 7, From: "server", Kind: "response", ID: `9`, ToolFailed: true},
	}}
	got := diagramSource(i18n.ConsoleFor(i18n.EN), d)
	want := "participant C as You (client)\nparticipant S as Gift server\n" +
		"C->>S: #1 `tools/call` (id 7)\n" +
		"S-)C: #2 `notifications/progress`\n" +
		"S--xC: #3 error -32602 (id 7)\n" +
		"C->>!S: #4 invalid message\n" +
		"S-->>C: #5 result (id \"a\")\n" +
		"C->>?S: #6 `ping` (id 8)\n" +
		"S--xC: #7 result, tool failed (isError) (id 9)\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagram source (-want +got):\n%s", diff)
	}
	x := exchange.New(exchange.Options{})
	for range MaxDiagramEvents + 5 {
		x.Add(exchange.Message{Raw: []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), From: "client"})
	}
	src := diagramSource(i18n.ConsoleFor(i18n.EN), x.Diagram(MaxDiagramEvents))
	if !strings.Contains(src, "Note over C,S: 5 earlier messages not drawn") || strings.Contains(src, "#5 ") {
		t.Errorf("a long session is not cut to its latest messages:\n%s", src[:200])
	}
	if _, err := markdown.SequenceSVG(src, "en"); err != nil {
		t.Errorf("the long diagram does not draw: %v", err)
	}
}
