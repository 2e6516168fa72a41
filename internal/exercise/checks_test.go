package exercise

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Every rule of the vocabulary, on answers that pass and answers that fail,
// with where the result points.
// A table: one rule and one answer a row.
func TestRules(t *testing.T) {
	const ping = `{"jsonrpc": "2.0", "id": 1, "method": "ping"}`
	tests := []struct {
		name   string
		check  string // one item of the checks list, without the dash
		answer string
		want   CheckResult // ID, Passed, Pointer, Line, Column
	}{
		{"valid passes", "valid: true", ping, CheckResult{ID: "valid", Passed: true, Pointer: "", Line: 1, Column: 1}},
		{"valid points at the blocking error", "valid: true", `{"jsonrpc": "1.0", "id": 1, "method": "ping"}`,
			CheckResult{ID: "valid", Pointer: "/jsonrpc", Line: 1, Column: 13}},
		{"kind request", "kind: request", ping, CheckResult{ID: "kind", Passed: true, Line: 1, Column: 1}},
		{"kind notification is not a request", "kind: request", `{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
			CheckResult{ID: "kind", Line: 1, Column: 1}},
		{"kind error", "kind: error", `{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}`,
			CheckResult{ID: "kind", Passed: true, Line: 1, Column: 1}},
		{"kind response is a success", "kind: response", `{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}`,
			CheckResult{ID: "kind", Line: 1, Column: 1}},
		{"method", "method: ping", ping, CheckResult{ID: "method", Passed: true, Pointer: "/method", Line: 1, Column: 39}},
		{"method is case-sensitive", "method: ping", `{"jsonrpc": "2.0", "id": 1, "method": "Ping"}`,
			CheckResult{ID: "method", Pointer: "/method", Line: 1, Column: 39}},
		{"method missing points at the message", "method: ping", `{"jsonrpc": "2.0", "id": 1}`,
			CheckResult{ID: "method", Line: 1, Column: 1}},
		{"equals ignores key order and spacing", `equals: {"type": "text", "text": "hi"}` + "\n    at: /result/content/0",
			`{"jsonrpc":"2.0","id":1,"result":{"content":[ {  "text" : "hi",` + "\n" + `"type":"text"} ]}}`,
			CheckResult{ID: "equals:/result/content/0", Passed: true, Pointer: "/result/content/0", Line: 1, Column: 47}},
		{"equals compares numbers by value", "equals: 40\n    at: /params/budget", `{"params": {"budget": 40.0}}`,
			CheckResult{ID: "equals:/params/budget", Passed: true, Pointer: "/params/budget", Line: 1, Column: 23}},
		{"equals: 4e1 is 40", "equals: 40\n    at: /params/budget", `{"params": {"budget": 4e1}}`,
			CheckResult{ID: "equals:/params/budget", Passed: true, Pointer: "/params/budget", Line: 1, Column: 23}},
		{"equals: a string is not a number", "equals: 40\n    at: /params/budget", `{"params": {"budget": "40"}}`,
			CheckResult{ID: "equals:/params/budget", Pointer: "/params/budget", Line: 1, Column: 23}},
		{"equals: an extra member differs", `equals: {"a": 1}` + "\n    at: /params", `{"params": {"a": 1, "b": 2}}`,
			CheckResult{ID: "equals:/params", Pointer: "/params", Line: 1, Column: 12}},
		{"equals: array order matters", "equals: [1, 2]\n    at: /params/xs", `{"params": {"xs": [2, 1]}}`,
			CheckResult{ID: "equals:/params/xs", Pointer: "/params/xs", Line: 1, Column: 19}},
		{"equals: null", "equals: null\n    at: /params/cursor", `{"params": {"cursor": null}}`,
			CheckResult{ID: "equals:/params/cursor", Passed: true, Pointer: "/params/cursor", Line: 1, Column: 23}},
		{"equals missing points at the nearest parent", "equals: suggest_gifts\n    at: /params/name", `{"params": {"tool": "suggest_gifts"}}`,
			CheckResult{ID: "equals:/params/name", Pointer: "/params", Line: 1, Column: 12}},
		{"equals: escaped pointer", "equals: 1\n    at: /a~1b/c~0d", `{"a/b": {"c~d": 1}}`,
			CheckResult{ID: "equals:/a~1b/c~0d", Passed: true, Pointer: "/a~1b/c~0d", Line: 1, Column: 17}},
		{"present counts null", "present: /params/cursor", `{"params": {"cursor": null}}`,
			CheckResult{ID: "present:/params/cursor", Passed: true, Pointer: "/params/cursor", Line: 1, Column: 23}},
		{"present fails when missing", "present: /params/arguments", `{"params": {}}`,
			CheckResult{ID: "present:/params/arguments", Pointer: "/params", Line: 1, Column: 12}},
		{"absent passes when missing", "absent: /params/tool", `{"params": {"name": "x"}}`,
			CheckResult{ID: "absent:/params/tool", Passed: true, Pointer: "/params", Line: 1, Column: 12}},
		{"absent points at the value", "absent: /params/tool", `{"params": {"tool": "x"}}`,
			CheckResult{ID: "absent:/params/tool", Pointer: "/params/tool", Line: 1, Column: 21}},
		{"type integer accepts 7.0", "type: integer\n    at: /id", `{"id": 7.0}`,
			CheckResult{ID: "type:/id", Passed: true, Pointer: "/id", Line: 1, Column: 8}},
		{"type integer rejects 7.5", "type: integer\n    at: /id", `{"id": 7.5}`,
			CheckResult{ID: "type:/id", Pointer: "/id", Line: 1, Column: 8}},
		{"type number accepts an integer", "type: number\n    at: /id", `{"id": 7}`,
			CheckResult{ID: "type:/id", Passed: true, Pointer: "/id", Line: 1, Column: 8}},
		{"type object", "type: object\n    at: /params/arguments", `{"params": {"arguments": []}}`,
			CheckResult{ID: "type:/params/arguments", Pointer: "/params/arguments", Line: 1, Column: 26}},
		{"id any: a string", "id: any", `{"id": "abc"}`, CheckResult{ID: "id", Passed: true, Pointer: "/id", Line: 1, Column: 8}},
		{"id any: not null", "id: any", `{"id": null}`, CheckResult{ID: "id", Pointer: "/id", Line: 1, Column: 8}},
		{"id any: not a fraction", "id: any", `{"id": 1.5}`, CheckResult{ID: "id", Pointer: "/id", Line: 1, Column: 8}},
		{"id any: missing", "id: any", `{"method": "ping"}`, CheckResult{ID: "id", Line: 1, Column: 1}},
		{"id value: 5", "id: 5", `{"id": 5}`, CheckResult{ID: "id", Passed: true, Pointer: "/id", Line: 1, Column: 8}},
		{"id value: 5 is not \"5\"", "id: 5", `{"id": "5"}`, CheckResult{ID: "id", Pointer: "/id", Line: 1, Column: 8}},
		{"id value: a string", `id: "abc"`, `{"id": "abc"}`, CheckResult{ID: "id", Passed: true, Pointer: "/id", Line: 1, Column: 8}},
		{"result_shape passes", "result_shape: tools/list", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}`,
			CheckResult{ID: "result_shape", Passed: true, Pointer: "/result", Line: 1, Column: 39}},
		{"result_shape: a required member is missing", "result_shape: tools/list", `{"jsonrpc": "2.0", "id": 1, "result": {}}`,
			CheckResult{ID: "result_shape", Pointer: "/result/tools", Line: 1, Column: 39}},
		{"result_shape: wrong type inside", "result_shape: tools/list", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": {}}}`,
			CheckResult{ID: "result_shape", Pointer: "/result/tools", Line: 1, Column: 49}},
		{"result_shape: an error response is not a result", "result_shape: tools/list", `{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "x"}}`,
			CheckResult{ID: "result_shape", Line: 1, Column: 1}},
		{"result_shape: not JSON", "result_shape: tools/list", `{"jsonrpc": "2.0", "id": 1, "result": `,
			CheckResult{ID: "result_shape"}},
		{"anything on an empty answer", "present: /params", ``, CheckResult{ID: "present:/params"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := mustLoad(t, file("kind: write\nchecks:\n  - valid: true\n  - "+tt.check, "\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+text))
			got := result(t, ex.Grade(tt.answer, i18n.EN), tt.want.ID)
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(CheckResult{}, "Message", "Feedback")); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// Each rule says what it wants in both languages, from the rule alone.
func TestDescribe(t *testing.T) {
	tests := []struct {
		check  string
		en, fr string
	}{
		{"valid: true", "The message is valid for MCP revision 2025-11-25.", "Le message est valide pour la révision 2025-11-25 de MCP."},
		{"kind: notification", "The message is a notification.", "Le message est une notification."},
		{"kind: error", "The message is an error response (`error`).", "Le message est une réponse d’erreur (`error`)."},
		{"method: tools/call", "The method is `tools/call`.", "La méthode est `tools/call`."},
		{"equals: suggest_gifts\n    at: /params/name", "`params.name` equals `\"suggest_gifts\"`.", "`params.name` vaut `\"suggest_gifts\"`."},
		{"equals: 1\n    at: /result/content/0/a~1b", "`result.content[0][\"a/b\"]` equals `1`.", "`result.content[0][\"a/b\"]` vaut `1`."},
		{"equals: {b: 1, a: [true]}\n    at: \"\"", "The message equals `{\"a\":[true],\"b\":1}`.", "Le message vaut `{\"a\":[true],\"b\":1}`."},
		{"present: /params/arguments", "The message has `params.arguments`.", "Le message contient `params.arguments`."},
		{"absent: /params/tool", "The message has no `params.tool`.", "Le message ne contient pas `params.tool`."},
		{"type: integer\n    at: /id", "`id` is an integer.", "`id` est un entier."},
		{"id: any", "The message has a valid `id`: a string or an integer.", "Le message a un `id` valide\u00a0: une chaîne ou un entier."},
		{"id: 5", "The `id` is `5`.", "L’`id` vaut `5`."},
		{"result_shape: tools/list", "The `result` has the shape of a `tools/list` result.", "Le `result` a la forme d’un résultat de `tools/list`."},
	}
	for _, tt := range tests {
		ex := mustLoad(t, file("kind: write\nchecks:\n  - valid: true\n  - "+tt.check, "\n# Solution\n\n"+jsonBlock(`{}`)+text))
		c := ex.Checks[len(ex.Checks)-1]
		if diff := cmp.Diff([]string{tt.en, tt.fr}, []string{c.Describe(i18n.EN), c.Describe(i18n.FR)}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.check, diff)
		}
	}
}

func TestFeedbackLanguages(t *testing.T) {
	ex := mustLoad(t, file(`kind: write
checks:
  - method: ping
    feedback:
      en: Which method checks that the other side is there?
      fr: Quelle méthode vérifie que l’autre partie est là ?
  - id: any
    feedback: {en: "An id is a string or an integer."}`, "\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+text))
	answer := `{"jsonrpc": "2.0", "method": "pong"}`
	tests := []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.EN, []string{"", "Which method checks that the other side is there?", "An id is a string or an integer."}},
		// No French for the second: the English one is better than nothing.
		{i18n.FR, []string{"", "Quelle méthode vérifie que l’autre partie est là ?", "An id is a string or an integer."}},
	}
	for _, tt := range tests {
		var got []string
		for _, cr := range ex.Grade(answer, tt.lang).Checks {
			got = append(got, cr.Feedback)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.lang, diff)
		}
	}
	// Passed checks carry no feedback.
	for _, cr := range ex.Grade(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`, i18n.EN).Checks {
		if cr.Feedback != "" {
			t.Errorf("%s passed but has feedback %q", cr.ID, cr.Feedback)
		}
	}
}

func TestValueHelpers(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"40", "40.0", true}, {"4e1", "40", true}, {"0.5", "5e-1", true}, {"-0", "0", true},
		{"1e999999999", "1e999999999", true}, {"1e999999999", "1e999999998", false},
		{"7", "-7", false}, {"10", "1", false}, {"01", "1", false},
	} {
		if got := sameNumber(tt.a, tt.b); got != tt.want {
			t.Errorf("sameNumber(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
	for p, want := range map[string]string{
		"":                              "",
		"/params/name":                  "params.name",
		"/result/content/0/text":        "result.content[0].text",
		"/params/_meta/io.mcp~1version": `params._meta["io.mcp/version"]`,
		"/0":                            "[0]",
	} {
		if got := displayPath(p); got != want {
			t.Errorf("displayPath(%q) = %q, want %q", p, got, want)
		}
	}
	if got, want := string(InlineHTML("Use `<b>` & `x`, not <i>.")), "Use <code>&lt;b&gt;</code> &amp; <code>x</code>, not &lt;i&gt;."; got != want {
		t.Errorf("InlineHTML = %q, want %q", got, want)
	}
}
