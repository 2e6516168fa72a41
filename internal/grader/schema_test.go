package grader

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/repo"
)

// The official schemas are reference data kept outside the project
// (../shared/mcp-schema next to the repository). They are only read by tests.

// officialSchemas compiles views of the official schema of each revision.
type officialSchemas struct {
	t        testing.TB
	dir      string
	compiled map[string]*jsonschema.Schema
	compiler map[string]*jsonschema.Compiler
	n        int
}

func newOfficialSchemas(t testing.TB) *officialSchemas {
	return &officialSchemas{t: t, dir: repo.SchemaDir(t), compiled: map[string]*jsonschema.Schema{}, compiler: map[string]*jsonschema.Compiler{}}
}

func defsKey(rev string) string {
	if rev == Rev20250618 {
		return "definitions"
	}
	return "$defs"
}

func draftURL(rev string) string {
	if rev == Rev20250618 {
		return "http://json-schema.org/draft-07/schema#"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

func (o *officialSchemas) ref(rev, def string) map[string]any {
	return map[string]any{"$ref": "schema.json#/" + defsKey(rev) + "/" + def}
}

// get compiles (once) the schema described by spec, made of references into the
// official schema of rev.
func (o *officialSchemas) get(rev string, spec map[string]any) *jsonschema.Schema {
	key, _ := json.Marshal(spec)
	ck := rev + string(key)
	if s, ok := o.compiled[ck]; ok {
		return s
	}
	c := o.compiler[rev]
	base := "https://schemas.test/" + rev + "/"
	if c == nil {
		c = jsonschema.NewCompiler()
		f, err := os.Open(filepath.Join(o.dir, rev, "schema.json"))
		if err != nil {
			o.t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			o.t.Fatal(err)
		}
		tsCorrections(o.t, rev, doc)
		if err := c.AddResource(base+"schema.json", doc); err != nil {
			o.t.Fatal(err)
		}
		o.compiler[rev] = c
	}
	o.n++
	spec["$schema"] = draftURL(rev)
	url := fmt.Sprintf("%sview%d.json", base, o.n)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(must(json.Marshal(spec))))
	if err != nil {
		o.t.Fatal(err)
	}
	if err := c.AddResource(url, doc); err != nil {
		o.t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		o.t.Fatalf("compile %s %s: %v", rev, key, err)
	}
	o.compiled[ck] = s
	return s
}

// schemaTSWins lists where schema.json says less than schema.ts, the source of
// truth: the checker follows schema.ts, and the comparison reads schema.json
// corrected to say the same. Each entry is a definition, the path of a subschema
// in it, and the reason.
var schemaTSWins = []struct {
	def    string
	path   []string
	reason string
}{
	{"ElicitResult", []string{"properties", "content", "additionalProperties"},
		"schema.ts: content values are string | number | boolean (| string[]); schema.json narrows number to integer, yet a requested field of type number is answered with 3.14"},
}

// tsCorrections applies schemaTSWins to the official document of rev: within
// each subschema, the type "integer" becomes "number".
func tsCorrections(t testing.TB, rev string, doc any) {
	defs, _ := doc.(map[string]any)[defsKey(rev)].(map[string]any)
	for _, c := range schemaTSWins {
		var at any = defs[c.def]
		for _, k := range c.path {
			m, ok := at.(map[string]any)
			if !ok {
				break
			}
			at = m[k]
		}
		if at == nil || !integerToNumber(at) {
			t.Fatalf("%s: the correction of %s/%v (%s) no longer applies: has schema.json changed?", rev, c.def, c.path, c.reason)
		}
	}
}

// integerToNumber replaces "integer" with "number" in every type of a schema;
// it reports whether it replaced any.
func integerToNumber(v any) bool {
	done := false
	switch x := v.(type) {
	case map[string]any:
		switch ty := x["type"].(type) {
		case string:
			if ty == "integer" {
				x["type"], done = "number", true
			}
		case []any:
			for i, e := range ty {
				if e == "integer" {
					ty[i], done = "number", true
				}
			}
		}
		for k, e := range x {
			if k != "type" && integerToNumber(e) {
				done = true
			}
		}
	case []any:
		for _, e := range x {
			if integerToNumber(e) {
				done = true
			}
		}
	}
	return done
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// resultDefs names the official definition of each method's result.
//
// In 2026-07-28 tools/call, prompts/get and resources/read answer with
// anyOf(InputRequiredResult, the complete result). InputRequiredResult only
// requires a resultType string, so that union accepts any object with one. The
// specification says resultType tells which of the two it is; the checker reads
// it that way, and so does this view: "input_required" is checked as an
// InputRequiredResult, anything else as the complete result.
func resultDefs(rev, method string, taskRequested bool, resultType string) []string {
	if rev == Rev20260728 && resultType == "input_required" {
		switch method {
		case "tools/call", "prompts/get", "resources/read":
			return []string{"InputRequiredResult"}
		}
	}
	switch method {
	case "tools/list":
		return []string{"ListToolsResult"}
	case "tools/call":
		switch {
		case rev == Rev20251125 && taskRequested:
			return []string{"CreateTaskResult"}
		}
		return []string{"CallToolResult"}
	case "resources/list":
		return []string{"ListResourcesResult"}
	case "resources/templates/list":
		return []string{"ListResourceTemplatesResult"}
	case "resources/read":
		return []string{"ReadResourceResult"}
	case "prompts/list":
		return []string{"ListPromptsResult"}
	case "prompts/get":
		return []string{"GetPromptResult"}
	case "completion/complete":
		return []string{"CompleteResult"}
	case "initialize":
		return []string{"InitializeResult"}
	case "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe":
		return []string{"EmptyResult"}
	case "sampling/createMessage":
		return []string{"CreateMessageResult"}
	case "roots/list":
		return []string{"ListRootsResult"}
	case "elicitation/create":
		return []string{"ElicitResult"}
	case "tasks/get":
		return []string{"GetTaskResult"}
	case "tasks/result":
		return []string{"GetTaskPayloadResult"}
	case "tasks/cancel":
		return []string{"CancelTaskResult"}
	case "tasks/list":
		return []string{"ListTasksResult"}
	case "server/discover":
		return []string{"DiscoverResult"}
	case "subscriptions/listen":
		return []string{"SubscriptionsListenResult"}
	}
	return nil
}

// officialView chooses what the official schema says a message must be: the
// union of the revision's requests (or notifications) for its shape, and the
// result of the request it answers when that is known.
func (o *officialSchemas) officialView(c corpusCase, msg any) *jsonschema.Schema {
	rev := c.rev
	anyOf := func(defs ...string) map[string]any {
		var refs []any
		for _, d := range defs {
			refs = append(refs, o.ref(rev, d))
		}
		return map[string]any{"anyOf": refs}
	}
	obj, ok := msg.(map[string]any)
	if !ok {
		return o.get(rev, o.ref(rev, "JSONRPCMessage"))
	}
	_, hasID := obj["id"]
	_, hasMethod := obj["method"]
	_, hasResult := obj["result"]
	_, hasError := obj["error"]
	unions := func(kind string) map[string]any {
		switch {
		case rev == Rev20260728 && kind == "Request":
			return anyOf("ClientRequest") // there are no server requests
		case c.sender == "client":
			return anyOf("Client" + kind)
		case c.sender == "server":
			return anyOf("Server" + kind)
		}
		return anyOf("Client"+kind, "Server"+kind)
	}
	switch {
	case hasMethod && hasID:
		return o.get(rev, map[string]any{"allOf": []any{o.ref(rev, "JSONRPCRequest"), unions("Request")}})
	case hasMethod:
		return o.get(rev, map[string]any{"allOf": []any{o.ref(rev, "JSONRPCNotification"), unions("Notification")}})
	case hasError:
		if rev == Rev20250618 {
			return o.get(rev, o.ref(rev, "JSONRPCError"))
		}
		return o.get(rev, o.ref(rev, "JSONRPCErrorResponse"))
	case hasResult:
		env := "JSONRPCResultResponse"
		if rev == Rev20250618 {
			env = "JSONRPCResponse"
		}
		var req map[string]any
		if c.request != nil {
			if r, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.request)); err == nil {
				req, _ = r.(map[string]any)
			}
		}
		method, _ := req["method"].(string)
		params, _ := req["params"].(map[string]any)
		_, task := params["task"]
		result, _ := obj["result"].(map[string]any)
		resultType, _ := result["resultType"].(string)
		if defs := resultDefs(rev, method, task, resultType); defs != nil && req["id"] != nil {
			return o.get(rev, map[string]any{"allOf": []any{o.ref(rev, env),
				map[string]any{"properties": map[string]any{"result": anyOf(defs...)}}}})
		}
		return o.get(rev, o.ref(rev, env))
	}
	return o.get(rev, o.ref(rev, "JSONRPCMessage"))
}

