package exchange

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Past MaxRawBytes a long message is kept as its beginning and its size,
// and still judged and paired whole.
func TestMaxRawBytesKeepsPreviews(t *testing.T) {
	x := New(Options{Lang: i18n.EN, MaxRawBytes: 1 << 20})
	big := `{"jsonrpc":"2.0","id":%d,"result":{"text":"` + strings.Repeat("x", 600<<10) + `"}}`
	var kept int
	for i := 1; i <= 3; i++ {
		x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":` + string(rune('0'+i)) + `,"method":"ping"}`), From: grader.SenderClient})
		e := x.Add(Message{Raw: []byte(strings.Replace(big, "%d", string(rune('0'+i)), 1)), From: grader.SenderServer})
		kept += len(e.Raw)
		if e.Kind != grader.KindResponse || e.Answers == 0 || !e.Report.Valid {
			t.Errorf("reply %d: kind %s, answers %d, valid %v", i, e.Kind, e.Answers, e.Report.Valid)
		}
		if i > 1 && (len(e.Raw) > maxKept+64 || !strings.Contains(e.Raw, "bytes)")) {
			t.Errorf("reply %d kept whole (%d bytes) past the bound", i, len(e.Raw))
		}
	}
	if kept > 1<<20 {
		t.Errorf("kept %d bytes of replies, want at most 1 MiB", kept)
	}
}
