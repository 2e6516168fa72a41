package exercise

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// The rules that read what a value says, not only its shape: mentions
// (free text that must name something), uri (a URI, compared as URIs are,
// not by spelling), base64 (bytes written as the schema says) and includes
// (an object compared member by member, where the schema allows members
// the check does not name). FORMAT.md, "Checks", documents each with an
// example.

// mentionsValue reads the words or the pattern of a mentions check.
func (p *checkParser) mentionsValue() {
	m, err := parseMention(p.key.value)
	if err != nil {
		p.errf(p.key.line, "%v", err)
	}
	p.c.mention = m
	p.at()
}

// uriValue reads the URI (or the list of URIs) of a uri check.
func (p *checkParser) uriValue() {
	var list []any
	switch x := p.key.value.(type) {
	case string:
		list = []any{x}
	case []any:
		list = x
	}
	if len(list) == 0 {
		p.errf(p.key.line, "uri takes a URI, such as \"uri: file:///home/ada/gift-lists\", or a list of equivalent choices")
	}
	for _, it := range list {
		s, ok := it.(string)
		if _, isURI := normalURI(s); !ok || !isURI {
			p.errf(p.key.line, "uri: %s is not an absolute URI: it needs a scheme (file:, https:, gift:…) and no spaces", compact(it))
			continue
		}
		p.c.values = append(p.c.values, s)
	}
	p.at()
}

// includesValue reads the object (or array of objects) of an includes
// check, or its alternatives: {any_of: [A, B]}.
func (p *checkParser) includesValue() {
	j, err := jsonValue(p.key.value)
	if err != nil {
		p.errf(p.key.line, "includes: %v", err)
		p.at()
		return
	}
	alts := []any{j}
	if m, ok := j.(map[string]any); ok && len(m) == 1 && m["any_of"] != nil {
		list, isList := m["any_of"].([]any)
		if !isList || len(list) < 2 {
			p.errf(p.key.line, "includes: any_of takes a list of two or more alternatives")
		}
		alts = list
	}
	for _, alt := range alts {
		if !hasObject(alt) {
			p.errf(p.key.line, "includes compares objects member by member, such as \"includes: {type: text, text: Hello}\"; for %s, use equals", compact(alt))
		}
	}
	p.c.values = alts
	p.at()
}

// hasObject reports whether v is a non-empty object, or an array holding one.
func hasObject(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		return len(x) > 0
	case []any:
		return slices.ContainsFunc(x, hasObject)
	}
	return false
}

// evalContent runs mentions, uri, base64 and includes.
func (c *Check) evalContent(mc *msgCtx) outcome {
	v, ok := mc.root.At(c.pointer)
	near, p := nearest(mc.root, c.pointer)
	o := at(mc, near, p)
	if !ok {
		return o
	}
	switch c.Rule {
	case RuleMentions:
		o.passed = c.mention != nil && c.mention.in(valueText(v))
	case RuleURI:
		o.passed = v.Kind == grader.String && slices.ContainsFunc(c.values, func(u any) bool { return sameURI(v.Str, u.(string)) })
	case RuleBase64:
		o.passed = v.Kind == grader.String && isBase64(v.Str)
	case RuleIncludes:
		o.passed = slices.ContainsFunc(c.values, func(w any) bool { return includes(v, w) })
	}
	return o
}

// valueText is the text a mentions check reads in a value: a string
// itself; in an object or an array, every string and number inside, one a
// line (member names do not count). Other values have none.
func valueText(v *grader.Value) string {
	switch v.Kind {
	case grader.String:
		return v.Str
	case grader.Number:
		return v.Raw
	case grader.Array:
		parts := make([]string, 0, len(v.Items))
		for _, it := range v.Items {
			parts = append(parts, valueText(it))
		}
		return strings.Join(parts, "\n")
	case grader.Object:
		parts := make([]string, 0, len(v.Members))
		for _, m := range v.Members {
			parts = append(parts, valueText(m.Value))
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

// maxShownWords bounds the words a mentions check lists to the learner.
const maxShownWords = 4

// shownWords writes a mentions check's words for the learner: the first
// few, a prefix with "…" ("categor…"), and how many more there are.
func shownWords(words []string, l i18n.Lang) string {
	out := make([]string, 0, maxShownWords)
	for _, w := range words[:min(len(words), maxShownWords)] {
		if p, ok := strings.CutSuffix(w, "*"); ok {
			w = p + "…"
		}
		out = append(out, "`"+w+"`")
	}
	s := strings.Join(out, ", ")
	if more := len(words) - maxShownWords; more > 0 {
		fr := " (et %d autres)"
		if more == 1 {
			fr = " (et %d autre)"
		}
		s += fmt.Sprintf([2]string{" (and %d more)", fr}[idx(l)], more)
	}
	return s
}

// isBase64 reports whether s is base64 as RFC 4648 (section 4) writes it:
// the standard alphabet, padded, on one line. A data: URL is not.
func isBase64(s string) bool {
	if strings.ContainsAny(s, "\r\n") {
		return false
	}
	_, err := base64.StdEncoding.DecodeString(s)
	return err == nil
}

// includes compares a learner's value with an author's as equal does, but
// an object may have members the author's does not name.
func includes(v *grader.Value, want any) bool {
	if v == nil {
		return false
	}
	switch w := want.(type) {
	case []any:
		if v.Kind != grader.Array || len(v.Items) != len(w) {
			return false
		}
		for i := range w {
			if !includes(v.Items[i], w[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		if v.Kind != grader.Object {
			return false
		}
		for k, wv := range w {
			if !includes(v.Get(k), wv) {
				return false
			}
		}
		return true
	}
	return equal(v, want)
}

// describeContent says what mentions, uri, base64 and includes want.
func (c *Check) describeContent(l i18n.Lang) string {
	i := idx(l)
	path := capFirst("`" + displayPath(c.pointer) + "`")
	if c.pointer == "" {
		path = [2]string{"The message", "Le message"}[i]
	}
	switch c.Rule {
	case RuleMentions:
		if c.mention == nil || c.mention.pattern != nil {
			return path + [2]string{" says what the statement asks for.", " dit ce que demande l’énoncé."}[i]
		}
		words := shownWords(c.mention.shown, l)
		if len(c.mention.shown) == 1 {
			return path + [2]string{" mentions ", " mentionne "}[i] + words + "."
		}
		return path + [2]string{" mentions one of ", " mentionne l’un de ces mots\u00a0: "}[i] + words + "."
	case RuleURI:
		uris := make([]string, len(c.values))
		for j, u := range c.values {
			uris[j] = fmt.Sprint(u)
		}
		list := "`" + strings.Join(uris, "`, `") + "`"
		if len(uris) > 1 {
			return path + [2]string{" is a URI equivalent to one of ", " est une URI équivalente à l’une de celles-ci\u00a0: "}[i] + list + "."
		}
		return path + [2]string{" is a URI equivalent to ", " est une URI équivalente à "}[i] + list + "."
	case RuleBase64:
		return path + [2]string{" is text in base64.", " est un texte en base64."}[i]
	case RuleIncludes:
		alts := make([]string, len(c.values))
		for j, v := range c.values {
			alts[j] = "`" + compact(v) + "`"
		}
		or := [2]string{" or ", " ou "}[i]
		return path + [2]string{" has the members of ", " a les membres de "}[i] + strings.Join(alts, or) + [2]string{" (others may follow).", " (d’autres peuvent s’y ajouter)."}[i]
	}
	return string(c.Rule)
}
