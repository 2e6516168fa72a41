package exercise

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
)

// checkParser reads one item of the checks list: the check being built and
// the problems found, each with its line, so the author sees them all at
// once.
type checkParser struct {
	cx   checkContext
	it   *rawItem
	c    *Check
	key  rawKey // the rule's key
	errs []error
}

// errAt is a problem on a line of the exercise file.
func (cx checkContext) errAt(line int, format string, args ...any) error {
	return frontmatter.Errorf(cx.file, line, format, args...)
}

func (p *checkParser) errf(line int, format string, args ...any) {
	p.errs = append(p.errs, p.cx.errAt(line, format, args...))
}

// parseCheck reads one item of the checks list: its rule, the rule's value,
// then the modifiers (at, item, message, feedback, hint). A check whose rule
// cannot be told is refused whole; otherwise every problem is reported.
func parseCheck(cx checkContext, it *rawItem) (*Check, []error) {
	if !it.isMap {
		return nil, []error{cx.errAt(it.line, "a check is a rule and its value, such as \"- method: tools/call\"; got %s", compact(it.scalar))}
	}
	c := &Check{Line: it.line, item: 1, protocol: cx.protocol, live: cx.kind == KindLive}
	key, err := findRule(cx, it, c)
	if err != nil {
		return nil, []error{err}
	}
	c.Line = key.line
	if err := ruleFitsKind(cx, c.Rule, key); err != nil {
		return nil, []error{err}
	}
	p := &checkParser{cx: cx, it: it, c: c, key: key}
	p.ruleValue()
	p.modifiers()
	c.ID = c.baseID()
	return c, p.errs
}

// findRule finds the check's one rule among its keys; any other key must
// be a modifier.
func findRule(cx checkContext, it *rawItem, c *Check) (rawKey, error) {
	var ruleKey rawKey
	for _, k := range it.keys {
		switch {
		case slices.Contains(rules, Rule(k.name)):
			if c.Rule != "" {
				return rawKey{}, cx.errAt(k.line, "one rule per check: this check has both %q and %q; make them two items of the list", c.Rule, k.name)
			}
			c.Rule, ruleKey = Rule(k.name), k
		case modifiers[k.name]:
		default:
			return rawKey{}, cx.errAt(k.line, "unknown key %q in a check: the rules are %s; a check may also have at, item, message, feedback, hint, of, after, before and nothing_after", k.name, ruleList())
		}
	}
	if c.Rule == "" {
		return rawKey{}, cx.errAt(it.line, "this check has no rule: write one of %s", ruleList())
	}
	return ruleKey, nil
}

// ruleFitsKind refuses a rule the exercise's kind does not grade with.
func ruleFitsKind(cx checkContext, r Rule, key rawKey) error {
	byAnswer := def(cx.kind).byAnswer
	switch {
	case r == RuleAnswer && !byAnswer:
		return cx.errAt(key.line, "answer checks belong to classify, match and log exercises")
	case r != RuleAnswer && byAnswer:
		return cx.errAt(key.line, "a %s exercise is graded by answer checks only (one per item)", cx.kind)
	case r == RuleID && cx.kind == KindLive && fmt.Sprint(key.value) == "same":
		return cx.errAt(key.line, "id: same compares with the given request, which live exercises do not have; use a message selector such as {answers: tools/call}")
	}
	return nil
}

// ruleValue reads the value of the check's rule.
func (p *checkParser) ruleValue() {
	c, v := p.c, p.key.value
	switch c.Rule {
	case RuleValid:
		if b, ok := v.(bool); !ok || !b {
			p.errf(p.key.line, "write \"valid: true\": a check describes what the right answer is")
		}
	case RuleKind:
		p.oneOf([]string{"request", "notification", "response", "error"}, "kind is request, notification, response (a success response) or error (an error response), not %q")
	case RuleMethod:
		if s, ok := p.name(); ok {
			c.value = s
		}
	case RuleEquals:
		j, err := jsonValue(v)
		if err != nil {
			p.errf(p.key.line, "equals: %v", err)
		}
		c.value = j
		p.at()
	case RulePresent, RuleAbsent:
		p.pointerValue()
	case RuleType:
		p.oneOf(jsonTypes, "type is one of "+strings.Join(jsonTypes, ", ")+", not %q")
		p.at()
	case RuleID:
		p.idValue()
	case RuleResultShape:
		if s, ok := p.name(); ok {
			c.value = s
			if !grader.HasResult(s, p.cx.protocol) {
				p.errf(p.key.line, "%q is not a request with a result in revision %s", s, p.cx.protocol)
			}
		}
	case RuleAnswer:
		p.errs = append(p.errs, c.parseAnswer(p.cx, p.it, v, p.key.line)...)
	case RuleNotEmpty:
		p.pointerValue()
	case RuleOneOf, RuleNoneOf:
		p.valueList()
		p.at()
	case RuleOnlyMembers:
		p.memberList()
		p.at()
	case RuleSameAs, RuleDiffersFrom:
		p.sameAs()
	case RuleMentions:
		p.mentionsValue()
	case RuleURI:
		p.uriValue()
	case RuleBase64:
		p.pointerValue()
	case RuleIncludes:
		p.includesValue()
	}
}

