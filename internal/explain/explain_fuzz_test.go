package explain

import (
	"encoding/json"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// FuzzExplain explains any bytes as a log: it never panics, a report it
// gives marshals to JSON, its summary counts its messages, and every
// index a message or finding names is one of the report's messages.
func FuzzExplain(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`+"\n"+
		`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`+"\n"), false)
	f.Add([]byte(`{"jsonrpc":"2.0","id":"a","result":{}}`+"\n"+`{"jsonrpc":"2.0","id":"\u0061","method":"ping"}`), true)
	f.Add([]byte("not a log\n{\"jsonrpc\":"), false)
	lim := logimport.Limits{MaxBytes: 1 << 20, MaxMessages: 40}
	f.Fuzz(func(t *testing.T, src []byte, fr bool) {
		lang := i18n.EN
		if fr {
			lang = i18n.FR
		}
		rep, err := Explain(src, Options{Format: logimport.FormatAuto, Lang: lang, Limits: lim})
		if err != nil {
			return
		}
		if _, err := json.Marshal(rep); err != nil {
			t.Fatalf("the report does not marshal: %v", err)
		}
		n := len(rep.Messages)
		if rep.Summary.Messages != n || n > lim.MaxMessages {
			t.Fatalf("summary says %d messages, the report holds %d (limit %d)", rep.Summary.Messages, n, lim.MaxMessages)
		}
		for _, fd := range rep.Findings {
			for _, i := range fd.Messages {
				if i < 0 || i >= n {
					t.Fatalf("finding %s names message %d of %d", fd.Code, i, n)
				}
			}
		}
	})
}
