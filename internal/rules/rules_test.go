package rules

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
)

// Limits no small example can show.
var noExample = map[string]string{
	"json.too-large":    "a message over 1 MiB",
	"session.limit":     "a session with thousands of requests waiting",
	"json.invalid-utf8": "bytes that are not UTF-8, which a page cannot show",
}

// Every code of the checker has a rule; the wrong example raises its code
// and the right one does not.
func TestEveryRuleHasExamplesThatHold(t *testing.T) {
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	codes := grader.Codes()
	if b.Len() != len(codes) {
		t.Errorf("the book has %d rules, the checker %d codes", b.Len(), len(codes))
	}
	for _, ci := range codes {
		r, ok := b.Rule(ci.Code)
		if !ok {
			t.Errorf("%s: no rule", ci.Code)
			continue
		}
		if !r.HasExamples {
			if _, known := noExample[ci.Code]; !known {
				t.Errorf("%s: no example in examples.json", ci.Code)
			}
			continue
		}
		if got := Raises(ci.Code, r.Wrong); !got[ci.Code] {
			t.Errorf("%s: the wrong example does not raise it (raises %v)", ci.Code, keys(got))
		}
		if got := Raises(ci.Code, r.Right); got[ci.Code] {
			t.Errorf("%s: the right example raises it too", ci.Code)
		}
	}
}

// Groups follow the layers, and every rule is in the group of its prefix.
func TestGroups(t *testing.T) {
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	var names []string
	for _, g := range b.Groups() {
		names = append(names, g.Name)
		for _, r := range g.Rules {
			n++
			if !strings.HasPrefix(r.Code, g.Name+".") {
				t.Errorf("%s is in group %s", r.Code, g.Name)
			}
		}
	}
	if n != b.Len() {
		t.Errorf("the groups hold %d rules of %d", n, b.Len())
	}
	if got := strings.Join(names, " "); got != "json jsonrpc mcp session grader" {
		t.Errorf("groups = %s", got)
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
