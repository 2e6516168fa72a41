package grader

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

func startsKey(s string) bool {
	c := s[0]
	if c == '"' || c == '\'' || isIdentStart(c) {
		return true
	}
	if c >= 0x80 {
		r, _ := utf8.DecodeRuneInString(s)
		return typoCloser(r) != 0 || unicode.IsLetter(r)
	}
	return false
}

func startsValue(s string) bool {
	c := s[0]
	switch {
	case c == '{' || c == '[' || c == '"' || c == '\'' || c == '-' || isDigit(c) || isIdentStart(c):
		return true
	case c >= 0x80:
		r, _ := utf8.DecodeRuneInString(s)
		return typoCloser(r) != 0
	}
	return false
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func isNumberish(c byte) bool {
	return isDigit(c) || c == '.' || c == '+' || c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func firstRune(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

// snippet is the beginning of some text, short enough to quote in a message.
func snippet(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if utf8.RuneCountInString(s) > 20 {
		r := []rune(s)
		s = string(r[:20]) + "…"
	}
	return s
}

func controlName(c byte) string { return runeName(rune(c)) }
