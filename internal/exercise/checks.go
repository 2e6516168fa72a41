package exercise

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Rule is the kind of a check: what it looks at.
type Rule string

// The rules of the check vocabulary (FORMAT.md, "Checks").
const (
	RuleValid       Rule = "valid"
	RuleKind        Rule = "kind"
	RuleMethod      Rule = "method"
	RuleEquals      Rule = "equals"
	RulePresent     Rule = "present"
	RuleAbsent      Rule = "absent"
	RuleType        Rule = "type"
	RuleID          Rule = "id"
	RuleResultShape Rule = "result_shape"
	RuleAnswer      Rule = "answer"
	// Rules that weigh a value or relate two messages (relations.go).
	RuleNotEmpty    Rule = "not_empty"
	RuleOneOf       Rule = "one_of"
	RuleNoneOf      Rule = "none_of"
	RuleOnlyMembers Rule = "only_members"
	RuleSameAs      Rule = "same_as"
	RuleDiffersFrom Rule = "differs_from"
	// Rules that read what a value says (checks_content.go).
	RuleMentions Rule = "mentions"
	RuleURI      Rule = "uri"
	RuleBase64   Rule = "base64"
	RuleIncludes Rule = "includes"
)

var rules = []Rule{RuleValid, RuleKind, RuleMethod, RuleEquals, RulePresent, RuleAbsent, RuleType, RuleID, RuleResultShape, RuleAnswer,
	RuleNotEmpty, RuleOneOf, RuleNoneOf, RuleOnlyMembers, RuleSameAs, RuleDiffersFrom,
	RuleMentions, RuleURI, RuleBase64, RuleIncludes}

// Check is one declarative rule of an exercise.
type Check struct {
	// ID names the check in results and exports, from its rule and what it
	// looks at: "method", "equals:/params/name", "answer:2".
	ID   string
	Rule Rule
	Line int // in the exercise file
	// Implicit marks the "valid" check added when the author wrote none.
	Implicit bool
	// live marks a check of a live exercise: its valid check judges the
	// whole session (live.go).
	live bool

	pointer  string      // every rule that looks at one value
	value    any         // equals and id: the JSON value; kind, method, type, result_shape: the name; answer: string or json.Number
	values   []any       // one_of, none_of: the JSON values; uri: the URIs (strings); includes: the alternatives
	mention  *mention    // mentions: the words or the pattern
	names    []string    // only_members: the members allowed
	other    string      // same_as, differs_from: the pointer in the other message
	of       *selector   // same_as, differs_from in live: the other messages
	order    []orderRule // live: after, before, nothing_after
	idMode   string      // id: "any", "same" or "value"
	item     int         // answer: 1-based
	sel      *selector
	feedback map[i18n.Lang]string
	pairs    bool   // answer of a match exercise: a request number
	hint     int    // the hint that covers it (withhold.go); 0: the exercise's default
	protocol string // of the exercise, for the "valid" check's message
}

// selector picks the messages of a live exchange a check applies to.
type selector struct {
	from    grader.Sender // grader.SenderClient, SenderServer, or SenderUnknown for either
	method  string        // requests and notifications with this method
	answers string        // responses to requests with this method
	kind    string        // only messages of this kind: request, notification, response or error
	tool    string        // only tools/call requests naming this tool, or the answers to them
	waiting bool          // of: only requests not answered before the message under check
}

// Pointer is the JSON Pointer the check looks at ("" when it looks at the
// whole message or at an answer).
func (c *Check) Pointer() string { return c.pointer }

// Feedback returns the author's feedback in l, or in another language when
// there is none in l; "" when the author wrote none.
func (c *Check) Feedback(l i18n.Lang) string { return pick(c.feedback, l) }

func pick(m map[i18n.Lang]string, l i18n.Lang) string {
	if s, ok := m[l]; ok {
		return s
	}
	for _, other := range i18n.All {
		if s, ok := m[other]; ok {
			return s
		}
	}
	return ""
}

// checkContext is what parsing a check needs to know of its exercise.
type checkContext struct {
	file     string
	kind     Kind
	protocol string
	choices  []choice
	items    int // classify: messages; match: responses
	requests int // match
}

var modifiers = map[string]bool{"at": true, "item": true, "message": true, "feedback": true, "hint": true,
	"of": true, "after": true, "before": true, "nothing_after": true}

func (c *Check) parseAnswer(cx checkContext, it *rawItem, v any, line int) []error {
	var errs []error
	if k, ok := it.get("item"); ok {
		n, isInt := k.value.(uint64)
		if !isInt || n < 1 || int(n) > cx.items {
			errs = append(errs, frontmatter.Errorf(cx.file, k.line, "item is the number of the %s, from 1 to %d", itemWord(cx.kind), cx.items))
		} else {
			c.item = int(n)
		}
	} else if cx.items > 1 {
		errs = append(errs, frontmatter.Errorf(cx.file, line, "say which %s this answer is for: item: 1 to %d", itemWord(cx.kind), cx.items))
	}
	if cx.kind == KindClassify || cx.kind == KindLog {
		s, ok := v.(string)
		if !ok || !slices.ContainsFunc(cx.choices, func(ch choice) bool { return ch.value == s }) {
			errs = append(errs, frontmatter.Errorf(cx.file, line, "the answer must be one of the choices' values (%s)", choiceValues(cx.choices)))
		}
		c.value = s
		return errs
	}
	c.pairs = true
	n, ok := v.(uint64)
	if z, isInt := v.(int64); isInt && z == 0 {
		n, ok = 0, true
	}
	if !ok || int(n) > cx.requests {
		return append(errs, frontmatter.Errorf(cx.file, line, "the answer is the number of the request this response answers, from 1 to %d, or 0 for none of them", cx.requests))
	}
	c.value = json.Number(strconv.FormatUint(n, 10))
	return errs
}

