package exercise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// The rules that weigh a value (not_empty, one_of, none_of, only_members),
// relate two messages (same_as, differs_from) and order a live session (the after, before
// and nothing_after modifiers). FORMAT.md, "Checks", documents each with an
// example.

// orderRule is one order modifier of a live check.
type orderRule struct {
	how string // "after", "before" or "nothing_after"
	sel *selector
}

var orderKeys = []string{"after", "before", "nothing_after"}

func takesAt(r Rule) bool {
	switch r {
	case RuleEquals, RuleType, RuleOneOf, RuleNoneOf, RuleOnlyMembers, RuleSameAs, RuleDiffersFrom,
		RuleMentions, RuleURI, RuleIncludes:
		return true
	}
	return false
}

// valueList reads the list of one_of and none_of.
func (p *checkParser) valueList() {
	list, ok := p.key.value.([]any)
	if !ok || len(list) == 0 {
		p.errf(p.key.line, "%s takes a list of values, such as \"%s: [tools, prompts]\"", p.c.Rule, p.c.Rule)
		return
	}
	for _, v := range list {
		j, err := jsonValue(v)
		if err != nil {
			p.errf(p.key.line, "%s: %v", p.c.Rule, err)
			continue
		}
		p.c.values = append(p.c.values, j)
	}
}

// memberList reads the member names of only_members (an empty list: no
// member at all).
func (p *checkParser) memberList() {
	list, ok := p.key.value.([]any)
	if !ok {
		p.errf(p.key.line, "only_members takes a list of member names, such as \"only_members: [listChanged]\" ([] for none)")
		return
	}
	for _, v := range list {
		s, ok := v.(string)
		if !ok || s == "" {
			p.errf(p.key.line, "only_members: %v is not a member name; quote it", v)
			continue
		}
		p.c.names = append(p.c.names, s)
	}
}

// sameAs reads same_as and differs_from: the pointer in the other
// message, at, and of.
func (p *checkParser) sameAs() {
	r := p.c.Rule
	ptr, ok := p.key.value.(string)
	if !ok || !validPointer(ptr) {
		p.errf(p.key.line, "%s takes the JSON Pointer of the value in the other message, such as \"%s: /id\"", r, r)
	} else {
		p.c.other = ptr
	}
	p.at()
	k, hasOf := p.it.get("of")
	switch {
	case p.cx.kind == KindLive && !hasOf:
		p.errf(p.key.line, "%s needs of: the messages to compare with, such as \"of: {method: tools/call, waiting: true}\"", r)
	case p.cx.kind == KindLive:
		sel, err := parseSelector("of", k.value)
		if err != nil {
			p.errf(k.line, "%v", err)
		}
		p.c.of = sel
	case p.cx.kind != KindReply:
		p.errf(p.key.line, "%s compares with another message: the given request (reply) or the session's messages (live)", r)
	case hasOf:
		p.errf(k.line, "in a reply exercise, %s compares with the given request: it takes no of", r)
	}
}

// orderModifiers reads after, before and nothing_after, and refuses of
// where it does not belong.
func (p *checkParser) orderModifiers() {
	if k, ok := p.it.get("of"); ok && p.c.Rule != RuleSameAs && p.c.Rule != RuleDiffersFrom {
		p.errf(k.line, "of goes with same_as and differs_from only")
	}
	for _, name := range orderKeys {
		k, ok := p.it.get(name)
		if !ok {
			continue
		}
		if p.cx.kind != KindLive || p.c.Rule == RuleValid {
			p.errf(k.line, "%s orders the messages of a live session: only a live exercise's checks (not valid) take it", name)
			continue
		}
		sel, err := parseSelector(name, k.value)
		if err == nil && sel.waiting {
			err = fmt.Errorf("%s: waiting goes with of only", name)
		}
		if err != nil {
			p.errf(k.line, "%v", err)
			continue
		}
		p.c.order = append(p.c.order, orderRule{how: name, sel: sel})
	}
}

