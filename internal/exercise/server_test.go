package exercise

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Mistakes in a server exercise's steps are reported at their line.
func TestLoadServerErrors(t *testing.T) {
	tests := []struct {
		name string
		fm   string
		want []string
	}{
		{"no steps", "kind: server", []string{"x.md:1: a server exercise needs steps: the messages to send and the checks on what comes back (see FORMAT.md)"}},
		{"checks outside steps", "kind: server\nchecks:\n  - method: ping\nsteps:\n  - name: handshake\n    send: handshake",
			[]string{"x.md:5: a server exercise has its checks inside its steps"}},
		{"step without action, unknown key", "kind: server\nsteps:\n  - name: a\n  - name: b\n    sned: {}",
			[]string{`x.md:6: step "a" neither sends a message (send: …, or send: handshake) nor waits for a notification (wait: …)`,
				`x.md:7: line 8: unknown key "sned" in a step: a step has name, title, send, wait, when, revisions, checks and answers`}},
		{"handshake not first, when without handshake", "kind: server\nsteps:\n  - name: a\n    when: tools\n    send: {\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"ping\"}\n  - name: b\n    send: handshake",
			[]string{"x.md:7: when looks at the capabilities the server declared in the handshake: put a handshake step first",
				"x.md:9: the handshake is the first step, and there is one"}},
		{"notification, reference to no step, bad revision", "kind: server\nsteps:\n  - name: a\n    revisions: [2024-11-05]\n    send: {\"jsonrpc\": \"2.0\", \"method\": \"x\", \"params\": {\"u\": \"{{zz /result}}\"}}",
			[]string{"x.md:7: revision \"2024-11-05\" is not a known MCP revision (2025-06-18, 2025-11-25, 2026-07-28)",
				"x.md:8: send is a request (with an id): a notification gets no reply to check",
				"x.md:8: {{zz …}} refers to no earlier step"}},
		{"preferred answer with a warning, unknown mistake step", "kind: server\nsteps:\n  - name: a\n    send: handshake\n    answers:\n      - checks:\n          - kind: response\n        warning: {en: no}\nmistakes:\n  wrong-id: nowhere",
			[]string{"x.md:9: the first answer is the preferred one: it has no warning",
				`x.md:12: mistake wrong-id: there is no step named "nowhere"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := load(map[string]string{"x.md": file(tc.fm, text)})
			if diff := cmp.Diff(tc.want, errs); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A step's message keeps the order written, takes values from earlier
// replies, and gets the stateless _meta in 2026-07-28; its grade accepts
// any answer and says which one.
func TestServerStepMessageAndGrade(t *testing.T) {
	src := file("kind: server\nsteps:\n  - name: handshake\n    send: handshake\n    checks:\n      - kind: response\n"+
		"  - name: read\n    send: {\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"resources/read\", \"params\": {\"uri\": \"{{handshake /result/uri}}\", \"_meta\": {\"progressToken\": 1}}}\n"+
		"    answers:\n      - checks:\n          - kind: error\n      - checks:\n          - kind: response\n        warning: {en: second best}", text)
	exs, errs := load(map[string]string{"x.md": src})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	st := exs[0].Steps[1]
	ref := func(step, p string) (json.RawMessage, bool) {
		return json.RawMessage(`"gift://catalog"`), step == "handshake" && p == "/result/uri"
	}
	got, err := st.Message("2025-11-25", ref)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"gift://catalog","_meta":{"progressToken":1}}}`; string(got) != want {
		t.Errorf("message = %s\nwant      %s", got, want)
	}
	got, _ = st.Message("2026-07-28", ref)
	if want := `{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"gift://catalog","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":1}}}`; string(got) != want {
		t.Errorf("2026 message = %s\nwant           %s", got, want)
	}
	if _, err := st.Message("2025-11-25", nil); err == nil {
		t.Error("a message whose reference has no value was built")
	}
	sent := []byte(`{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"gift://catalog"}}`)
	ok := st.GradeStep(sent, []byte(`{"jsonrpc":"2.0","id":3,"result":{"contents":[{"uri":"gift://catalog","text":"{}"}]}}`), "2025-11-25", i18n.EN)
	if !ok.Passed || ok.Warning != "second best" {
		t.Errorf("second answer: passed=%v warning=%q", ok.Passed, ok.Warning)
	}
	bad := st.GradeStep(sent, []byte(`{"jsonrpc":"2.0","id":4,"result":{}}`), "2025-11-25", i18n.EN)
	if bad.Passed || bad.Warning != "" || len(bad.Checks) != 2 || bad.Checks[1].ID != "kind" || bad.Checks[1].Passed {
		t.Errorf("no answer matches: %+v", bad)
	}
}
