// Package rules explains every diagnostic code of the checker and of the
// conversation checker: what the rule is and why it exists (from
// grader.Codes), and a wrong and a right example, kept as data in
// examples.json. It is the one place an example is judged (Judge): the
// rules pages quote what the checker says of the wrong one (Rule.Says),
// and a test runs every example through it: the wrong one raises its
// code, the right one does not.
package rules

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

//go:embed examples.json
var examplesJSON []byte

// Message is one message of an example, with its sender ("client",
// "server" or "" for either).
type Message struct {
	From grader.Sender `json:"from,omitempty"`
	Raw  string        `json:"message"`
}

// Example is one message (checked alone, as the response to Request when
// it is given) or, for a session.* code, a conversation in order.
type Example struct {
	Protocol string    `json:"protocol,omitempty"`
	Request  string    `json:"request,omitempty"`
	Messages []Message `json:"messages"`
}

// Rule is one diagnostic code explained.
type Rule struct {
	grader.CodeInfo
	Group string // the code's prefix: json, jsonrpc, mcp, grader, session
	Wrong Example
	Right Example
	// HasExamples is false for the limits no small example can show (a
	// message over 1 MiB, a session with thousands of requests waiting).
	HasExamples bool
}

// Group is the rules of one prefix, in code order.
type Group struct {
	Name  string
	Rules []*Rule
}

// Book is every rule, by code and by group. It is read-only once built.
type Book struct {
	byCode map[string]*Rule
	groups []Group
}

// New builds the book from grader.Codes and the embedded examples.
func New() (*Book, error) {
	var raw []struct {
		Code  string  `json:"code"`
		Wrong Example `json:"wrong"`
		Right Example `json:"right"`
	}
	if err := json.Unmarshal(examplesJSON, &raw); err != nil {
		return nil, fmt.Errorf("rules: read examples.json: %w", err)
	}
	b := &Book{byCode: map[string]*Rule{}}
	byGroup := map[string][]*Rule{}
	for _, ci := range grader.Codes() {
		r := &Rule{CodeInfo: ci, Group: GroupOf(ci.Code)}
		b.byCode[ci.Code] = r
		byGroup[r.Group] = append(byGroup[r.Group], r)
	}
	for _, e := range raw {
		r, ok := b.byCode[e.Code]
		if !ok {
			return nil, fmt.Errorf("rules: examples.json explains %q, which the checker does not have", e.Code)
		}
		r.Wrong, r.Right, r.HasExamples = e.Wrong, e.Right, true
	}
	for _, name := range groupOrder {
		if rs := byGroup[name]; len(rs) > 0 {
			b.groups = append(b.groups, Group{Name: name, Rules: rs})
			delete(byGroup, name)
		}
	}
	var rest []string
	for name := range byGroup {
		rest = append(rest, name)
	}
	sort.Strings(rest)
	for _, name := range rest {
		b.groups = append(b.groups, Group{Name: name, Rules: byGroup[name]})
	}
	return b, nil
}

// groupOrder is the order a learner meets the layers in.
var groupOrder = []string{"json", "jsonrpc", "mcp", "session", "grader"}

// GroupOf is a code's prefix: "mcp" for "mcp.method.unknown".
func GroupOf(code string) string {
	g, _, _ := strings.Cut(code, ".")
	return g
}

// Rule is the rule of code.
func (b *Book) Rule(code string) (*Rule, bool) {
	r, ok := b.byCode[code]
	return r, ok
}

// Groups are the rules by prefix.
func (b *Book) Groups() []Group { return b.groups }

// Len is the number of rules.
func (b *Book) Len() int { return len(b.byCode) }

// Said is one thing the checker said about an example: a diagnostic of
// one of its messages, or a finding at the end of its conversation.
type Said struct {
	Code    string
	Message string // in the language asked for, with the sentence that names the lesson
	Lesson  string // slug of the lesson that teaches the rule
}

// Judge runs ex through the checker in lang (the conversation checker for
// a session.* code or a conversation, else each message alone, as the
// response to ex.Request when it is given) and returns everything it
// said, in order. It is the one place an example is judged: the lint of
// examples.json (Raises) and the rules pages (Rule.Says) read it.
func Judge(code string, ex Example, lang i18n.Lang) []Said {
	var out []Said
	if strings.HasPrefix(code, "session.") || len(ex.Messages) > 1 {
		s := grader.NewSession(grader.SessionOptions{Protocol: ex.Protocol, Lang: lang})
		for _, m := range ex.Messages {
			for _, d := range s.Add([]byte(m.Raw), m.From).Diagnostics {
				out = append(out, Said{Code: d.Code, Message: d.Message, Lesson: d.Lesson})
			}
		}
		for _, f := range s.End() {
			out = append(out, Said{Code: f.Code, Message: f.Message, Lesson: f.Lesson})
		}
		return out
	}
	for _, m := range ex.Messages {
		opts := grader.Options{Protocol: ex.Protocol, Lang: lang, Sender: m.From}
		if ex.Request != "" {
			opts.Request = []byte(ex.Request)
		}
		for _, d := range grader.Check([]byte(m.Raw), opts).Diagnostics {
			out = append(out, Said{Code: d.Code, Message: d.Message, Lesson: d.Lesson})
		}
	}
	return out
}

// Raises is the set of codes the checker raises on ex (Judge).
func Raises(code string, ex Example) map[string]bool {
	got := map[string]bool{}
	for _, s := range Judge(code, ex, "") {
		got[s.Code] = true
	}
	return got
}

// Says is what the checker says of the rule's wrong example, in lang: the
// message of the first diagnostic or finding of the rule's own code,
// without the sentence that names the lesson (a page links the lesson
// itself). It is "" when the rule has no example.
func (r *Rule) Says(lang i18n.Lang) string {
	if !r.HasExamples {
		return ""
	}
	for _, s := range Judge(r.Code, r.Wrong, lang) {
		if s.Code == r.Code {
			return strings.Replace(s.Message, grader.LessonSentence(s.Lesson, lang), "", 1)
		}
	}
	return ""
}
