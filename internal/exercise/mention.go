package exercise

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A mentions check reads free text the way a teacher does: it looks for
// words, not for a spelling. Case and accents do not count ("Catégorie"
// mentions "categorie"), nor punctuation or spacing; a word matches whole
// words only ("cat" is not in "category") unless it ends with "*", which
// matches any word it begins ("categor*" is in "categories" and
// "catégorie"). A phrase ("out of stock") matches those words in a row.
// A pattern is a regular expression, matched case-insensitively against
// the text as written.

// Bounds of a mentions check, so that a check stays cheap on any answer.
const (
	maxMentionWords   = 50
	maxMentionPattern = 300
)

// mention is what a mentions check looks for: any of the words, or the
// pattern.
type mention struct {
	words   [][]string // each word or phrase, folded into tokens
	shown   []string   // the words as written, for the description
	pattern *regexp.Regexp
	source  string // the pattern as written
}

// parseMention reads the value of mentions: a list of words or phrases, or
// {pattern: RE}.
func parseMention(v any) (*mention, error) {
	switch x := v.(type) {
	case []any:
		return mentionWords(x)
	case map[string]any:
		src, ok := x["pattern"].(string)
		if len(x) != 1 || !ok {
			return nil, fmt.Errorf("mentions takes a list of words, such as \"mentions: [category, catégorie]\", or a pattern: \"mentions: {pattern: '\\\\d+ ?€'}\"")
		}
		return mentionPattern(src)
	}
	return nil, fmt.Errorf("mentions takes a list of words, such as \"mentions: [category, catégorie]\", or {pattern: …}")
}

func mentionWords(list []any) (*mention, error) {
	if len(list) == 0 || len(list) > maxMentionWords {
		return nil, fmt.Errorf("mentions needs 1 to %d words or phrases (in every language the learner may answer in); got %d", maxMentionWords, len(list))
	}
	m := &mention{}
	for _, it := range list {
		s, ok := it.(string)
		toks := tokens(s)
		if !ok || len(toks) == 0 || toks[0] == "*" {
			return nil, fmt.Errorf("mentions: %s is not a word: write letters or digits (quote a number)", compact(it))
		}
		m.words = append(m.words, toks)
		m.shown = append(m.shown, strings.TrimSpace(s))
	}
	return m, nil
}

func mentionPattern(src string) (*mention, error) {
	if strings.TrimSpace(src) == "" || len(src) > maxMentionPattern {
		return nil, fmt.Errorf("mentions: the pattern is empty or longer than %d characters", maxMentionPattern)
	}
	if _, err := regexp.Compile(src); err != nil {
		return nil, fmt.Errorf("mentions: the pattern is not a regular expression: %w", err)
	}
	re, err := regexp.Compile("(?i)" + src)
	if err != nil {
		return nil, fmt.Errorf("mentions: the pattern is not a regular expression: %w", err)
	}
	if re.MatchString("") {
		return nil, fmt.Errorf("mentions: the pattern %q matches an empty text, so it matches every text", src)
	}
	return &mention{pattern: re, source: src}, nil
}

// in reports whether the text mentions what m looks for.
func (m *mention) in(text string) bool {
	if m.pattern != nil {
		return m.pattern.MatchString(text)
	}
	toks := tokens(text)
	return slices.ContainsFunc(m.words, func(w []string) bool { return hasPhrase(toks, w) })
}

// hasPhrase reports whether the phrase's tokens appear in a row in toks; a
// last token ending in "*" is a prefix.
func hasPhrase(toks, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(toks); i++ {
		if slices.EqualFunc(toks[i:i+len(phrase)], phrase, tokenMatches) {
			return true
		}
	}
	return false
}

func tokenMatches(tok, want string) bool {
	if p, ok := strings.CutSuffix(want, "*"); ok {
		return strings.HasPrefix(tok, p)
	}
	return tok == want
}

// tokens folds a text (lower case, no accents) and cuts it into words:
// runs of letters and digits, and each symbol alone ("€", "$"); a "*" right
// after a word stays on it.
func tokens(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur.WriteRune(unicode.ToLower(r))
		case r == '*' && cur.Len() > 0:
			cur.WriteRune(r)
			flush()
		case r == '*':
			out = append(out, "*")
		case unicode.IsSymbol(r):
			flush()
			out = append(out, string(r))
		default:
			flush()
		}
	}
	flush()
	return out
}
