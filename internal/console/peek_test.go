package console

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Before a learner has a session, the editor's message is read as the
// first message of one: in the page's language, under the live exercise's
// revision.
func TestPeekFirst(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		raw      string
		lang     i18n.Lang
		protocol string
		want     []string // the report's codes, in order
		wantText string   // in a message of the report
	}{
		{"the handshake's first message", initMsg, i18n.EN, "", nil, ""},
		{"a request before initialize", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, i18n.EN, "",
			[]string{"session.lifecycle.before-initialize"}, "initialize"},
		{"in French", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, i18n.FR, "",
			[]string{"session.lifecycle.before-initialize"}, "Leçon"},
		{"under the exercise's revision", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, i18n.EN, "2026-07-28",
			[]string{"mcp.method.not-in-revision"}, "2026-07-28"},
		{"not JSON", `{"jsonrpc":`, i18n.EN, "", []string{"json.unclosed-object"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep := PeekFirst(tt.raw, tt.lang, tt.protocol)
			var got []string
			text := ""
			for _, d := range rep.Diagnostics {
				got = append(got, d.Code)
				text += d.Message + "\n"
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
			if !strings.Contains(text, tt.wantText) {
				t.Errorf("the report says %q, want %q in it", text, tt.wantText)
			}
		})
	}
}
