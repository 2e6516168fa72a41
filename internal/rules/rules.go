// Package rules explains every diagnostic code of the checker and of the
// conversation checker: what the rule is and why it exists (from
// grader.Codes), and a wrong and a right example, kept as data in
// examples.json. A test runs every example through the checker: the wrong
// one raises its code, the right one does not.
package rules

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
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

// Raises runs ex through the checker (the conversation checker for a
// session.* code or a conversation) and returns the codes it raises.
func Raises(code string, ex Example) map[string]bool {
	got := map[string]bool{}
	if strings.HasPrefix(code, "session.") || len(ex.Messages) > 1 {
		s := grader.NewSession(grader.SessionOptions{Protocol: ex.Protocol})
		for _, m := range ex.Messages {
			for _, d := range s.Add([]byte(m.Raw), m.From).Diagnostics {
				got[d.Code] = true
			}
		}
		for _, f := range s.End() {
			got[f.Code] = true
		}
		return got
	}
	for _, m := range ex.Messages {
		opts := grader.Options{Protocol: ex.Protocol, Sender: m.From}
		if ex.Request != "" {
			opts.Request = []byte(ex.Request)
		}
		for _, d := range grader.Check([]byte(m.Raw), opts).Diagnostics {
			got[d.Code] = true
		}
	}
	return got
}
