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

// BenchmarkDetectLongMessage detects the format of a stdio capture whose
// reply holds a megabyte of text: each format looks for its words in the
// head of a line only, so detecting costs no pass over the megabyte per
// format (on two cores: 17 ms a log, 440 ms before).
func BenchmarkDetectLongMessage(b *testing.B) {
	src := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts"}}` + "\n" +
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + strings.Repeat("gift ", 200_000) + `"}]}}` + "\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if f := Detect(src); f != FormatStdio {
			b.Fatalf("Detect = %s, want %s", f, FormatStdio)
		}
	}
}
