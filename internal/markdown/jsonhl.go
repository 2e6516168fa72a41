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
	classPunct   = "j-punct"
	classComment = "j-comment"
)

// HighlightJSON returns src as HTML with its JSON tokens wrapped in spans
// (class j-key, j-str, j-num, j-bool, j-null, j-punct, j-comment). It never
// fails: lessons show broken JSON on purpose in "common mistake" examples, so
// the tokenizer reads one token at a time and leaves whatever it does not
// recognise as plain escaped text. Removing the tags and unescaping gives
// back src exactly.
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
			if nextNonSpace(src, end) == ':' {
				class = classKey
			}
			span(class, i, end)
			i = end
		case c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':':
			span(classPunct, i, i+1)
			i++
		case c == '-' || isDigit(c):
			end := scanNumber(src, i)
			if end == i+1 && c == '-' { // a lone minus is not a number
				i++
				continue
			}
			span(classNumber, i, end)
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
			}
			// Any other bare word (True, undefined, an unquoted key) stays
			// plain: colouring it like a value would hide the mistake.
			i = end
		default:
			_, size := utf8.DecodeRune(src[i:])
			i += size
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
