package grader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpplayground/playground/internal/i18n"
)

// FuzzCheck: whatever the text, Check does not panic, never calls valid what
// does not parse, places every diagnostic inside the text, and builds a report
// that encodes as JSON. Its seeds (testdata/fuzz/FuzzCheck) are the corpus.
func FuzzCheck(f *testing.F) {
	f.Fuzz(func(t *testing.T, src []byte) {
		revs := []string{Rev20250618, Rev20251125, Rev20260728}
		opts := Options{Protocol: revs[len(src)%3], Lang: i18n.All[len(src)%2]}
		if len(src)%5 == 0 {
			opts.Request = src // a message checked as the response to itself
		}
		if len(src)%7 == 0 {
			opts.Sender = "client"
		}
		rep := Check(src, opts)
		if _, err := json.Marshal(rep); err != nil {
			t.Fatalf("the report does not encode as JSON: %v", err)
		}
		if rep.Diagnostics == nil {
			t.Fatal("diagnostics must be [] rather than null")
		}
		tree, perr := Parse(src)
		if perr != nil && rep.Kind != KindInvalid {
			t.Fatalf("the text does not parse (%v) but its kind is %s: a receiver cannot read it", perr, rep.Kind)
		}
		if rep.LooksLike != "" && rep.Kind != KindInvalid {
			t.Fatalf("looks_like %s on a message of kind %s", rep.LooksLike, rep.Kind)
		}
		if rep.Valid {
			if !json.Valid(src) {
				t.Fatalf("valid but encoding/json does not parse it: %q", src)
			}
			if perr != nil {
				t.Fatalf("valid but Parse fails: %v", perr)
			}
		}
		lines := lineLengths(src)
		blocking := 0
		for _, d := range rep.Diagnostics {
			if d.Line < 1 || d.Line > len(lines) || d.Column < 1 || d.Column > lines[d.Line-1]+1 {
				t.Fatalf("%s at line %d, column %d: outside the text (%d lines: %v)", d.Code, d.Line, d.Column, len(lines), lines)
			}
			if d.Blocking {
				blocking++
			}
			if d.Message == "" || codeIndex[d.Code] == nil {
				t.Fatalf("diagnostic without an explanation: %+v", d)
			}
		}
		if rep.Valid != (blocking == 0) || blocking > 1 {
			t.Fatalf("valid=%v with %d blocking diagnostics: %+v", rep.Valid, blocking, rep.Diagnostics)
		}
		if tree != nil {
			checkPositions(t, tree, src, lines)
		}
	})
}

// lineLengths counts the characters of each line the way an editor shows them
// (a byte order mark is not shown).
func lineLengths(src []byte) []int {
	s := strings.TrimPrefix(string(src), "\uFEFF")
	var out []int
	n := 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '\n':
			out = append(out, n)
			n = 0
			i++
			continue
		case '\r':
			i++
			if i < len(s) && s[i] == '\n' {
				continue
			}
			out = append(out, n)
			n = 0
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return append(out, n)
}

func checkPositions(t *testing.T, v *Value, src []byte, lines []int) {
	t.Helper()
	if v == nil {
		return
	}
	p := v.Pos
	if p.Offset < 0 || p.Offset > len(src) || p.Line < 1 || p.Line > len(lines) || p.Column < 1 || p.Column > lines[p.Line-1]+1 {
		t.Fatalf("value at %+v lies outside the text", p)
	}
	for _, m := range v.Members {
		checkPositions(t, m.Value, src, lines)
	}
	for _, it := range v.Items {
		checkPositions(t, it, src, lines)
	}
}

// TestWriteFuzzSeeds turns the corpus into FuzzCheck's seed corpus (with -update).
func TestWriteFuzzSeeds(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite testdata/fuzz/FuzzCheck from the corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzCheck")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range loadCorpus(t) {
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(c.msg)) + ")\n"
		name := strings.ReplaceAll(c.name, "/", "_")
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
