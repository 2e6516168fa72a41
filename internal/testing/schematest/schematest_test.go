package schematest

import (
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The views accept what a revision allows and reject what it does not, by
// shape, by sender, and by the result of the request answered.
func TestValidate(t *testing.T) {
	o := Open(t)
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{}}}`
	tests := []struct {
		name, rev, sender, msg, request string
		ok                              bool
	}{
		{"a client request", rev20251125, grader.SenderClient, call, "", true},
		{"a client request sent by the server", rev20251125, grader.SenderServer, call, "", false},
		{"a server request", rev20251125, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"method":"roots/list"}`, "", true},
		{"either side", rev20251125, "", `{"jsonrpc":"2.0","id":1,"method":"roots/list"}`, "", true},
		{"no server requests in 2026-07-28", rev20260728, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"method":"roots/list"}`, "", false},
		{"a tool result", rev20251125, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`, call, true},
		{"a tool result that is not one", rev20251125, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"result":{"content":"x"}}`, call, false},
		{"the same without its request", rev20251125, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"result":{"content":"x"}}`, "", true},
		{"an error, 2025-06-18", rev20250618, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`, "", true},
		{"a notification", rev20250618, grader.SenderClient, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "", true},
		{"schema.ts wins: a number in an elicitation answer", rev20251125, grader.SenderClient, `{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"budget":3.14}}}`, `{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{"budget":{"type":"number"}}}}}`, true},
		{"not JSON", rev20251125, grader.SenderClient, `{"jsonrpc"`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var req []byte
			if tt.request != "" {
				req = []byte(tt.request)
			}
			err := o.Validate(tt.rev, tt.sender, []byte(tt.msg), req)
			if (err == nil) != tt.ok {
				t.Errorf("Validate = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestResultDefs(t *testing.T) {
	tests := []struct {
		rev, method string
		task        bool
		resultType  string
		want        []string
	}{
		{rev20251125, "tools/call", false, "", []string{"CallToolResult"}},
		{rev20251125, "tools/call", true, "", []string{"CreateTaskResult"}},
		{rev20250618, "tools/call", true, "", []string{"CallToolResult"}},
		{rev20260728, "prompts/get", false, "input_required", []string{"InputRequiredResult"}},
		{rev20260728, "prompts/get", false, "complete", []string{"GetPromptResult"}},
		{rev20251125, "no/such", false, "", nil},
	}
	for _, tt := range tests {
		got := ResultDefs(tt.rev, tt.method, tt.task, tt.resultType)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ResultDefs(%s, %s, %v, %q) (-want +got):\n%s", tt.rev, tt.method, tt.task, tt.resultType, diff)
		}
	}
}

// A correction that no longer finds what it corrects is an error.
func TestCorrectionMustApply(t *testing.T) {
	err := tsCorrections(rev20251125, map[string]any{"$defs": map[string]any{}})
	if err == nil || !strings.Contains(err.Error(), "no longer applies") {
		t.Errorf("tsCorrections on an empty schema = %v, want an error", err)
	}
}
