// Package names normalises the display names learners choose, so that two
// names a person reads as the same are the same: one spelling to show
// (Clean) and one key to compare (Key).
package names

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Clean is the spelling of a name to keep and show: NFC, fullwidth and
// halfwidth forms made ordinary ("Ａｎｎ" is "Ann"), invisible characters
// (zero-width space and joiners, soft hyphen, byte-order mark, every other
// format character) and control characters dropped, and every run of
// spaces (of any kind) made one space, with none at either end.
func Clean(s string) string {
	s = width.Fold.String(norm.NFC.String(s))
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r) || unicode.Is(unicode.Zs, r):
			space = b.Len() > 0
			continue
		case invisible(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// invisible reports whether r shows nothing, or nothing a reader can tell
// apart from its absence.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || r == 0xfffd ||
		unicode.Is(unicode.Variation_Selector, r) || r == 0x034f || r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0
}

// Key is what two names are compared by: Clean, then lower case, accents
// kept ("Élodie" is not "Elodie": they are two people's names), and the
// Cyrillic and Greek letters that look like Latin ones read as those
// ("Аnna" with a Cyrillic А is "anna").
func Key(s string) string {
	s = strings.ToLower(Clean(s))
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if l, ok := lookalike[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// Same reports whether a and b are the same name to a reader.
func Same(a, b string) bool { return Key(a) == Key(b) }

// lookalike maps lower-case letters of other scripts to the Latin letter
// they are drawn like in common fonts (after NFD, so accented forms follow
// their base letter). A small table of the letters a keyboard offers, not
// the whole of Unicode's confusables.
var lookalike = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p',
	'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd',
	'ɡ': 'g', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ү': 'y', 'ӏ': 'l',
	// Greek
	'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't',
	'υ': 'u', 'χ': 'x', 'β': 'b', 'η': 'n',
	// Latin letters drawn like others
	'ı': 'i', 'ℓ': 'l',
}
