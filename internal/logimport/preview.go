package logimport

import (
	"encoding/json"
	"regexp"
	"slices"
)

// codePreview is a message the client logged only the start of, marking
// the cut itself ("... [truncated]", "(1234 more characters)"): the part
// logged is read as far as it goes, the rest is no part of the log, and no
// one is blamed for the cut.
const codePreview = "log.preview"

// previewCut is a client's mark that it cut a message short, at the end
// of a line.
var previewCut = regexp.MustCompile(`(?i)\s*(?:\.\.\.|…)?\s*(?:\[(?:\.\.\.)?\s*(?:truncated|\d+ (?:more )?(?:chars?|characters|bytes)(?: truncated)?)[^\]]{0,40}\]|\((?:truncated|\d+ more (?:chars?|characters|bytes))[^)]{0,40}\)|<truncated[^>]{0,40}>)\s*$`)

// maxPreviewMarks bounds the places closePreview tries to close a preview
// at.
const maxPreviewMarks = 64

// closePreview reads back the start of a message as JSON: the text up to
// the cut, closed where it stops (an open string ends where the cut is,
// else the last member or element cut in the middle goes), each open
// object and array closed. It reports false when no such reading is JSON.
func closePreview(b []byte) ([]byte, bool) {
	type mark struct {
		at   int
		open string
	}
	var marks []mark
	keep := func(m mark) {
		if len(marks) == maxPreviewMarks {
			marks = marks[1:]
		}
		marks = append(marks, m)
	}
	var stack []byte
	inStr, esc := false, false
	for i, c := range b {
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{' || c == '[':
			stack = append(stack, c)
			keep(mark{at: i + 1, open: string(stack)})
		case c == '}' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case c == ',':
			keep(mark{at: i, open: string(stack)})
		}
	}
	if inStr {
		s := b
		if esc {
			s = s[:len(s)-1]
		}
		if out := closeOpen(append(slices.Clip(s), '"'), string(stack)); json.Valid(out) {
			return out, true
		}
	}
	for k := len(marks) - 1; k >= 0; k-- {
		if out := closeOpen(slices.Clone(b[:marks[k].at]), marks[k].open); json.Valid(out) {
			return out, true
		}
	}
	return nil, false
}

// closeOpen closes, innermost first, the objects and arrays open lists.
func closeOpen(b []byte, open string) []byte {
	for i := len(open) - 1; i >= 0; i-- {
		b = append(b, closer(open[i]))
	}
	return b
}
