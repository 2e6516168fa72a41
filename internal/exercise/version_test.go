package exercise

import (
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
)

// A version names what grades: loading the same file twice gives the same
// version; a changed check or solution gives another; a reworded statement
// or hint does not.
func TestVersionFollowsWhatGrades(t *testing.T) {
	const base = "---\nid: fix-one\nlesson: requests\nkind: fix\nprotocol: 2025-11-25\nchecks:\n  - method: ping\n---\n\n" +
		"# Starter\n\n```json\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pong\"}\n```\n\n" +
		"# Solution\n\n```json\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n```\n\n" +
		"# en: Ping\n\nFix it.\n\n## Hints\n\n1. Look at the method.\n"
	version := func(src string) string {
		t.Helper()
		exs, err := Load(fstest.MapFS{"fix-one.md": {Data: []byte(src)}}, nil, nil)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		return exs[0].Version()
	}
	v := version(base)
	if len(v) != 12 || version(base) != v {
		t.Fatalf("version %q is not stable", v)
	}
	same := map[string]string{
		"statement": replaceOnce(base, "Fix it.", "Please fix this message."),
		"hint":      replaceOnce(base, "Look at the method.", "The method is wrong."),
	}
	for what, src := range same {
		if got := version(src); got != v {
			t.Errorf("changing the %s changed the version", what)
		}
	}
	changed := map[string]string{
		"check":    replaceOnce(base, "  - method: ping\n", "  - method: ping\n  - id: 1\n"),
		"starter":  replaceOnce(base, `"method":"pong"`, `"method":"pang"`),
		"solution": replaceOnce(base, `"id":1,"method":"ping"}`, `"id":2,"method":"ping"}`),
	}
	for what, src := range changed {
		if got := version(src); got == v {
			t.Errorf("changing the %s kept the version %s", what, v)
		}
	}
}

func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	panic("not found: " + old)
}

// Every bundled exercise has a version that does not depend on where its
// parsed values sit in memory: two loads agree, and no two exercises share
// one.
func TestVersionOfBundledExercisesIsStable(t *testing.T) {
	load := func() map[string]string {
		exs, err := Load(exercises.FS, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, ex := range exs {
			out[ex.ID] = ex.Version()
		}
		return out
	}
	a, b := load(), load()
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("versions differ between two loads (-first +second):\n%s", diff)
	}
	seen := map[string]string{}
	for id, v := range a {
		if other, ok := seen[v]; ok {
			t.Errorf("%s and %s share the version %s", id, other, v)
		}
		seen[v] = id
	}
}
