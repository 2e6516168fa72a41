package markdown

import (
	"bytes"
	"html/template"
	"unicode/utf8"
)

// The classes of the JSON highlighter's spans. The stylesheet colours them.
const (
	classKey     = "j-key"
	classString  = "j-str"
	classNumber  = "j-num"
	classBool    = "j-bool"
	classNull    = "j-null"
	classPunct   = "j-punc"
	classComment = "j-comment"
	// classError marks what JSON does not allow (a bare word, 'single
	// quotes', a stray character, a string left open), so a "common mistake"
	// example shows where the mistake is.
	classError = "j-err"
)

// HighlightJSON returns src as HTML with its JSON tokens wrapped in spans
// (class j-key, j-str, j-num, j-bool, j-null, j-punc, j-comment). It never
// fails: lessons show broken JSON on purpose in "common mistake" examples, so
// the tokenizer reads one token at a time and wraps what JSON does not allow
// in j-err instead of giving up. Removing the tags and unescaping gives back
// src exactly.
func HighlightJSON(src string) template.HTML {
	var b bytes.Buffer
	highlightJSON(&b, []byte(src))
	return template.HTML(b.String()) //nolint:gosec // every byte of src goes through template.HTMLEscape
}

// highlightJSON writes the highlighted form of src to b.
func highlightJSON(b *bytes.Buffer, src []byte) {
	b.Grow(len(src) * 2)
	plainStart := 0 // start of the pending run of plain text
	flush := func(end int) {
		if end > plainStart {
			template.HTMLEscape(b, src[plainStart:end])
		}
	}
	span := func(class string, start, end int) {
		flush(start)
		b.WriteString(`<span class="`)
		b.WriteString(class)
		b.WriteString(`">`)
		template.HTMLEscape(b, src[start:end])
		b.WriteString(`</span>`)
		plainStart = end
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '"':
			end := scanString(src, i)
			class := classString
			switch {
			case end-i < 2 || src[end-1] != '"' || escapedAt(src, i, end-1):
				class = classString + " " + classError // left open
			case nextNonSpace(src, end) == ':':
				class = classKey
			}
			span(class, i, end)
			i = end
		case c == '\'':
			end := scanSingleQuoted(src, i)
			span(classError, i, end)
			i = end
		case c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':':
			span(classPunct, i, i+1)
			i++
		case c == '-' || isDigit(c):
			end := scanNumber(src, i)
			class := classNumber
			if end == i+1 && c == '-' { // a lone minus is not a number
				class = classError
			}
			span(class, i, end)
			i = end
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end := scanComment(src, i)
			span(classComment, i, end)
			i = end
		case isWordByte(c):
			end := i
			for end < len(src) && isWordByte(src[end]) {
				end++
			}
			switch string(src[i:end]) {
			case "true", "false":
				span(classBool, i, end)
			case "null":
				span(classNull, i, end)
			default: // True, undefined, an unquoted key
				span(classError, i, end)
			}
			i = end
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default: // a run of stray characters: ..., …, =, ;
			_, end := utf8.DecodeRune(src[i:])
			end += i
			for end < len(src) && isStray(src[end], src, end) {
				_, size := utf8.DecodeRune(src[end:])
				end += size
			}
			span(classError, i, end)
			i = end
		}
	}
	flush(len(src))
}

// scanString returns the end of the string starting at the quote src[start].
// An unterminated string stops at the end of its line, so one missing quote
// does not swallow the rest of the example.
func scanString(src []byte, start int) int {
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case '"':
			return i + 1
		case '\n':
			return i
		}
	}
	return len(src)
}

// scanNumber is lenient (01, 1.2.3 and 1e5e5 are one token) because the
// point is to colour what the author wrote, not to validate it.
func scanNumber(src []byte, start int) int {
	i := start + 1
	for i < len(src) {
		c := src[i]
		if isDigit(c) || c == '.' || c == 'e' || c == 'E' || ((c == '+' || c == '-') && (src[i-1] == 'e' || src[i-1] == 'E')) {
			i++
			continue
		}
		break
	}
	return i
}

// scanComment reads a // line comment or a /* block */ comment, which JSONC
// allows and which lesson writers use to annotate examples.
func scanComment(src []byte, start int) int {
	if src[start+1] == '/' {
		if j := bytes.IndexByte(src[start:], '\n'); j >= 0 {
			return start + j
		}
		return len(src)
	}
	if j := bytes.Index(src[start+2:], []byte("*/")); j >= 0 {
		return start + 2 + j + 2
	}
	return len(src)
}

// scanSingleQuoted reads a 'string' written with single quotes, which
// JSON does not allow, up to its closing quote or the end of the line.
func scanSingleQuoted(src []byte, start int) int {
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\'':
			return i + 1
		case '\n':
			return i
		}
	}
	return len(src)
}

// escapedAt reports whether the quote at q is escaped by the backslashes
// before it (an odd number of them), inside the string starting at start.
func escapedAt(src []byte, start, q int) bool {
	n := 0
	for i := q - 1; i > start && src[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// isStray reports whether src[i] starts no token the loop knows, so it
// belongs to a run of stray characters.
func isStray(c byte, src []byte, i int) bool {
	switch {
	case c == '"' || c == '\'' || c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':':
		return false
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		return false
	case c == '-' || isDigit(c) || isWordByte(c):
		return false
	case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
		return false
	}
	return true
}

func nextNonSpace(src []byte, i int) byte {
	for ; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return src[i]
		}
	}
	return 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '_' || c == '$'
}