// evalWeigh runs not_empty, one_of, none_of and only_members.
func (c *Check) evalWeigh(mc *msgCtx) outcome {
	v, ok := mc.root.At(c.pointer)
	near, p := nearest(mc.root, c.pointer)
	o := at(mc, near, p)
	switch c.Rule {
	case RuleNotEmpty:
		o.passed = ok && notEmpty(v)
	case RuleOneOf:
		o.passed = ok && slices.ContainsFunc(c.values, func(w any) bool { return equal(v, w) })
	case RuleNoneOf:
		o.passed = mc.root != nil && (!ok || !slices.ContainsFunc(c.values, func(w any) bool { return equal(v, w) }))
	case RuleOnlyMembers:
		o.passed = mc.root != nil && (!ok || onlyMembers(v, c.names))
	}
	return o
}

func notEmpty(v *grader.Value) bool {
	switch v.Kind {
	case grader.String:
		return strings.TrimSpace(v.Str) != ""
	case grader.Array:
		return len(v.Items) > 0
	case grader.Object:
		return len(v.Members) > 0
	}
	return false
}

func onlyMembers(v *grader.Value, names []string) bool {
	if v.Kind != grader.Object {
		return false
	}
	for _, m := range v.Members {
		if !slices.Contains(names, m.Key) {
			return false
		}
	}
	return true
}

// evalSameAs compares the value at the check's pointer with the value at
// its other pointer in the given request (reply) or in the earlier messages
// its of selector picks (live). same_as passes when one of them holds the
// same value; differs_from when none does (an earlier message without that
// member holds no value to be the same as).
func (c *Check) evalSameAs(mc *msgCtx) outcome {
	v, ok := mc.root.At(c.pointer)
	near, p := nearest(mc.root, c.pointer)
	o := at(mc, near, p)
	if !ok {
		return o
	}
	same := false
	if mc.live == nil {
		w, found := mc.request.At(c.other)
		same = found && sameValue(v, w)
	}
	for j := range mc.index {
		if mc.live == nil || same {
			break
		}
		if !mc.live.picksOf(c.of, j, mc.index) {
			continue
		}
		w, found := mc.live.ctxs[j].root.At(c.other)
		same = found && sameValue(v, w)
	}
	o.passed = same == (c.Rule == RuleSameAs)
	return o
}

// inOrder reports whether message i of a live session meets the check's
// order modifiers.
func (c *Check) inOrder(run *liveRun, i int) bool {
	for _, r := range c.order {
		var found bool
		switch r.how {
		case "after", "before":
			found = slices.ContainsFunc(run.indices(0, i), func(j int) bool { return run.picks(r.sel, j) })
		case "nothing_after":
			found = slices.ContainsFunc(run.indices(i+1, len(run.msgs)), func(j int) bool { return run.picks(r.sel, j) })
		}
		if found != (r.how == "after") {
			return false
		}
	}
	return true
}

// describeWeigh says what not_empty, one_of, none_of, only_members,
// same_as and differs_from want.
func (c *Check) describeWeigh(l i18n.Lang) string {
	fr := l == i18n.FR
	path := capFirst("`" + displayPath(c.pointer) + "`")
	if c.pointer == "" {
		path = [2]string{"The message", "Le message"}[idx(l)]
	}
	list := func(vs []string) string { return "`" + strings.Join(vs, "`, `") + "`" }
	vals := make([]string, len(c.values))
	for i, v := range c.values {
		vals[i] = compact(v)
	}
	switch c.Rule {
	case RuleNotEmpty:
		return path + [2]string{" is not empty.", " n’est pas vide."}[idx(l)]
	case RuleOneOf:
		if len(vals) == 1 {
			return path + [2]string{" equals ", " vaut "}[idx(l)] + list(vals) + "."
		}
		return path + [2]string{" is one of ", " vaut l’une de ces valeurs\u00a0: "}[idx(l)] + list(vals) + "."
	case RuleNoneOf:
		if len(vals) == 1 {
			return path + [2]string{" is not ", " ne vaut pas "}[idx(l)] + list(vals) + "."
		}
		return path + [2]string{" is none of ", " ne vaut aucune de ces valeurs\u00a0: "}[idx(l)] + list(vals) + "."
	case RuleOnlyMembers:
		if len(c.names) == 0 {
			return path + [2]string{" has no member.", " n’a aucun membre."}[idx(l)]
		}
		return path + [2]string{" has no member other than ", " n’a pas d’autre membre que "}[idx(l)] + list(c.names) + "."
	case RuleSameAs:
		other := "`" + displayPath(c.other) + "`"
		where := [2]string{"the request", "la requête"}[idx(l)]
		if c.of != nil {
			where = c.of.phrase(l)
		}
		if fr {
			return path + " a la même valeur que " + other + " dans " + where + "."
		}
		return path + " has the same value as " + other + " in " + where + "."
	case RuleDiffersFrom:
		return c.describeDiffers(l, path)
	}
	return string(c.Rule)
}