// deliberate are the rules by which the checker is stricter than the official
// schema, on purpose. A message the schema accepts may only be rejected for these.
var deliberate = map[string]string{
	// Unknown keys are warnings (mcp.field.unknown never rejects); these reject
	// only where a key stands in for a required member that is missing.
	codeFieldWrongCase:    "unknown keys: a key in the wrong case, for a required field that is missing",
	codeEnvUnknown:        "unknown keys at the top of the message, for a member it needs",
	codeEnvWrongCase:      "unknown keys at the top of the message, in the wrong case",
	codeOutsideParams:     "unknown keys: a parameter written next to method, params being required",
	codeEnvMisplaced:      "unknown keys: result in a request, params in a response",
	codeErrUnknown:        "unknown keys in an error object, for its missing code or message",
	codeNotificationHasID: "method-specific id rule: a notification method carries no id",
	codeRequestNeedsID:    "method-specific id rule: a request method needs an id",
	codeDuplicateKey:      "duplicate keys: the schema sees the parsed value, where one of them won",
	codeInvalidUTF8:       "invalid UTF-8: the JSON decoder replaces the bytes before the schema sees them",
	codeBoth:              "JSON-RPC 2.0: never both result and error (the schema's objects are open)",
	codeIDMismatch:        "a response's id must be its request's id (the schema does not pair messages)",
	codeMetaVersionWrong:  "2026-07-28: the protocol version in _meta must be the revision being checked",
	codeMethodDirection:   "who sends a method, for methods both unions share",
	codeURIScheme:         "format uri: the schema declares it, but JSON Schema 2020-12 only annotates formats",
	codeURITemplate:       "format uri: RFC 3986 has no braces, but JSON Schema 2020-12 only annotates formats",
}

