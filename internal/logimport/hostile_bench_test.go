package logimport

import (
	"strings"
	"testing"
)

// BenchmarkReadHostileLine reads one 16 KiB line built to make the reader
// try a value at every brace: such a line must cost a few passes over it,
// not one pass per brace (before findMessage bounded its tries, the line
// of braces took 63 times as long, and a 1 MiB one hours).
func BenchmarkReadHostileLine(b *testing.B) {
	for _, unit := range []string{"{", `{"a":`, "-> {", "data: {", `"{\"`} {
		src := []byte(strings.Repeat(unit, (16<<10)/len(unit)))
		b.Run(strings.NewReplacer("{", "brace", `"`, "quote", " ", "_").Replace(unit), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				_, _ = Read(src, FormatAuto, Limits{MaxBytes: 1 << 20, MaxMessages: 50})
			}
		})
	}
}
