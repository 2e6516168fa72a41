package console

import (
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/testing/schematest"
	"github.com/mcpplayground/playground/mockserver"
)

// TestRepliesMatchOfficialSchemas checks every message the server sends in
// the scripted sessions against the official schema of its revision.
func TestRepliesMatchOfficialSchemas(t *testing.T) {
	o := schematest.Open(t)
	for _, rev := range []string{mockserver.Rev20250618, mockserver.Rev20251125, mockserver.Rev20260728} {
		// The schemas do reject: content must be an array of blocks.
		if o.Get(rev, o.Ref(rev, "CallToolResult")).Validate(map[string]any{"content": "x"}) == nil {
			t.Fatalf("%s: a wrong CallToolResult passed", rev)
		}
	}
	scripts := consoleScripts()
	scripts["fixtures"] = []consoleStep{
		{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"sampling":{},"elicitation":{}},"clientInfo":{"name":"l","version":"1"}}}`},
		{send: initialized},
		{send: `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`},
		{send: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"test_multiple_content_types"}}`},
		{send: `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"test_audio_content"}}`},
		{send: `{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"test://static-binary"}}`},
		{send: `{"jsonrpc":"2.0","id":6,"method":"resources/subscribe","params":{"uri":"test://watched-resource"}}`},
		{send: `{"jsonrpc":"2.0","id":7,"method":"prompts/get","params":{"name":"test_prompt_with_image"}}`},
		{send: `{"jsonrpc":"2.0","id":8,"method":"prompts/get","params":{"name":"test_prompt_with_embedded_resource","arguments":{"resourceUri":"test://x"}}}`},
		{send: `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"test_elicitation_sep1330_enums"}}`},
		{answer: `{"action":"cancel"}`},
		{send: `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"test_tool_with_progress","_meta":{"progressToken":1}}}`},
		{send: `{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{` + modernMeta + `}}`},
		{send: `{"jsonrpc":"2.0","id":12,"method":"resources/templates/list","params":{` + modernMeta + `}}`},
		{send: `{"jsonrpc":"2.0","id":13,"method":"prompts/list","params":{` + modernMeta + `}}`},
		{send: `{"jsonrpc":"2.0","id":14,"method":"prompts/get","params":{"name":"test_simple_prompt",` + modernMeta + `}}`},
		{send: `{"jsonrpc":"2.0","id":15,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"test_prompt_with_arguments"},"argument":{"name":"arg1","value":"pa"},` + modernMeta + `}}`},
		{send: `{"jsonrpc":"2.0","id":16,"method":"resources/list","params":{` + modernMeta + `}}`},
	}
	for name, steps := range scripts {
		t.Run(name, func(t *testing.T) {
			// The transcripts' key, so that the 2026-07-28 retry echoes a
			// state this server sealed and its result is checked too.
			srv := mockserver.New(mockserver.Config{Clock: quickClock{now: time.Unix(0, 0)}, Fixtures: mockserver.FixturesConformance, StateKey: []byte(transcriptStateKey)})
			c := Start(srv, Options{})
			defer c.Close()
			runScript(t, c, steps)
			events := c.Events(0)
			bySeq := map[int]exchange.Event{}
			for _, e := range events {
				bySeq[e.Seq] = e
			}
			checked := 0
			for _, e := range events {
				if e.From != grader.SenderServer {
					continue
				}
				rev := c.Protocol()
				if rev == "" {
					rev = mockserver.Rev20251125
				}
				var req exchange.Event
				if e.Answers > 0 {
					req = bySeq[e.Answers]
					if strings.Contains(req.Raw, mockserver.MetaProtocolVersion) {
						rev = mockserver.Rev20260728
					}
				}
				checkOut(t, o, rev, e, req)
				checked++
			}
			if checked == 0 {
				t.Error("nothing checked")
			}
		})
	}
}

// checkOut validates e, sent by the server in revision rev, against the
// official schema, with the request it answers (req, zero when none): a
// response must answer a method whose result the schema defines.
func checkOut(t *testing.T, o *schematest.Official, rev string, e, req exchange.Event) {
	t.Helper()
	var request []byte
	if req.Raw != "" {
		request = []byte(req.Raw)
	}
	if e.Kind == "response" && schematest.ResultDefs(rev, req.Method, strings.Contains(req.Raw, `"task":`), "") == nil {
		t.Errorf("#%d answers %q: no result definition", e.Seq, req.Method)
		return
	}
	if err := o.Validate(rev, "server", []byte(e.Raw), request); err != nil {
		t.Errorf("#%d (%s): %v\n%s", e.Seq, rev, err, e.Raw)
	}
}

// TestServerMessagesPassTheChecker: the project's checker finds no error in
// anything the server sends (server and checker agree on the spec).
func TestServerMessagesPassTheChecker(t *testing.T) {
	for name, steps := range consoleScripts() {
		t.Run(name, func(t *testing.T) {
			srv := mockserver.New(mockserver.Config{Clock: quickClock{now: time.Unix(0, 0)}, StateKey: []byte(transcriptStateKey)})
			c := Start(srv, Options{})
			defer c.Close()
			runScript(t, c, steps)
			for _, e := range c.Events(0) {
				if e.From != grader.SenderServer {
					continue
				}
				for _, d := range e.Report.Diagnostics {
					if d.Severity == "error" {
						t.Errorf("#%d %s: %s at %s: %s\n%s", e.Seq, e.Kind, d.Code, d.Pointer, d.Message, e.Raw)
					}
				}
			}
		})
	}
}