func TestAgreesWithOfficialSchemas(t *testing.T) {
	o := newOfficialSchemas(t)
	counts := map[string]int{}
	stricter := map[string][]string{}
	for _, c := range loadCorpus(t) {
		rep := Check(c.msg, c.opts(i18n.EN))
		msg, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.msg))
		schemaOK := false
		var verr error
		if err == nil {
			verr = o.officialView(c, msg).Validate(msg)
			schemaOK = verr == nil
		}
		switch {
		case schemaOK && rep.Valid:
			counts["both accept"]++
		case !schemaOK && !rep.Valid:
			counts["both reject"]++
		case !schemaOK && rep.Valid:
			counts["schema rejects, checker accepts"]++
			t.Errorf("%s: the official schema rejects it but the checker accepts it:\n%v", c.name, verr)
		default:
			counts["checker stricter"]++
			for _, d := range rep.Diagnostics {
				if d.Severity != SeverityError {
					continue
				}
				if _, ok := deliberate[d.Code]; !ok {
					t.Errorf("%s: rejected with %s (%s), which the official schema accepts and which is not a deliberate rule", c.name, d.Code, d.Message)
					continue
				}
				stricter[d.Code] = append(stricter[d.Code], c.name)
			}
		}
	}
	t.Logf("agreement over the corpus: %v", counts)
	codes := make([]string, 0, len(stricter))
	for code := range stricter {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		t.Logf("stricter on purpose, %s (%s): %d messages", code, deliberate[code], len(slices.Compact(stricter[code])))
	}
	if counts["both accept"] == 0 || counts["both reject"] == 0 {
		t.Errorf("the comparison compared nothing: %v", counts)
	}
}

