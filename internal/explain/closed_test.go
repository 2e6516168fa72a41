package explain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// TestClosedStreamIsTheCancellation: in 2026-07-28 over HTTP, a request
// whose response stream the client closed was cancelled. The explainer
// says so, about that request, in both languages, and neither calls it
// unanswered nor calls the log wrong.
func TestClosedStreamIsTheCancellation(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "logimport", "testdata", "corpus", "closed-stream-2026.har"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang i18n.Lang
		line string
	}{
		{i18n.EN, "cancelled: the client closed its stream"},
		{i18n.FR, "annulée\u00a0: le client a fermé son flux"},
	} {
		r, err := Explain(src, Options{Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		type finding struct {
			Code, Severity string
			Messages       []int
		}
		var got []finding
		for _, f := range r.Findings {
			got = append(got, finding{f.Code, f.Severity, f.Messages})
		}
		want := []finding{{logimport.CodeHTTPClosedCancels, "info", []int{0}}}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: findings (-want +got):\n%s", c.lang, d)
		}
		if !r.OK() {
			t.Errorf("%s: a request cancelled the 2026-07-28 way makes the log wrong", c.lang)
		}
		var b strings.Builder
		if err := WriteText(&b, r, c.lang); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.line) {
			t.Errorf("%s: the text does not say %q:\n%s", c.lang, c.line, b.String())
		}
	}
}
