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
	"github.com/mcpplayground/playground/internal/testing/schematest"
)

// The official schemas are reference data kept outside the project
// (../shared/mcp-schema next to the repository), read by internal/testing/schematest.

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
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
	o := schematest.Open(t)
	counts := map[string]int{}
	stricter := map[string][]string{}
	for _, c := range loadCorpus(t) {
		rep := Check(c.msg, c.opts(i18n.EN))
		msg, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.msg))
		schemaOK := false
		var verr error
		if err == nil {
			verr = o.View(c.rev, c.sender, msg, c.request).Validate(msg)
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
	for _, rev := range Revisions() {
		raw, err := os.ReadFile(filepath.Join(dir, rev, "schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		defs := doc[schematest.DefsKey(rev)].(map[string]any)
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
	o := schematest.Open(t)
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
			verr := o.View(c.rev, c.sender, m, c.request).Validate(m)
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
