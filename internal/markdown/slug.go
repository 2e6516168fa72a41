package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ligatures do not decompose under Unicode normalisation, so they are spelled
// out by hand: « cœur » gets the id "coeur", as a French reader would type it.
var ligatures = map[rune]string{
	'œ': "oe", 'Œ': "oe", 'æ': "ae", 'Æ': "ae", 'ß': "ss",
	'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d",
}

// slugify turns heading text into an id: lower case, accents removed
// ("Cycle de vie : poignée de main" → "cycle-de-vie-poignee-de-main"),
// runs of anything else collapsed to one dash. Letters without a Latin
// transliteration are kept: HTML ids may hold any non-space character.
func slugify(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(text) {
		switch {
		case unicode.Is(unicode.Mn, r): // the accent of a decomposed letter
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			if s, ok := ligatures[r]; ok {
				b.WriteString(s)
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		default:
			dash = true
		}
	}
	return b.String()
}

// idSet hands out ids that are unique within one document, numbering
// repeats the way GitHub does ("exemple", "exemple-1", "exemple-2"), so
// links written against GitHub's preview keep working.
type idSet map[string]bool

func (s idSet) unique(text string) string {
	base := slugify(text)
	if base == "" {
		base = "section"
	}
	id := base
	for n := 1; s[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	s[id] = true
	return id
}
