// Package csvcell makes text safe to open in a spreadsheet: a cell that a
// spreadsheet would run as a formula is written as text instead (OWASP's
// advice against CSV injection). Every CSV the playground writes for a
// person (exports, gradebook, roster codes) goes through it.
package csvcell

import "strings"

// Escape returns s, with a leading apostrophe when it starts with a
// character that makes a spreadsheet read a formula or eat the start of
// the cell: = + - @ tab or carriage return.
func Escape(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Row escapes every cell of a row.
func Row(cells ...string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Escape(c)
	}
	return out
}
