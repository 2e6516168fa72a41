// Package schematest compiles views of the official MCP schemas for tests:
// what the schema of a revision says one message must be, given who sent it
// and the request it answers.
//
// The schemas are reference data kept beside the repository
// (../shared/mcp-schema, found by internal/repo) and never copied into it; a
// test that opens them is skipped where they are missing, unless
// PLAYGROUND_SCHEMAS=require, where it fails. Only tests import this package.
// It names revisions by their strings, so that the grader's own tests can use
// it without an import cycle.
package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpplayground/playground/internal/repo"
)

// The revisions whose schemas differ in shape.
const (
	rev20250618 = "2025-06-18"
	rev20251125 = "2025-11-25"
	rev20260728 = "2026-07-28"
)

// Official compiles, once each, views made of references into the official
// schema of each revision. It is not safe for concurrent use.
type Official struct {
	t        testing.TB
	dir      string
	compiled map[string]*jsonschema.Schema
	compiler map[string]*jsonschema.Compiler
	n        int
}

// Open finds the official schemas, or skips (or fails) t as repo.SchemaDir
// does.
func Open(t testing.TB) *Official {
	t.Helper()
	return &Official{t: t, dir: repo.SchemaDir(t), compiled: map[string]*jsonschema.Schema{}, compiler: map[string]*jsonschema.Compiler{}}
}

// Dir is the folder holding one folder per revision.
func (o *Official) Dir() string { return o.dir }

// DefsKey is where the schema of rev keeps its definitions.
func DefsKey(rev string) string {
	if rev <= rev20250618 { // 2024-11-05 and 2025-03-26 too: draft-07
		return "definitions"
	}
	return "$defs"
}

func draftURL(rev string) string {
	if rev <= rev20250618 {
		return "http://json-schema.org/draft-07/schema#"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

// Ref is a reference to the definition def of revision rev.
func (o *Official) Ref(rev, def string) map[string]any {
	return map[string]any{"$ref": "schema.json#/" + DefsKey(rev) + "/" + def}
}

// AnyOf is the union of the definitions defs of revision rev.
func (o *Official) AnyOf(rev string, defs ...string) map[string]any {
	refs := make([]any, 0, len(defs))
	for _, d := range defs {
		refs = append(refs, o.Ref(rev, d))
	}
	return map[string]any{"anyOf": refs}
}

// compilerFor loads the official schema of rev once, corrected where
// schema.ts says more than schema.json (see corrections.go).
func (o *Official) compilerFor(rev, base string) *jsonschema.Compiler {
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
	if err := tsCorrections(rev, doc); err != nil {
		o.t.Fatal(err)
	}
	if err := c.AddResource(base+"schema.json", doc); err != nil {
		o.t.Fatal(err)
	}
	o.compiler[rev] = c
	return c
}

// Get compiles (once) the schema spec, made of references into the official
// schema of rev.
func (o *Official) Get(rev string, spec map[string]any) *jsonschema.Schema {
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

// Validate reports why the official schema of rev rejects raw, sent by
// sender in answer to request (nil when it answers nothing known); nil when
// it accepts it.
func (o *Official) Validate(rev, sender string, raw, request []byte) error {
	msg, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return o.View(rev, sender, msg, request).Validate(msg)
}