func itemWord(k Kind) string {
	if k == KindMatch {
		return "response"
	}
	return "message"
}

func parseSelector(name string, v any) (*selector, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s is a selector such as {from: server} or {method: tools/call} or {answers: tools/call}", name)
	}
	s := &selector{}
	for k, val := range m {
		if k == "waiting" {
			b, ok := val.(bool)
			if !ok || !b {
				return nil, fmt.Errorf("%s: waiting: true picks the requests still waiting for their response; write it only with of", name)
			}
			s.waiting = true
			continue
		}
		str, ok := val.(string)
		if !ok || str == "" {
			return nil, fmt.Errorf("%s: %s takes a name", name, k)
		}
		switch k {
		case "from":
			if str != grader.SenderClient && str != grader.SenderServer {
				return nil, fmt.Errorf("%s: from is client or server, not %q", name, str)
			}
			s.from = str
		case "method":
			s.method = str
		case "answers":
			s.answers = str
		case "tool":
			s.tool = str
		case "kind":
			if !slices.Contains([]string{"request", "notification", "response", "error"}, str) {
				return nil, fmt.Errorf("%s: kind is request, notification, response or error, not %q", name, str)
			}
			s.kind = str
		default:
			return nil, fmt.Errorf("%s: unknown key %q; a selector has from, method, answers, kind, tool (and waiting, in of)", name, k)
		}
	}
	if s.method != "" && s.answers != "" {
		return nil, fmt.Errorf("%s: method picks requests and notifications, answers picks responses; use one of them", name)
	}
	if err := s.toolIsACall(name); err != nil {
		return nil, err
	}
	// The learner is the client: by default a selector picks what the
	// learner sent, and responses come from the server.
	if s.from == grader.SenderUnknown {
		s.from = grader.SenderClient
		if s.answers != "" {
			s.from = grader.SenderServer
		}
	}
	return s, nil
}

// langMap reads {en: …, fr: …}.
func langMap(v any) (map[i18n.Lang]string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("write one line per language: {en: \"…\", fr: \"…\"}")
	}
	out := map[i18n.Lang]string{}
	for k, val := range m {
		l, ok := i18n.Parse(k)
		if !ok || string(l) != k {
			return nil, fmt.Errorf("unknown language %q: the languages are en and fr", k)
		}
		s, ok := val.(string)
		if !ok || strings.TrimSpace(s) == "" {
			return nil, fmt.Errorf("the %s text is empty or not text (quote it if it starts with ` or contains \": \")", k)
		}
		out[l] = strings.TrimSpace(s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("write at least one language: {en: \"…\", fr: \"…\"}")
	}
	return out, nil
}

// LooksAt reports whether the rule checks the value at a pointer of the
// answer (its `at:`), so that its check's id is "rule:/pointer".
func (r Rule) LooksAt() bool {
	switch r {
	case RuleEquals, RulePresent, RuleAbsent, RuleType, RuleNotEmpty, RuleOneOf, RuleNoneOf, RuleOnlyMembers, RuleSameAs, RuleDiffersFrom,
		RuleMentions, RuleURI, RuleBase64, RuleIncludes:
		return true
	}
	return false
}

func (c *Check) baseID() string {
	if c.Rule.LooksAt() {
		return string(c.Rule) + ":" + c.pointer
	}
	switch c.Rule {
	case RuleAnswer:
		return "answer:" + strconv.Itoa(c.item)
	case RuleMethod, RuleKind, RuleResultShape:
		if c.sel != nil {
			return string(c.Rule) + ":" + fmt.Sprint(c.value)
		}
	}
	return string(c.Rule)
}

func ruleList() string {
	s := make([]string, len(rules))
	for i, r := range rules {
		s[i] = string(r)
	}
	return strings.Join(s, ", ")
}

func example(r Rule) string {
	switch r {
	case RuleKind:
		return "\"kind: request\""
	case RuleType:
		return "\"type: string\""
	}
	return "\"" + string(r) + ": tools/call\""
}

func choiceValues(chs []choice) string {
	s := make([]string, len(chs))
	for i, ch := range chs {
		s[i] = ch.value
	}
	return strings.Join(s, ", ")
}

// requestMethod returns the method of a request's text ("" when unreadable).
func requestMethod(text string) string {
	v, err := grader.Parse([]byte(text))
	if err != nil {
		return ""
	}
	if m := v.Get("method"); m != nil && m.Kind == grader.String {
		return m.Str
	}
	return ""
}

// toolIsACall completes a selector with tool: it picks tools/call requests
// ({tool: T} alone is {method: tools/call, tool: T}) or the answers to them.
func (s *selector) toolIsACall(name string) error {
	if s.tool == "" {
		return nil
	}
	if s.method == "" && s.answers == "" {
		s.method = "tools/call"
	}
	if s.method != "tools/call" && s.answers != "tools/call" {
		return fmt.Errorf("%s: tool picks tools/call requests (or answers: tools/call), not %s", name, s.method+s.answers)
	}
	return nil
}
