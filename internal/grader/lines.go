package grader

import (
	"unicode/utf8"
)

// lineCursor turns byte offsets into 1-based lines and rune columns. Offsets are
// asked for in increasing order, so the whole text is walked once.
type lineCursor struct {
	src            string
	bom            int
	off, line, col int
}

func newLineCursor(src string, bom int) lineCursor {
	return lineCursor{src: src, bom: bom, off: bom, line: 1, col: 1}
}

func (c *lineCursor) at(off int) Pos {
	if off < c.off {
		c.off, c.line, c.col = c.bom, 1, 1
	}
	if off < c.bom {
		return Pos{Line: 1, Column: 1, Offset: off}
	}
	for c.off < off && c.off < len(c.src) {
		b := c.src[c.off]
		switch {
		case b == '\n':
			c.line++
			c.col = 1
			c.off++
		case b == '\r':
			c.off++
			if c.off < len(c.src) && c.src[c.off] == '\n' {
				continue
			}
			c.line++
			c.col = 1
		case b < 0x80:
			c.col++
			c.off++
		default:
			_, n := utf8.DecodeRuneInString(c.src[c.off:])
			c.off += n
			c.col++
		}
	}
	if off > c.off {
		// Past the end: count the missing bytes as columns.
		return Pos{Line: c.line, Column: c.col + off - c.off, Offset: off}
	}
	return Pos{Line: c.line, Column: c.col, Offset: off}
}
