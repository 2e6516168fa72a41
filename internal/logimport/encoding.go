package logimport

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeText turns what Windows tools write into the UTF-8 text with
// newlines that the readers expect: UTF-16 with a byte order mark (what
// PowerShell's ">" writes) is decoded, a UTF-8 byte order mark dropped,
// and a carriage return that ends a line alone (old Mac line ends, mixed
// with others in a pasted log) becomes a newline. CRLF is left to the
// line splitter.
func decodeText(src []byte) []byte {
	switch {
	case bytes.HasPrefix(src, []byte{0xff, 0xfe}) && mostlyASCII16(src[2:], false):
		src = fromUTF16(src[2:], false)
	case bytes.HasPrefix(src, []byte{0xfe, 0xff}) && mostlyASCII16(src[2:], true):
		src = fromUTF16(src[2:], true)
	}
	src = bytes.TrimPrefix(src, utf8BOM)
	if i := bytes.IndexByte(src, '\r'); i >= 0 && hasLoneCR(src[i:]) {
		src = loneCRToLF(src)
	}
	return src
}

// mostlyASCII16 reports whether b reads as UTF-16 text that is mostly
// ASCII, as a log is (JSON, timestamps, English words): two bytes that
// happen to look like a byte order mark before binary data do not.
func mostlyASCII16(b []byte, big bool) bool {
	n, ascii := 0, 0
	for i := 0; i+1 < len(b) && n < 4096; i += 2 {
		hi := b[i+1]
		if big {
			hi = b[i]
		}
		if hi == 0 {
			ascii++
		}
		n++
	}
	return n > 0 && ascii*2 >= n
}

// fromUTF16 decodes UTF-16 (big or little endian) into UTF-8; an odd last
// byte is dropped.
func fromUTF16(b []byte, big bool) []byte {
	units := make([]uint16, len(b)/2)
	for i := range units {
		lo, hi := b[2*i], b[2*i+1]
		if big {
			lo, hi = hi, lo
		}
		units[i] = uint16(lo) | uint16(hi)<<8
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out
}

// hasLoneCR reports whether b holds a carriage return that is not part of
// a line end "\r\n" (a run "\r\r\n", a file converted twice, is one
// line end too).
func hasLoneCR(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\r' {
			continue
		}
		j := i
		for j < len(b) && b[j] == '\r' {
			j++
		}
		if j == len(b) || b[j] != '\n' || j-i > 1 {
			return true
		}
		i = j
	}
	return false
}

// loneCRToLF makes every line end a "\n": a run of carriage returns
// before a newline is one line end, a carriage return alone is one too.
func loneCRToLF(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\r' {
			out = append(out, b[i])
			continue
		}
		j := i
		for j < len(b) && b[j] == '\r' {
			j++
		}
		if j < len(b) && b[j] == '\n' {
			out = append(out, '\n')
			i = j
			continue
		}
		for ; i < j; i++ {
			out = append(out, '\n')
		}
		i--
	}
	return out
}
