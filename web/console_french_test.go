package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// A console session started in English reads in French on the French
// page: every diagnostic, the conversation's (session.*) included, and the
// mentions on the messages they refer to, say what the same conversation
// judged in French says; so does the report before sending. Nothing is
// judged again: the page gives the exchange's verdict in its language.
func TestConsoleFrenchPageReadsAnEnglishSessionInFrench(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	reused := `{"jsonrpc":"2.0","id":5,"method":"ping"}`
	for _, m := range []string{msgInitialize, msgInitialized, reused, reused, `{"jsonrpc":"2.0","id":6,"method":"tools/cal"}`} {
		b.send(m) // ?lang=en: the session judges in English
	}

	// The same conversation, judged anew in each language from its export.
	export := b.get("/api/console/export.jsonl").body
	said := map[i18n.Lang][]string{}
	judged := map[i18n.Lang]*exchange.Exchange{}
	codes := map[string]bool{}
	for _, l := range i18n.All {
		x, err := exchange.ReadJSONLines(strings.NewReader(export), exchange.Options{Lang: l})
		if err != nil {
			t.Fatal(err)
		}
		judged[l] = x
		for _, ev := range x.Events(0) {
			for _, d := range ev.Report.Diagnostics {
				said[l] = append(said[l], string(exercise.InlineHTML(d.Message)))
				codes[d.Code] = true
			}
			for _, m := range ev.Mentions {
				said[l] = append(said[l], string(exercise.InlineHTML(m.Message)))
			}
		}
	}
	if !codes["session.id.reused"] || !codes["mcp.method.unknown"] {
		t.Fatalf("the conversation says %v: want a conversation's diagnostic and a message's, or the test proves nothing", codes)
	}

	fr := b.get("/fr/console").body
	mustContain(t, "French page of an English session", fr, said[i18n.FR]...)
	for i, en := range said[i18n.EN] {
		if en != said[i18n.FR][i] && strings.Contains(fr, en) {
			t.Errorf("the French page says in English: %s", en)
		}
	}

	r := b.do("POST", "/api/console/peek?lang=fr", "text/plain; charset=utf-8", reused)
	var peek struct {
		Report grader.Report `json:"report"`
	}
	if r.status != http.StatusOK || json.Unmarshal([]byte(r.body), &peek) != nil {
		t.Fatalf("peek = %d %s", r.status, r.body)
	}
	want := judged[i18n.FR].Peek([]byte(reused), grader.SenderClient)
	if len(peek.Report.Diagnostics) == 0 || len(peek.Report.Diagnostics) != len(want.Diagnostics) {
		t.Fatalf("the French report before sending says %+v, want %+v", peek.Report.Diagnostics, want.Diagnostics)
	}
	for i, d := range peek.Report.Diagnostics {
		if d.Message != want.Diagnostics[i].Message {
			t.Errorf("the French report before sending says %q, want %q", d.Message, want.Diagnostics[i].Message)
		}
	}
}