// describeOrder says the check's order modifiers, as sentences to append.
func (c *Check) describeOrder(l i18n.Lang) string {
	var b strings.Builder
	for _, r := range c.order {
		p := r.sel.phrase(l)
		switch r.how {
		case "after":
			b.WriteString([2]string{" It comes after ", " Il vient après "}[idx(l)] + p + ".")
		case "before":
			b.WriteString([2]string{" Nothing before it is ", " Aucun message avant lui n’est "}[idx(l)] + p + ".")
		case "nothing_after":
			b.WriteString([2]string{" Nothing after it is ", " Aucun message après lui n’est "}[idx(l)] + p + ".")
		}
	}
	return b.String()
}

// phrase names what a selector picks as an indefinite noun phrase, in
// lower case: "a `tools/call` message you sent", « une réponse à une
// requête `tools/call` ».
func (s *selector) phrase(l i18n.Lang) string {
	i := idx(l)
	var p string
	switch {
	case s.answers != "":
		noun := [2]string{"a response", "une réponse"}
		switch s.kind {
		case "response":
			noun = [2]string{"a success response", "une réponse de succès"}
		case "error":
			noun = [2]string{"an error response", "une réponse d’erreur"}
		}
		p = noun[i] + [2]string{" to " + an(s.answers) + " `" + s.answers + "` request", " à une requête `" + s.answers + "`"}[i] + s.toolWords(l, false)
		if s.from == grader.SenderClient {
			p = [2]string{"your ", "votre "}[i] + strings.SplitN(p, " ", 2)[1]
		}
	case s.method != "":
		p = [2]string{an(s.method) + " `" + s.method + "` message", "un message `" + s.method + "`"}[i]
		p += fromWords(s.from, false, l) + s.toolWords(l, true)
	case s.kind != "":
		p = kindPhrase[s.kind][i] + fromWords(s.from, true, l)
	default:
		p = [2]string{"a message", "un message"}[i] + fromWords(s.from, false, l)
	}
	if s.waiting {
		p += [2]string{", still waiting for its response", ", encore en attente de sa réponse"}[i]
	}
	return p
}

// toolWords names the tool a tools/call selector picks: "… you sent to
// call `prepare_delivery`" (sent) or "… request that calls
// `prepare_delivery`".
func (s *selector) toolWords(l i18n.Lang, sent bool) string {
	if s.tool == "" {
		return ""
	}
	if sent {
		return [2]string{" to call `" + s.tool + "`", " pour appeler `" + s.tool + "`"}[idx(l)]
	}
	return [2]string{" that calls `" + s.tool + "`", " qui appelle `" + s.tool + "`"}[idx(l)]
}

// fromWords says who sent a message; feminine for French nouns such as
// « une requête ».
func fromWords(from grader.Sender, feminine bool, l i18n.Lang) string {
	if from == grader.SenderServer {
		return [2]string{" from the server", " du serveur"}[idx(l)]
	}
	if l == i18n.FR && feminine {
		return " que vous avez envoyée"
	}
	return [2]string{" you sent", " que vous avez envoyé"}[idx(l)]
}

// describeDiffers says what differs_from wants: "`id` differs from `id` in
// every earlier message of this kind: a `tools/call` message you sent."
func (c *Check) describeDiffers(l i18n.Lang, path string) string {
	other := "`" + displayPath(c.other) + "`"
	if c.of == nil {
		return path + [2]string{" differs from " + other + " in the request.", " diffère de " + other + " dans la requête."}[idx(l)]
	}
	kind := [2]string{" in every earlier message of this kind", " dans chaque message antérieur de ce type"}[idx(l)]
	return path + [2]string{" differs from ", " diffère de "}[idx(l)] + other + kind + nbspColon(l) + " " + c.of.phrase(l) + "."
}
