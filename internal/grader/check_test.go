package grader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

func TestCheckOptions(t *testing.T) {
	msg := []byte(`{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": null}}`)
	tests := []struct {
		name     string
		opts     Options
		protocol string
		code     string
		inMsg    string
	}{
		{"defaults", Options{}, DefaultRevision, codeFieldNull, "optional field"},
		{"french", Options{Lang: i18n.FR}, DefaultRevision, codeFieldNull, "facultatif"},
		{"unknown language falls back to English", Options{Lang: "de"}, DefaultRevision, codeFieldNull, "optional field"},
		{"unknown revision", Options{Protocol: "2024-01-01"}, "2024-01-01", codeProtocolUnknown, "2024-01-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Check(msg, tt.opts)
			if rep.Protocol != tt.protocol || rep.Valid || len(rep.Diagnostics) != 1 {
				t.Fatalf("report = %+v", rep)
			}
			d := rep.Diagnostics[0]
			if d.Code != tt.code || !strings.Contains(d.Message, tt.inMsg) || !d.Blocking {
				t.Errorf("diagnostic = %+v, want blocking %s mentioning %q", d, tt.code, tt.inMsg)
			}
		})
	}
}

func TestCheckLimits(t *testing.T) {
	big := []byte(`{"a":"` + strings.Repeat("x", MaxSize) + `"}`)
	deep := []byte(strings.Repeat("[", 100000) + strings.Repeat("]", 100000))
	for name, src := range map[string][]byte{"too large": big, "too deep": deep} {
		rep := Check(src, Options{})
		if rep.Valid || rep.Kind != KindInvalid || len(rep.Diagnostics) != 1 {
			t.Fatalf("%s: %+v", name, rep)
		}
		d := rep.Diagnostics[0]
		want := map[string]string{"too large": codeTooLarge, "too deep": codeTooDeep}[name]
		if d.Code != want || !d.Blocking {
			t.Errorf("%s: %+v, want blocking %s", name, d, want)
		}
	}
	if d := Check(deep, Options{}).Diagnostics[0]; d.Column != MaxDepth+1 {
		t.Errorf("too deep reported at column %d, want %d (the 65th bracket)", d.Column, MaxDepth+1)
	}
	if rep := TooLarge(Options{Lang: i18n.FR}); rep.Diagnostics[0].Code != codeTooLarge || !strings.Contains(rep.Diagnostics[0].Message, "Mio") {
		t.Errorf("TooLarge = %+v", rep)
	}
}