// TestOfficialSchemaSeesTheSameMethods checks the method tables against the
// official unions of requests and notifications.
func TestOfficialSchemaSeesTheSameMethods(t *testing.T) {
	dir := repo.SchemaDir(t)
	for _, rev := range []string{Rev20250618, Rev20251125, Rev20260728} {
		raw, err := os.ReadFile(filepath.Join(dir, rev, "schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		defs := doc[defsKey(rev)].(map[string]any)
		official := map[string]string{} // method -> "request" or "notification"
		for _, union := range []string{"ClientRequest", "ServerRequest", "ClientNotification", "ServerNotification"} {
			u, ok := defs[union].(map[string]any)
			if !ok {
				continue
			}
			members, _ := u["anyOf"].([]any)
			if members == nil {
				members = []any{u}
			}
			for _, m := range members {
				d := m.(map[string]any)
				if ref, ok := d["$ref"].(string); ok {
					d = defs[ref[strings.LastIndex(ref, "/")+1:]].(map[string]any)
				}
				props := d["properties"].(map[string]any)
				name := props["method"].(map[string]any)["const"].(string)
				kind := "request"
				if strings.HasSuffix(union, "Notification") {
					kind = "notification"
				}
				official[name] = kind
			}
		}
		ours := map[string]string{}
		for name, def := range revisions[rev].methods {
			ours[name] = "request"
			if def.notif {
				ours[name] = "notification"
			}
		}
		if rev == Rev20260728 {
			// Inside input_required results only, not messages of their own.
			for _, m := range []string{"sampling/createMessage", "roots/list", "elicitation/create"} {
				delete(official, m)
			}
		}
		if fmt.Sprint(sortedMap(official)) != fmt.Sprint(sortedMap(ours)) {
			t.Errorf("%s: methods differ\nofficial %v\nours     %v", rev, sortedMap(official), sortedMap(ours))
		}
	}
}

func sortedMap(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// TestAgreesOnMutations derives thousands of wrong messages from the corpus (a
// member removed, a value of another type) and checks that none of them is
// accepted by the checker while the official schema rejects it.
func TestAgreesOnMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: compares every mutation with the official schema")
	}
	o := newOfficialSchemas(t)
	replacements := []any{nil, json.Number("0"), json.Number("1.5"), "x", true, []any{}, map[string]any{}}
	total, stricter := 0, 0
	for _, c := range loadCorpus(t) {
		root, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.msg))
		if err != nil {
			continue
		}
		var mutants []any
		var walk func(v any, set func(any), del func())
		walk = func(v any, set func(any), del func()) {
			for _, r := range replacements {
				set(r)
				mutants = append(mutants, deepCopy(root))
			}
			if del != nil {
				del()
				mutants = append(mutants, deepCopy(root))
			}
			set(v)
			switch x := v.(type) {
			case map[string]any:
				for _, k := range sortedKeys(x) {
					child := x[k]
					walk(child, func(n any) { x[k] = n }, func() { delete(x, k) })
				}
			case []any:
				for i := range x {
					walk(x[i], func(n any) { x[i] = n }, nil)
				}
			}
		}
		walk(root, func(n any) { root = n }, nil)
		for _, m := range mutants {
			src := must(json.Marshal(m))
			total++
			rep := Check(src, c.opts(i18n.EN))
			verr := o.officialView(c, m).Validate(m)
			if verr != nil && rep.Valid {
				t.Errorf("%s mutated to %s: the official schema rejects it, the checker accepts it:\n%v", c.name, src, verr)
			}
			if verr == nil && !rep.Valid {
				// Not an error here: unions of open objects (elicitation's
				// primitive schemas) accept, through another branch, values the
				// checker reads by their keys. The corpus test holds the list of
				// deliberate rules.
				stricter++
			}
		}
	}
	t.Logf("%d mutations compared with the official schemas; the checker is stricter, on purpose, on %d", total, stricter)
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
