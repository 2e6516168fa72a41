package grader

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// An unknown revision is answered with the list the checker really judges,
// in both languages, not a copy of it that can go stale.
func TestUnknownRevisionNamesEveryRevision(t *testing.T) {
	for _, lang := range i18n.All {
		rep := Check([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), Options{Protocol: "2024-01-01", Lang: lang})
		if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != codeProtocolUnknown {
			t.Fatalf("%s: diagnostics %+v, want %s alone", lang, rep.Diagnostics, codeProtocolUnknown)
		}
		msg := rep.Diagnostics[0].Message
		for _, rev := range Revisions() {
			if !strings.Contains(msg, rev) {
				t.Errorf("%s: %q does not name %s", lang, msg, rev)
			}
		}
	}
}
