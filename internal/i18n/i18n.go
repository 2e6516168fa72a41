// Package i18n holds the playground's two languages and its interface
// strings. Each feature keeps its strings in a struct of its own, with one
// value per language, so a missing translation is a compile error rather than
// a blank on the page.
package i18n

import (
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/text/language"
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

// MaxAcceptLanguage bounds the Accept-Language header read (bytes): a
// longer one is ignored, as if absent.
const MaxAcceptLanguage = 256

// Match is the supported language an Accept-Language header (RFC 9110
// §12.5.4) prefers: the first, by weight, of its languages that is English
// or French, whatever its region ("de, fr;q=0.8" is French). ok is false
// when the header names neither, is malformed, or is over MaxAcceptLanguage.
// The pages and the gift server's /mcp both ask it, so a browser and an MCP
// client with one header get one language.
func Match(header string) (l Lang, ok bool) {
	if header == "" || len(header) > MaxAcceptLanguage {
		return "", false
	}
	if a, found := matchMemo.answers.Load(header); found {
		a := a.(matchAnswer)
		return a.l, a.ok
	}
	l, ok = match(header)
	if matchMemo.n.Load() < matchMemoSize && matchMemo.n.Add(1) <= matchMemoSize {
		matchMemo.answers.Store(header, matchAnswer{l, ok})
	}
	return l, ok
}

// matchMemo remembers Match's answers by header. A browser without a
// language cookie sends its Accept-Language with every page, a room's
// browsers send a few distinct ones, and reading one with x/text costs
// about a dozen allocations, more than the rest of a lesson page's
// request. At most matchMemoSize headers are kept (each at most
// MaxAcceptLanguage bytes); past that, a new header is read each time.
var matchMemo struct {
	answers sync.Map // header → matchAnswer
	n       atomic.Int32
}

const matchMemoSize = 1024

type matchAnswer struct {
	l  Lang
	ok bool
}

// match reads header with x/text: Match without the memo.
func match(header string) (Lang, bool) {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return "", false
	}
	for _, t := range tags { // sorted by weight; q=0 is left out
		base, _ := t.Base()
		if l, ok := Parse(base.String()); ok {
			return l, true
		}
	}
	return "", false
}

// Negotiate is Match, falling back to Default.
func Negotiate(header string) Lang {
	if l, ok := Match(header); ok {
		return l
	}
	return Default
}
