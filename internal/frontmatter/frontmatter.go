// Package frontmatter splits the YAML front matter off a Markdown file and
// decodes it strictly, reporting problems as "file:line: what is wrong" so an
// instructor can jump straight to the mistake.
package frontmatter

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/goccy/go-yaml"
)

// Error is a content problem located in a file.
type Error struct {
	File string
	Line int // 1-based; 0 when the problem concerns the whole file
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errorf builds a located content error.
func Errorf(file string, line int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Parts are a content file cut in two.
type Parts struct {
	FrontMatter, Body []byte
	// BodyLine is the 1-based line where the body starts in the file, so
	// renderers can report absolute line numbers.
	BodyLine int
}

// Split separates the front matter (between a first line "---" and the next
// "---" line) from the body.
func Split(file string, src []byte) (Parts, error) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	first, rest, ok := cutLine(src)
	if !ok || string(bytes.TrimRight(first, " \t\r")) != "---" {
		return Parts{}, Errorf(file, 1, `the file must start with front matter: a line "---", YAML fields, and another "---" line`)
	}
	line := 2
	start := rest
	offset := 0
	for len(rest) > 0 {
		l, next, _ := cutLine(rest)
		if string(bytes.TrimRight(l, " \t\r")) == "---" {
			return Parts{FrontMatter: start[:offset], Body: next, BodyLine: line + 1}, nil
		}
		offset += len(rest) - len(next)
		rest = next
		line++
	}
	return Parts{}, Errorf(file, 1, `the front matter opened here is never closed by a "---" line`)
}

func cutLine(b []byte) (line, rest []byte, found bool) {
	if len(b) == 0 {
		return nil, nil, false
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:], true
	}
	return b, nil, true
}

// Decode unmarshals front matter into v, rejecting unknown fields. Line
// numbers in the returned error are absolute in the file (front matter starts
// on line 2). Whatever fm holds, Decode answers an *Error and never panics:
// aliases that would stand for more than MaxNodes values are refused before
// decoding, and a panic of the decoder becomes an error on the line it most
// likely concerns.
func Decode(file string, fm []byte, v any) (err error) {
	e, parsed := inspect(fm)
	switch {
	case parsed && e.total > MaxNodes:
		return Errorf(file, fmLine(e.overLine), "front matter: its aliases (*name) would stand for more than %d values; write the values out or use fewer aliases", MaxNodes)
	case parsed && e.bareTag > 0:
		return Errorf(file, fmLine(e.bareTag), "front matter: a tag (!name) needs a value after it; remove the tag or quote the text")
	}
	defer func() {
		if r := recover(); r != nil {
			err = Errorf(file, 1, "front matter: the YAML cannot be read (%v); check the indentation and the quotes", r)
		}
	}()
	return decode(file, fm, v)
}

func decode(file string, fm []byte, v any) error {
	err := yaml.UnmarshalWithOptions(fm, v, yaml.Strict())
	if err == nil {
		return nil
	}
	var yerr yaml.Error
	if errors.As(err, &yerr) {
		line := 1
		if tk := yerr.GetToken(); tk != nil && tk.Position != nil {
			line = fmLine(tk.Position.Line)
		}
		return Errorf(file, line, "front matter: %s", yerr.GetMessage())
	}
	return Errorf(file, 1, "front matter: %v", err)
}

// fmLine turns a line of the front matter into a line of the file.
func fmLine(l int) int {
	if l <= 0 {
		return 1
	}
	return l + 1
}
