package mockserver

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/repo"
)

// schemaSet compiles definitions of one revision's official schema.
type schemaSet struct {
	c      *jsonschema.Compiler
	url    string
	prefix string // "#/$defs/" or "#/definitions/"
	cache  map[string]*jsonschema.Schema
}

func loadSchemaSet(t *testing.T, dir, rev string) *schemaSet {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, rev, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	url := "file:///mcp-" + rev + ".json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	prefix := "#/$defs/"
	if m, ok := doc.(map[string]any); ok {
		if _, ok := m["$defs"]; !ok {
			prefix = "#/definitions/"
		}
	}
	return &schemaSet{c: c, url: url, prefix: prefix, cache: map[string]*jsonschema.Schema{}}
}

func (s *schemaSet) validate(t *testing.T, def string, v any) error {
	t.Helper()
	sch, ok := s.cache[def]
	if !ok {
		var err error
		sch, err = s.c.Compile(s.url + s.prefix + def)
		if err != nil {
			t.Fatalf("compiling %s: %v", def, err)
		}
		s.cache[def] = sch
	}
	return sch.Validate(v)
}

// resultDefs names the result definition of each method.
var resultDefs = map[string]string{
	"initialize":               "InitializeResult",
	"ping":                     "EmptyResult",
	"logging/setLevel":         "EmptyResult",
	"resources/subscribe":      "EmptyResult",
	"resources/unsubscribe":    "EmptyResult",
	"tools/list":               "ListToolsResult",
	"tools/call":               "CallToolResult",
	"resources/list":           "ListResourcesResult",
	"resources/templates/list": "ListResourceTemplatesResult",
	"resources/read":           "ReadResourceResult",
	"prompts/list":             "ListPromptsResult",
	"prompts/get":              "GetPromptResult",
	"completion/complete":      "CompleteResult",
	"server/discover":          "DiscoverResult",
}

// TestRepliesMatchOfficialSchemas checks every message the server sends in
// the scripted sessions against the official schema of its revision.
func TestRepliesMatchOfficialSchemas(t *testing.T) {
	dir := repo.SchemaDir(t)
	sets := map[string]*schemaSet{}
	for _, rev := range []string{Rev20250618, Rev20251125, Rev20260728} {
		sets[rev] = loadSchemaSet(t, dir, rev)
		// The schemas do reject: content must be an array of blocks.
		if sets[rev].validate(t, "CallToolResult", map[string]any{"content": "x"}) == nil {
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
			srv := New(Config{Clock: quickClock{now: time.Unix(0, 0)}, Fixtures: FixturesConformance})
			c := srv.NewConsole(ConsoleOptions{})
			defer c.Close()
			runScript(t, c, steps)
			events := c.Events(0)
			bySeq := map[int]exchange.Event{}
			for _, e := range events {
				bySeq[e.Seq] = e
			}
			checked := 0
			for _, e := range events {
				if e.From != exchange.FromServer {
					continue
				}
				rev := c.Protocol()
				if rev == "" {
					rev = Rev20251125
				}
				var req exchange.Event
				if e.Answers > 0 {
					req = bySeq[e.Answers]
					if strings.Contains(req.Raw, MetaProtocolVersion) {
						rev = Rev20260728
					}
				}
				checkOut(t, sets[rev], rev, e, req)
				checked++
			}
			if checked == 0 {
				t.Error("nothing checked")
			}
		})
	}
}

func checkOut(t *testing.T, set *schemaSet, rev string, e, req exchange.Event) {
	t.Helper()
	var msg map[string]any
	if err := json.Unmarshal([]byte(e.Raw), &msg); err != nil {
		t.Fatalf("#%d is not JSON: %v", e.Seq, err)
	}
	generic, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(e.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	var defs []string
	var part any = generic
	switch e.Kind {
	case "response":
		defs = []string{map[string]string{Rev20250618: "JSONRPCResponse"}[rev]}
		if defs[0] == "" {
			defs[0] = "JSONRPCResultResponse"
		}
		def := resultDefs[req.Method]
		if res, _ := msg["result"].(map[string]any); res["resultType"] == "input_required" {
			def = "InputRequiredResult"
		}
		if def == "" {
			t.Errorf("#%d answers %q: no result definition", e.Seq, req.Method)
			return
		}
		if err := set.validate(t, defs[0], generic); err != nil {
			t.Errorf("#%d %s (%s): %v\n%s", e.Seq, defs[0], rev, err, e.Raw)
		}
		part = generic.(map[string]any)["result"]
		defs = []string{def}
	case "error":
		defs = []string{"JSONRPCErrorResponse"}
		if rev == Rev20250618 {
			defs = []string{"JSONRPCError"}
		}
	case "notification":
		defs = []string{"JSONRPCNotification", "ServerNotification"}
	case "request":
		defs = []string{"JSONRPCRequest", "ServerRequest"}
	default:
		t.Errorf("#%d: the server sent an unreadable message: %s", e.Seq, e.Raw)
		return
	}
	for _, def := range defs {
		if err := set.validate(t, def, part); err != nil {
			t.Errorf("#%d %s (%s): %v\n%s", e.Seq, def, rev, err, e.Raw)
		}
	}
}

// TestServerMessagesPassTheChecker: the project's checker finds no error in
// anything the server sends (server and checker agree on the spec).
func TestServerMessagesPassTheChecker(t *testing.T) {
	for name, steps := range consoleScripts() {
		t.Run(name, func(t *testing.T) {
			srv := New(Config{Clock: quickClock{now: time.Unix(0, 0)}})
			c := srv.NewConsole(ConsoleOptions{})
			defer c.Close()
			runScript(t, c, steps)
			for _, e := range c.Events(0) {
				if e.From != exchange.FromServer {
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