// name reads a rule's value that must be a non-empty string.
func (p *checkParser) name() (string, bool) {
	s, ok := p.key.value.(string)
	if !ok || strings.TrimSpace(s) == "" {
		p.errf(p.key.line, "%s takes a name, such as %s", p.c.Rule, example(p.c.Rule))
		return "", false
	}
	return s, true
}

// oneOf reads a name that must be one of allowed; wrong formats the
// problem with the name given.
func (p *checkParser) oneOf(allowed []string, wrong string) {
	s, ok := p.name()
	if !ok {
		return
	}
	if !slices.Contains(allowed, s) {
		p.errf(p.key.line, wrong, s)
	}
	p.c.value = s
}

// at reads the at: modifier, the pointer that equals and type look at.
func (p *checkParser) at() {
	k, ok := p.it.get("at")
	if !ok {
		p.errf(p.key.line, "%s needs at: the JSON Pointer of the value to look at, such as \"at: /params/name\"", p.c.Rule)
		return
	}
	ptr, ok := k.value.(string)
	if !ok || !validPointer(ptr) {
		p.errf(k.line, "at must be a JSON Pointer: \"\" or a path starting with /, such as /params/name (write ~1 for a / inside a key, ~0 for a ~)")
		return
	}
	p.c.pointer = ptr
}

// pointerValue reads the pointer of present and absent checks.
func (p *checkParser) pointerValue() {
	ptr, ok := p.key.value.(string)
	if !ok || !validPointer(ptr) {
		p.errf(p.key.line, "%s takes a JSON Pointer, such as \"%s: /params/arguments\"", p.c.Rule, p.c.Rule)
		return
	}
	if ptr == "" {
		p.errf(p.key.line, "%s needs a pointer inside the message, such as /params/arguments; \"\" is the whole message", p.c.Rule)
	}
	p.c.pointer = ptr
}

// idValue reads an id check: any, same, or the id itself.
func (p *checkParser) idValue() {
	c := p.c
	switch x := p.key.value.(type) {
	case string:
		switch x {
		case "any", "same":
			c.idMode = x
		default:
			c.idMode, c.value = "value", x
		}
	default:
		j, err := jsonValue(x)
		if n, ok := j.(json.Number); err != nil || !ok || !isIntegerText(string(n)) {
			p.errf(p.key.line, "id is any, same, a string or an integer")
		}
		c.idMode, c.value = "value", j
	}
	if c.idMode == "same" && p.cx.kind != KindReply && p.cx.kind != KindServer {
		p.errf(p.key.line, "id: same compares with the given request: only reply and server exercises have one")
	}
}

// modifiers reads at, item, message, feedback and hint, and refuses those
// that do not go with the rule or the kind.
func (p *checkParser) modifiers() {
	c, it := p.c, p.it
	if k, ok := it.get("at"); ok && !takesAt(c.Rule) {
		p.errf(k.line, "at goes with equals, type, one_of, none_of, only_members, same_as, differs_from, mentions, uri and includes; %s takes its pointer directly", c.Rule)
	}
	if k, ok := it.get("item"); ok && c.Rule != RuleAnswer {
		p.errf(k.line, "item goes with answer checks only")
	}
	if k, ok := it.get("message"); ok {
		p.selector(k)
	}
	p.orderModifiers()
	if k, ok := it.get("feedback"); ok {
		fb, err := langMap(k.value)
		if err != nil {
			p.errf(k.line, "feedback: %v", err)
		}
		c.feedback = fb
	}
	if k, ok := it.get("hint"); ok {
		n, isInt := k.value.(uint64)
		if !isInt || n < 1 || n > maxHints {
			p.errf(k.line, "hint is the number of the hint that covers this check, from 1 up")
		}
		c.hint = int(n)
	}
}

// selector reads the message: modifier of a live exercise's check.
func (p *checkParser) selector(k rawKey) {
	if p.cx.kind != KindLive {
		p.errf(k.line, "message selects messages of a live exchange: only live exercises use it")
		return
	}
	if p.c.Rule == RuleValid {
		p.errf(k.line, "in a live exercise, valid: true judges every message the learner sent, in the session: it takes no message selector")
		return
	}
	sel, err := parseSelector("message", k.value)
	if err != nil {
		p.errf(k.line, "%v", err)
	}
	p.c.sel = sel
}