// TestDiagnosticsOrderAndBlocking: diagnostics come in text order, and the
// blocking one is the first of the most fundamental kind (here the JSON text,
// although it comes after a method-level mistake).
func TestDiagnosticsOrderAndBlocking(t *testing.T) {
	src := []byte("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"tools/call\",\n  \"params\": {\"tool\": \"x\", \"arguments\": {},}\n}")
	rep := Check(src, Options{})
	type got struct {
		Code     string
		Line     int
		Blocking bool
	}
	var gots []got
	for _, d := range rep.Diagnostics {
		gots = append(gots, got{d.Code, d.Line, d.Blocking})
	}
	want := []got{{codeFieldMissing, 5, false}, {codeTrailingComma, 5, true}}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// TestCheckAllocations keeps the seed's tools/call cheap to check (the
// benchmarks give the time; this guards the allocation goal).
func TestCheckAllocations(t *testing.T) {
	Check(seedToolsCall, Options{}) // warm the pool
	allocs := testing.AllocsPerRun(200, func() { Check(seedToolsCall, Options{}) })
	if allocs > 20 {
		t.Errorf("Check allocates %.0f times for the seed's tools/call, want at most 20", allocs)
	}
}

// TestCheckDoesNotKeepInput: the report owns its strings.
func TestCheckDoesNotKeepInput(t *testing.T) {
	src := []byte(`{"jsonrpc": "2.0", "id": "abc", "method": "tools/lsit"}`)
	rep := Check(src, Options{})
	for i := range src {
		src[i] = 'X'
	}
	if rep.Method != "tools/lsit" || string(rep.ID) != `"abc"` || !strings.Contains(rep.Diagnostics[0].Message, "tools/lsit") {
		t.Errorf("the report changed with the input: %+v", rep)
	}
	if rep.Diagnostics[0].Suggestion != "tools/list" {
		t.Errorf("suggestion = %q, want tools/list", rep.Diagnostics[0].Suggestion)
	}
}

func TestSuggestions(t *testing.T) {
	rev := revisions[Rev20251125]
	methods := map[string]string{
		"resources/get": "resources/read", "tools/list_changed": "notifications/tools/list_changed",
		"tools/lst": "tools/list", "Tools/Call": "tools/call", "tools.call": "tools/call",
		"prompt/get": "prompts/get", "initialise": "initialize", "frobnicate": "",
	}
	for in, want := range methods {
		if got := suggestMethod(in, rev); got != want {
			t.Errorf("suggestMethod(%q) = %q, want %q", in, got, want)
		}
	}
	keys := []struct{ key, want string }{
		{"tool", "name"}, {"toolName", "name"}, {"args", "arguments"}, {"argument", "arguments"},
		{"nmae", "name"}, {"Arguments", "arguments"}, {"zzz", ""},
	}
	for _, k := range keys {
		if got, _ := suggestKey(k.key, []string{"name", "arguments", "_meta"}); got != k.want {
			t.Errorf("suggestKey(%q) = %q, want %q", k.key, got, k.want)
		}
	}
	if got, _ := suggestKey("resourceId", []string{"uri", "_meta"}); got != "uri" {
		t.Errorf("resourceId → %q, want uri", got)
	}
}

// TestKind: what kind of message the checker reads. A response with both
// result and error is neither a success nor an error response.
func TestKind(t *testing.T) {
	tests := []struct {
		msg   string
		kind  Kind
		codes []string
	}{
		{`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`, KindRequest, nil},
		{`{"jsonrpc": "2.0", "method": "notifications/initialized"}`, KindNotification, nil},
		{`{"jsonrpc": "2.0", "id": 1, "result": {}}`, KindResponse, nil},
		{`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error"}}`, KindError, []string{codeErrCodeStandard}},
		{`{"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": -32603, "message": "Internal error"}}`, KindInvalid, []string{codeBoth, codeErrCodeStandard}},
		{`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error"}, "result": {}}`, KindInvalid, []string{codeErrCodeStandard, codeBoth}},
		{`{"jsonrpc": "2.0", "id": 1}`, KindInvalid, []string{codeUnclassifiable}},
	}
	for _, tt := range tests {
		rep := Check([]byte(tt.msg), Options{})
		var codes []string
		for _, d := range rep.Diagnostics {
			codes = append(codes, d.Code)
		}
		if rep.Kind != tt.kind || !cmp.Equal(codes, tt.codes) {
			t.Errorf("%s: kind %s with %v, want %s with %v", tt.msg, rep.Kind, codes, tt.kind, tt.codes)
		}
	}
}

// TestURITemplate: braces are not allowed in a URI, and a URI with braces is
// almost always a resource template copied without filling it in. Only fields
// that are URIs are concerned: uriTemplate and a completion's ref/resource
// hold templates on purpose.
func TestURITemplate(t *testing.T) {
	read := func(uri string) string {
		return `{"jsonrpc": "2.0", "id": 6, "method": "resources/read", "params": {"uri": "` + uri + `"}}`
	}
	tests := []struct {
		name, msg string
		request   string
		codes     []string
	}{
		{"template in resources/read", read("gift://catalog/{category}"), "", []string{codeURITemplate}},
		{"only a variable", read("{uri}"), "", []string{codeURITemplate}},
		{"a closing brace alone", read("gift://catalog/games}"), "", []string{codeURITemplate}},
		{"filled in", read("gift://catalog/games"), "", nil},
		{"no scheme, no braces", read("games"), "", []string{codeURIScheme}},
		{"percent-encoded braces", read("gift://catalog/%7Bcategory%7D"), "", nil},
		{"completion of a template", `{"jsonrpc": "2.0", "id": 1, "method": "completion/complete", "params": {"ref": {"type": "ref/resource", "uri": "gift://catalog/{category}"}, "argument": {"name": "category", "value": "ga"}}}`, "", nil},
		{"uriTemplate in a result", `{"jsonrpc": "2.0", "id": 5, "result": {"resourceTemplates": [{"uriTemplate": "gift://catalog/{category}", "name": "catalog-by-category"}]}}`,
			`{"jsonrpc": "2.0", "id": 5, "method": "resources/templates/list"}`, nil},
		{"a template listed as a resource", `{"jsonrpc": "2.0", "id": 5, "result": {"resources": [{"uri": "gift://catalog/{category}", "name": "catalog-by-category"}]}}`,
			`{"jsonrpc": "2.0", "id": 5, "method": "resources/list"}`, []string{codeURITemplate}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Lang: i18n.FR}
			if tt.request != "" {
				opts.Request = []byte(tt.request)
			}
			rep := Check([]byte(tt.msg), opts)
			var codes []string
			for _, d := range rep.Diagnostics {
				codes = append(codes, d.Code)
				if d.Code == codeURITemplate && (!strings.Contains(d.Message, "uriTemplate") || !strings.Contains(d.Message, "gift://catalog/games")) {
					t.Errorf("the message does not say what to do: %q", d.Message)
				}
			}
			if diff := cmp.Diff(tt.codes, codes); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUnknownMethod: what the checker says about a method name it does not
// know, for requests and notifications.
func TestUnknownMethod(t *testing.T) {
	tests := []struct {
		name, rev, msg string
		sugg, lesson   string
		says           []string // in the message
	}{
		{"a generic list_changed", Rev20251125, `{"jsonrpc": "2.0", "method": "notifications/list_changed"}`,
			"notifications/tools/list_changed", "notifications",
			[]string{"one such notification per list", "`notifications/tools/list_changed`", "`notifications/resources/list_changed`", "`notifications/prompts/list_changed`", "`notifications/roots/list_changed`"}},
		{"a generic list_changed in 2026-07-28", Rev20260728, `{"jsonrpc": "2.0", "method": "notifications/list_changed"}`,
			"notifications/tools/list_changed", "notifications",
			[]string{"one such notification per list", "`notifications/tools/list_changed`", "`notifications/resources/list_changed`", "`notifications/prompts/list_changed`"}},
		{"list_changed without notifications/", Rev20251125, `{"jsonrpc": "2.0", "method": "list_changed"}`,
			"notifications/tools/list_changed", "notifications", []string{"one such notification per list"}},
		{"a short list_changed", Rev20251125, `{"jsonrpc": "2.0", "method": "tools/list_changed"}`,
			"notifications/tools/list_changed", "notifications", nil},
		{"an unknown notification", Rev20251125, `{"jsonrpc": "2.0", "method": "notifications/gift_wrapped"}`,
			"", "notifications", []string{"ignores"}},
		{"an unknown request", Rev20251125, `{"jsonrpc": "2.0", "id": 1, "method": "tools/run"}`,
			"tools/call", "requests", []string{"-32601"}},
		{"a request named like a notification", Rev20251125, `{"jsonrpc": "2.0", "id": 1, "method": "notifications/gift_wrapped"}`,
			"", "notifications", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Check([]byte(tt.msg), Options{Protocol: tt.rev})
			if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != codeMethodUnknown {
				t.Fatalf("diagnostics = %+v, want one %s", rep.Diagnostics, codeMethodUnknown)
			}
			d := rep.Diagnostics[0]
			if d.Suggestion != tt.sugg || d.Lesson != tt.lesson {
				t.Errorf("suggestion %q, lesson %q; want %q, %q", d.Suggestion, d.Lesson, tt.sugg, tt.lesson)
			}
			for _, s := range tt.says {
				if !strings.Contains(d.Message, s) {
					t.Errorf("the message does not say %q: %q", s, d.Message)
				}
			}
			if tt.rev == Rev20260728 && strings.Contains(d.Message, "roots/list_changed") {
				t.Errorf("2026-07-28 has no roots/list_changed: %q", d.Message)
			}
			fr := Check([]byte(tt.msg), Options{Protocol: tt.rev, Lang: i18n.FR}).Diagnostics[0].Message
			if len(tt.says) > 0 && tt.says[0] == "one such notification per list" && !strings.Contains(fr, "une notification de ce type par liste") {
				t.Errorf("the French message does not say it: %q", fr)
			}
		})
	}
}

// TestErrorToUnknownMethod: answering a request whose method does not exist
// with an error (-32601) is the right answer, so the request given is not
// "unusable": its id is still compared. A success response to it cannot be
// checked against the method, and the checker says so.
func TestErrorToUnknownMethod(t *testing.T) {
	tests := []struct {
		name, rev, request, msg string
		codes                   []string
	}{
		{"-32601 to a misspelled method", Rev20251125, `{"jsonrpc": "2.0", "id": 12, "method": "tools/col"}`,
			`{"jsonrpc": "2.0", "id": 12, "error": {"code": -32601, "message": "Method not found"}}`, []string{codeErrCodeStandard}},
		{"-32601 with another id", Rev20251125, `{"jsonrpc": "2.0", "id": 12, "method": "tools/col"}`,
			`{"jsonrpc": "2.0", "id": "12", "error": {"code": -32601, "message": "Method not found"}}`, []string{codeIDMismatch, codeErrCodeStandard}},
		{"-32601 to a method of another revision", Rev20260728, `{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}`,
			`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}`, []string{codeErrCodeStandard}},
		{"a result to a misspelled method", Rev20251125, `{"jsonrpc": "2.0", "id": 12, "method": "tools/col"}`,
			`{"jsonrpc": "2.0", "id": 12, "result": {}}`, []string{codeRequestUnusable}},
		{"an error to a notification", Rev20251125, `{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
			`{"jsonrpc": "2.0", "id": 12, "error": {"code": -32601, "message": "Method not found"}}`, []string{codeRequestUnusable, codeErrCodeStandard}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Check([]byte(tt.msg), Options{Protocol: tt.rev, Request: []byte(tt.request)})
			var codes []string
			for _, d := range rep.Diagnostics {
				codes = append(codes, d.Code)
			}
			if diff := cmp.Diff(tt.codes, codes); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHasResult(t *testing.T) {
	tests := []struct {
		method, rev string
		want        bool
	}{
		{"tools/list", Rev20251125, true},
		{"ping", Rev20250618, true},
		{"tools/col", Rev20251125, false},
		{"notifications/initialized", Rev20251125, false},
		{"initialize", Rev20260728, false},
		{"server/discover", Rev20260728, true},
		{"server/discover", Rev20251125, false},
		{"tasks/get", Rev20251125, true},
		{"tasks/get", Rev20250618, false},
		{"tools/list", "2024-01-01", false},
		{"", "", false},
		{"tools/list", "", true}, // "" is the default revision, as in Options
	}
	for _, tt := range tests {
		if got := HasResult(tt.method, tt.rev); got != tt.want {
			t.Errorf("HasResult(%q, %q) = %v, want %v", tt.method, tt.rev, got, tt.want)
		}
	}
}

// TestReceiverSees: a text with a syntax error is invalid, as a receiver sees it
// (it answers -32700); looks_like says what it was meant to be.
func TestReceiverSees(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		kind      Kind
		looksLike Kind
	}{
		{"valid request", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, KindRequest, ""},
		{"request with a trailing comma", `{"jsonrpc":"2.0","id":1,"method":"tools/list",}`, KindInvalid, KindRequest},
		{"notification with a comment", "{\"jsonrpc\":\"2.0\", // hi\n\"method\":\"notifications/initialized\"}", KindInvalid, KindNotification},
		{"response with single quotes", `{'jsonrpc':'2.0','id':1,'result':{}}`, KindInvalid, KindResponse},
		{"error with a missing comma", `{"jsonrpc":"2.0","id":1 "error":{"code":-32601,"message":"no"}}`, KindInvalid, KindError},
		{"unclosed request: from the keys read", `{"jsonrpc":"2.0","id":1,"method":"tools/list"`, KindInvalid, KindRequest},
		{"unclosed string in a notification", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{\"x\":\"y\n}}", KindInvalid, KindNotification},
		{"nested method key does not count", `{"jsonrpc":"2.0","id":1,"result":{"method":"x"`, KindInvalid, KindResponse},
		{"nothing tells", `{"jsonrpc": "2.0",`, KindInvalid, ""},
		{"method in the wrong case", `{"jsonrpc":"2.0","id":1,"Method":"tools/list"}`, KindInvalid, KindRequest},
		{"both result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}`, KindInvalid, ""},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`, KindInvalid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Check([]byte(tt.src), Options{})
			if diff := cmp.Diff([2]Kind{tt.kind, tt.looksLike}, [2]Kind{rep.Kind, rep.LooksLike}); diff != "" {
				t.Errorf("kind, looks_like (-want +got):\n%s", diff)
			}
			if rep.Kind == KindInvalid && rep.Valid {
				t.Errorf("an invalid kind is reported valid: %+v", rep.Diagnostics)
			}
		})
	}
}
