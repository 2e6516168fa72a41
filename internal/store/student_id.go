package store

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// normalizeStudentID returns a roster's student id in NFC, so that "é"
// typed as one character or as e and an accent is one student, and refuses
// an id that could pass for another: an invisible character (a zero-width
// space, a soft hyphen, a direction mark) or letters of Latin mixed with
// Cyrillic or Greek look-alikes ("аda" with a Cyrillic а is not "ada").
func normalizeStudentID(raw string) (string, error) {
	id := norm.NFC.String(strings.TrimSpace(raw))
	if id == "" || len(id) > maxStudentID {
		return id, fmt.Errorf("the student id must be 1 to %d characters without spaces", maxStudentID)
	}
	n := 0
	for _, r := range id {
		n++
		switch {
		case r < 0x21 || r == 0x7f || unicode.IsSpace(r):
			return id, fmt.Errorf("the student id %q has a space or a control character at character %d: ids are one word", id, n)
		case invisible(r):
			return id, fmt.Errorf("the student id %q holds an invisible character (U+%04X) at character %d: retype the id", id, r, n)
		}
	}
	if s := mixedScripts(id); s != "" {
		return id, fmt.Errorf("the student id %q mixes Latin letters with %s ones, which look alike (а and a): retype the id in one alphabet", id, s)
	}
	return id, nil
}

// invisible reports a character that shows nothing: format characters
// (zero-width space and joiners, soft hyphen, direction marks, BOM),
// private-use ones, the replacement character, and the blank letters.
func invisible(r rune) bool {
	switch r {
	case '\ufffd', '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800':
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Co, unicode.Cc)
}

// mixedScripts names the look-alike alphabet mixed with Latin in id, or "".
func mixedScripts(id string) string {
	var latin, cyrillic, greek bool
	for _, r := range id {
		switch {
		case unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic = true
		case unicode.Is(unicode.Greek, r):
			greek = true
		}
	}
	switch {
	case latin && cyrillic:
		return "Cyrillic"
	case latin && greek:
		return "Greek"
	case cyrillic && greek:
		return "Greek and Cyrillic"
	}
	return ""
}
