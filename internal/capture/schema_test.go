package capture

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/repo"
)

// officialSchemas compiles views of the official schema of each revision
// (../shared/mcp-schema beside the repository, found by internal/repo), as
// internal/grader/schema_test.go does for the corpus: what the schema says
// one message must be, given who sent it and the request it answers.
type officialSchemas struct {
	t        testing.TB
	dir      string
	compiled map[string]*jsonschema.Schema
	compiler map[string]*jsonschema.Compiler
	n        int
}

// newOfficialSchemas skips the test where the schemas are absent, unless
// PLAYGROUND_SCHEMAS=require, where it fails.
func newOfficialSchemas(t testing.TB) *officialSchemas {
	t.Helper()
	if os.Getenv("PLAYGROUND_SCHEMAS") == "require" {
		root, err := repo.Root()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(root), "shared", "mcp-schema", grader.DefaultRevision, "schema.json")); err != nil {
			t.Fatalf("PLAYGROUND_SCHEMAS=require but the official schemas are missing: %v", err)
		}
	}
	return &officialSchemas{t: t, dir: repo.SchemaDir(t), compiled: map[string]*jsonschema.Schema{}, compiler: map[string]*jsonschema.Compiler{}}
}

func defsKey(rev string) string {
	if rev == grader.Rev20250618 {
		return "definitions"
	}
	return "$defs"
}

func draftURL(rev string) string {
	if rev == grader.Rev20250618 {
		return "http://json-schema.org/draft-07/schema#"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

func (o *officialSchemas) ref(rev, def string) map[string]any {
	return map[string]any{"$ref": "schema.json#/" + defsKey(rev) + "/" + def}
}

// compilerFor loads the official schema of rev once.
func (o *officialSchemas) compilerFor(rev, base string) *jsonschema.Compiler {
	if c := o.compiler[rev]; c != nil {
		return c
	}
	c := jsonschema.NewCompiler()
	f, err := os.Open(filepath.Join(o.dir, rev, "schema.json"))
	if err != nil {
		o.t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		o.t.Fatal(err)
	}
	if err := c.AddResource(base+"schema.json", doc); err != nil {
		o.t.Fatal(err)
	}
	o.compiler[rev] = c
	return c
}

// get compiles (once) the schema spec, made of references into the official
// schema of rev.
func (o *officialSchemas) get(rev string, spec map[string]any) *jsonschema.Schema {
	key, err := json.Marshal(spec)
	if err != nil {
		o.t.Fatal(err)
	}
	if s, ok := o.compiled[rev+string(key)]; ok {
		return s
	}
	base := "https://schemas.test/" + rev + "/"
	c := o.compilerFor(rev, base)
	o.n++
	spec["$schema"] = draftURL(rev)
	src, err := json.Marshal(spec)
	if err != nil {
		o.t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		o.t.Fatal(err)
	}
	url := fmt.Sprintf("%sview%d.json", base, o.n)
	if err := c.AddResource(url, doc); err != nil {
		o.t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		o.t.Fatalf("compile %s %s: %v", rev, key, err)
	}
	o.compiled[rev+string(key)] = s
	return s
}

// resultDefs names the official definition of each method's result (see
// internal/grader/schema_test.go for the 2026-07-28 input_required union).
func resultDefs(rev, method string, taskRequested bool, resultType string) []string {
	if rev == grader.Rev20260728 && resultType == "input_required" {
		switch method {
		case "tools/call", "prompts/get", "resources/read":
			return []string{"InputRequiredResult"}
		}
	}
	if method == "tools/call" && rev == grader.Rev20251125 && taskRequested {
		return []string{"CreateTaskResult"}
	}
	defs := map[string]string{
		"tools/list": "ListToolsResult", "tools/call": "CallToolResult",
		"resources/list": "ListResourcesResult", "resources/templates/list": "ListResourceTemplatesResult",
		"resources/read": "ReadResourceResult", "prompts/list": "ListPromptsResult", "prompts/get": "GetPromptResult",
		"completion/complete": "CompleteResult", "initialize": "InitializeResult",
		"ping": "EmptyResult", "logging/setLevel": "EmptyResult", "resources/subscribe": "EmptyResult", "resources/unsubscribe": "EmptyResult",
		"sampling/createMessage": "CreateMessageResult", "roots/list": "ListRootsResult", "elicitation/create": "ElicitResult",
		"tasks/get": "GetTaskResult", "tasks/result": "GetTaskPayloadResult", "tasks/cancel": "CancelTaskResult", "tasks/list": "ListTasksResult",
		"server/discover": "DiscoverResult", "subscriptions/listen": "SubscriptionsListenResult",
	}
	if d, ok := defs[method]; ok {
		return []string{d}
	}
	return nil
}

// view chooses what the official schema says msg must be, sent by from, in
// answer to request (nil when it answers nothing known).
func (o *officialSchemas) view(rev, from string, msg any, request []byte) *jsonschema.Schema {
	anyOf := func(defs ...string) map[string]any {
		refs := make([]any, 0, len(defs))
		for _, d := range defs {
			refs = append(refs, o.ref(rev, d))
		}
		return map[string]any{"anyOf": refs}
	}
	obj, ok := msg.(map[string]any)
	if !ok {
		return o.get(rev, o.ref(rev, "JSONRPCMessage"))
	}
	side := "Client"
	if from == SenderServer && rev != grader.Rev20260728 { // 2026-07-28 has no server requests
		side = "Server"
	}
	_, hasID := obj["id"]
	_, hasMethod := obj["method"]
	_, hasResult := obj["result"]
	_, hasError := obj["error"]
	switch {
	case hasMethod && hasID:
		return o.get(rev, map[string]any{"allOf": []any{o.ref(rev, "JSONRPCRequest"), anyOf(side + "Request")}})
	case hasMethod:
		notif := "ClientNotification"
		if from == SenderServer {
			notif = "ServerNotification"
		}
		return o.get(rev, map[string]any{"allOf": []any{o.ref(rev, "JSONRPCNotification"), anyOf(notif)}})
	case hasError:
		if rev == grader.Rev20250618 {
			return o.get(rev, o.ref(rev, "JSONRPCError"))
		}
		return o.get(rev, o.ref(rev, "JSONRPCErrorResponse"))
	case hasResult:
		return o.resultView(rev, obj, request, anyOf)
	}
	return o.get(rev, o.ref(rev, "JSONRPCMessage"))
}

// resultView is the view of a result: its envelope, and the result of the
// request's method when the request is known.
func (o *officialSchemas) resultView(rev string, obj map[string]any, request []byte, anyOf func(...string) map[string]any) *jsonschema.Schema {
	env := "JSONRPCResultResponse"
	if rev == grader.Rev20250618 {
		env = "JSONRPCResponse"
	}
	var req map[string]any
	if request != nil {
		if r, err := jsonschema.UnmarshalJSON(bytes.NewReader(request)); err == nil {
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

// accepts reports whether the official schema of rev accepts raw, and why not.
func (o *officialSchemas) accepts(rev, from string, raw, request []byte) (bool, error) {
	msg, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false, err
	}
	if err := o.view(rev, from, msg, request).Validate(msg); err != nil {
		return false, err
	}
	return true, nil
}
