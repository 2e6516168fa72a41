// Package i18n holds the playground's two languages and its interface
// strings. Each feature keeps its strings in a struct of its own, with one
// value per language, so a missing translation is a compile error rather than
// a blank on the page.
package i18n

import (
	"sort"
	"strconv"
	"strings"
)

// Lang is a language the playground speaks.
type Lang string

// The languages, in the order the language switch shows them.
const (
	EN Lang = "en"
	FR Lang = "fr"
)

// Default is the language used when nothing says otherwise.
const Default = EN

// All lists every supported language.
var All = []Lang{EN, FR}

// Parse returns the language for a code such as "fr" or "FR".
func Parse(s string) (Lang, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en":
		return EN, true
	case "fr":
		return FR, true
	}
	return "", false
}

// Other returns the language the switch offers from l.
func (l Lang) Other() Lang {
	if l == FR {
		return EN
	}
	return FR
}

// Name is the language's own name, for the switch.
func (l Lang) Name() string {
	if l == FR {
		return "Français"
	}
	return "English"
}

// Negotiate picks the best supported language from an Accept-Language
// header (RFC 9110 §12.5.4), falling back to Default.
func Negotiate(header string) Lang {
	type choice struct {
		lang Lang
		q    float64
		pos  int
	}
	if header == "" {
		return Default
	}
	var choices []choice
	for i, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		primary, _, _ := strings.Cut(tag, "-")
		if l, ok := Parse(primary); ok && q > 0 {
			choices = append(choices, choice{l, q, i})
		}
	}
	if len(choices) == 0 {
		return Default
	}
	sort.SliceStable(choices, func(i, j int) bool { return choices[i].q > choices[j].q })
	return choices[0].lang
}
