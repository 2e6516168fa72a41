package rules

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
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

// A right example is clean: the checker finds no error and no warning in
// it, so a learner copying it copies nothing else that is wrong.
func TestRightExamplesAreClean(t *testing.T) {
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	sev := map[string]string{}
	for _, ci := range grader.Codes() {
		sev[ci.Code] = ci.Severity
	}
	for _, ci := range grader.Codes() {
		r, _ := b.Rule(ci.Code)
		if r == nil || !r.HasExamples {
			continue
		}
		for code := range Raises(ci.Code, r.Right) {
			if s := sev[code]; s == grader.SeverityError || s == grader.SeverityWarning {
				t.Errorf("%s: the right example raises %s (%s)", ci.Code, code, s)
			}
		}
	}
}

// Rules whose right example cannot be the wrong one corrected.
var noMirror = map[string]string{
	"json.empty":                 "an empty message has nothing to keep",
	"mcp.method.not-in-revision": "ping has no counterpart in 2026-07-28: the right example is a request the revision has",
}

// A right example mirrors its wrong one: it is the same message or
// conversation with the mistake corrected, so the page shows what to
// change and nothing else. A conversation differs by at most four
// messages added or removed (two moved, or two replaced); a message keeps
// at least three quarters of the shorter text, spaces aside.
func TestRightMirrorsWrong(t *testing.T) {
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, ci := range grader.Codes() {
		r, _ := b.Rule(ci.Code)
		if r == nil || !r.HasExamples || noMirror[ci.Code] != "" {
			continue
		}
		w, g := r.Wrong.Messages, r.Right.Messages
		if len(w) > 1 || len(g) > 1 {
			if d := len(w) + len(g) - 2*commonMessages(w, g); d > 4 {
				t.Errorf("%s: the right conversation differs from the wrong one by %d messages added or removed, want 4 at most", ci.Code, d)
			}
			continue
		}
		a, c := []rune(squeeze(w[0].Raw)), []rune(squeeze(g[0].Raw))
		if kept, want := lcs(a, c), min(len(a), len(c))*3/4; kept < want {
			t.Errorf("%s: the right message keeps %d characters of the wrong one, want %d or more:\n wrong %s\n right %s", ci.Code, kept, want, string(a), string(c))
		}
	}
}

// squeeze drops white space: layout is not a difference.
func squeeze(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// commonMessages is the longest common subsequence of two conversations,
// a message being its sender and its text without white space.
func commonMessages(a, b []Message) int {
	key := func(ms []Message) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.From + "\x00" + squeeze(m.Raw)
		}
		return out
	}
	return lcs(key(a), key(b))
}

func lcs[T comparable](a, b []T) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// The rules page quotes the checker on the wrong example: the message of
// the rule's own code, in the page's language, without the sentence that
// names the lesson (the page links it). Every rule with examples has one.
func TestSaysQuotesTheChecker(t *testing.T) {
	b, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.FR} {
		for _, ci := range grader.Codes() {
			r, _ := b.Rule(ci.Code)
			if r == nil {
				continue
			}
			got := r.Says(lang)
			if !r.HasExamples {
				if got != "" {
					t.Errorf("%s (%s): a rule without examples says %q", ci.Code, lang, got)
				}
				continue
			}
			var said *Said
			for _, s := range Judge(r.Code, r.Wrong, lang) {
				if s.Code == r.Code {
					said = &s
					break
				}
			}
			switch {
			case said == nil:
				t.Errorf("%s (%s): Judge does not say it on the wrong example", ci.Code, lang)
			case got == "" || strings.Contains(got, "(Lesson:") || strings.Contains(got, "(Leçon"):
				t.Errorf("%s (%s): Says = %q, want the message without its lesson", ci.Code, lang, got)
			case !strings.HasPrefix(said.Message, got) && said.Lesson != "":
				t.Errorf("%s (%s): Says = %q, not the start of the checker's %q", ci.Code, lang, got, said.Message)
			}
		}
	}
}

// Judge reports, in order, what the checker said: a message alone is
// checked as the response to the example's request; a conversation's end
// adds the session's findings.
func TestJudge(t *testing.T) {
	tests := []struct {
		name string
		code string
		ex   Example
		want []string // codes, in order
	}{
		{"empty message", "json.empty", Example{Messages: []Message{{Raw: ""}}}, []string{"json.empty"}},
		{"clean request", "json.empty", Example{Messages: []Message{{From: grader.SenderClient, Raw: `{"jsonrpc":"2.0","id":1,"method":"ping"}`}}}, nil},
		{"request never answered", "session.request.unanswered", Example{Messages: []Message{
			{From: grader.SenderClient, Raw: `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`},
			{From: grader.SenderServer, Raw: `{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`},
			{From: grader.SenderClient, Raw: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
			{From: grader.SenderClient, Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`},
		}}, []string{"session.request.unanswered"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range Judge(tt.code, tt.ex, i18n.EN) {
				got = append(got, s.Code)
				if s.Message == "" {
					t.Errorf("%s has no message", s.Code)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}
