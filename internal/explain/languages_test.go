package explain

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/i18n"
)

// TestFindingsReadInEitherLanguage: every log of logimport's test data,
// explained in one language, says its problems (Problems, what a page's
// summary lists) and its events in the other with In exactly as the log
// explained in that other language does, byte for byte in JSON. A finding
// written in one language only (a log's problem, a conversation problem
// lifted from a report, a message's first error) fails it.
func TestFindingsReadInEitherLanguage(t *testing.T) {
	root := filepath.Join("..", "logimport", "testdata")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".golden.json") || strings.Contains(path, string(filepath.Separator)+"fuzz"+string(filepath.Separator)) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		en, errEN := Explain(src, Options{Lang: i18n.EN})
		fr, errFR := Explain(src, Options{Lang: i18n.FR})
		if errEN != nil || errFR != nil {
			return nil // not a log the explainer reads: nothing to compare
		}
		n++
		for _, c := range []struct {
			from, to *Report
			lang     i18n.Lang
		}{{en, fr, i18n.FR}, {fr, en, i18n.EN}} {
			problems := []Finding{}
			for _, f := range c.from.Problems() {
				problems = append(problems, f.In(c.lang))
			}
			if diff := cmp.Diff(jsonOf(t, c.to.Problems()), jsonOf(t, problems)); diff != "" {
				t.Errorf("%s: problems read in %s (-explained in it +In):\n%s", path, c.lang, diff)
			}
			events := []exchange.Event{}
			for _, e := range c.from.Events() {
				events = append(events, e.In(c.lang))
			}
			if diff := cmp.Diff(jsonOf(t, c.to.Events()), jsonOf(t, events)); diff != "" {
				t.Errorf("%s: events read in %s (-explained in it +In):\n%s", path, c.lang, diff)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Errorf("compared %d logs, want the whole test data (at least 40)", n)
	}
}

// jsonOf is v as indented JSON, one line a value, for a readable diff.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
