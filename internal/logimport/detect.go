package logimport

import (
	"bytes"
	"regexp"
)

// sniff is what detection looks at: the text without the blanks around it,
// and its first lines that are not blank.
type sniff struct {
	text  []byte
	lines [][]byte
}

// sniffLines is how many lines detection reads: enough to pass a start-up
// banner, few enough that detecting costs nothing beside reading.
const sniffLines = 200

func newSniff(src []byte) *sniff {
	s := &sniff{text: bytes.TrimSpace(bytes.TrimPrefix(src, utf8BOM))}
	rest := s.text
	for len(rest) > 0 && len(s.lines) < sniffLines {
		i := bytes.IndexByte(rest, '\n')
		var l []byte
		if i < 0 {
			l, rest = rest, nil
		} else {
			l, rest = rest[:i], rest[i+1:]
		}
		if l = bytes.TrimSpace(l); len(l) > 0 {
			s.lines = append(s.lines, l)
		}
	}
	return s
}

// sniffHead is how much of a line the formats' words are looked for in:
// a client writes them at the start of its line (a time, a level, a
// source, then the words), before any message it logs, so a line holding
// a message of a megabyte is not read through by each format's pattern.
const sniffHead = 2 << 10

// head is the start of l that the formats' words are looked for in.
func head(l []byte) []byte { return l[:min(len(l), sniffHead)] }

// count is how many of the sniffed lines re matches in their head.
func (s *sniff) count(re *regexp.Regexp) int {
	n := 0
	for _, l := range s.lines {
		if re.Match(head(l)) {
			n++
		}
	}
	return n
}

// any reports whether the head of one of the sniffed lines holds one of
// words.
func (s *sniff) any(words ...string) bool {
	for _, l := range s.lines {
		for _, w := range words {
			if bytes.Contains(head(l), []byte(w)) {
				return true
			}
		}
	}
	return false
}

// Detect tells the format of a log from its text: the first registered
// format (by rank) that recognises it, else a raw stdio capture.
func Detect(src []byte) Format {
	s := newSniff(src)
	if len(s.text) == 0 {
		return FormatStdio
	}
	for _, spec := range registry {
		if spec.detect != nil && spec.detect(s) {
			return spec.Name
		}
	}
	return FormatStdio
}
