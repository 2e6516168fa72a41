package logimport

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead feeds any bytes to every reader, by detection and by each
// format named: reading never panics, fails only with the errors Read
// documents, keeps at most MaxMessages messages, each no larger than the
// log, and numbers their lines within it.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	corpus, _ := filepath.Glob("testdata/corpus/*")
	shapes, _ := filepath.Glob("testdata/corpus/shapes/*")
	for _, p := range append(append(files, corpus...), shapes...) {
		if strings.HasSuffix(p, ".golden.json") {
			continue
		}
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			f.Add(b, uint8(0))
		}
	}
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"), uint8(1))
	f.Add([]byte("\xef\xbb\xbf{\"log\":{\"entries\":[]}}"), uint8(2))
	formats := Known()
	lim := Limits{MaxBytes: 1 << 20, MaxMessages: 50}
	f.Fuzz(func(t *testing.T, src []byte, pick uint8) {
		format := FormatAuto
		if n := int(pick) % (len(formats) + 1); n > 0 {
			format = formats[n-1].Name
		}
		res, err := Read(src, format, lim)
		if err != nil {
			for _, known := range []error{ErrTooLarge, ErrBinary, ErrNotFormat, ErrNoMessages, ErrUnknownFormat} {
				if errors.Is(err, known) {
					return
				}
			}
			t.Fatalf("Read(%s) failed with an undocumented error: %v", format, err)
		}
		if len(res.Entries) > lim.MaxMessages {
			t.Fatalf("%d messages kept, limit %d", len(res.Entries), lim.MaxMessages)
		}
		// A lone CR ends a line too (old Mac files, some Windows tools).
		lines := strings.Count(string(src), "\n") + strings.Count(string(src), "\r") - strings.Count(string(src), "\r\n") + 1
		for i, e := range res.Entries {
			if len(e.Raw) > len(src)*2+64 {
				t.Fatalf("message %d is %d bytes from a log of %d", i, len(e.Raw), len(src))
			}
			if e.Line < 0 || e.Line > lines {
				t.Fatalf("message %d at line %d of a %d-line log", i, e.Line, lines)
			}
		}
	})
}
