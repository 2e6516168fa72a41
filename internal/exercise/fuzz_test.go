package exercise

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// allKinds returns one exercise of each kind.
func allKinds(t testing.TB) []*Exercise {
	t.Helper()
	return []*Exercise{
		bundled(t, "tools-fix-call-params"),
		bundled(t, "errors-reply-unknown-method"),
		bundled(t, "notifications-classify-no-id"),
		mustLoad(t, matchFile),
		mustLoad(t, liveFile),
		mustLoad(t, file("kind: write\nchecks:\n  - result_shape: tools/list\n  - equals: []\n    at: /result/tools\n  - id: any",
			"\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}`)+text)),
	}
}

// hostile answers: big, deep, binary, and almost-right.
func hostile() []string {
	deep := strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)
	deepArr := strings.Repeat("[", 200000)
	big := `{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "` + strings.Repeat("a", 2<<20) + `"}}`
	return []string{
		"", " ", "null", "[]", "{}", `"x"`, "\x00\xff\xfe", "\xef\xbb\xbf{}", deep, deepArr, big,
		strings.Repeat(`{"answers": [`, 1000),
		`{"answers": [1e999999999, "request", null]}`,
		`{"exchange": [` + strings.Repeat(`{"from": "client", "message": "{"},`, 2000) + `{}]}`,
		`{"exchange": [{"from": "server", "message": {"id": 1, "result": {}}}, {"from": "client", "message": {"id": 1, "method": "x"}}]}`,
		`{"jsonrpc": "2.0", "id": 1e999999999, "result": {"tools": [{"name": 1e999999999}]}}`,
		`{"jsonrpc": "2.0", "id": 12, "error": {"code": -32601.0000000000000000001, "message": "x"}}`,
	}
}

// Whatever the answer, Grade returns a result with one verdict per check and
// does not pass.
func TestGradeHostile(t *testing.T) {
	for _, ex := range allKinds(t) {
		for _, a := range hostile() {
			res := ex.Grade(a, i18n.FR)
			if len(res.Checks) != len(ex.Checks) {
				t.Errorf("%s on %.40q: %d results for %d checks", ex.ID, a, len(res.Checks), len(ex.Checks))
			}
			if res.Passed {
				t.Errorf("%s passes on %.40q", ex.ID, a)
			}
		}
	}
}

func FuzzGrade(f *testing.F) {
	exs := allKinds(f)
	for _, ex := range exs {
		for _, s := range ex.Solutions {
			f.Add(s)
		}
		if ex.Starter != "" {
			f.Add(ex.Starter)
		}
	}
	for _, a := range hostile()[:8] {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, answer string) {
		for _, ex := range exs {
			res := ex.Grade(answer, i18n.EN)
			if len(res.Checks) != len(ex.Checks) {
				t.Fatalf("%s: %d results for %d checks", ex.ID, len(res.Checks), len(ex.Checks))
			}
			passed := true
			for _, cr := range res.Checks {
				passed = passed && cr.Passed
				if cr.Message == "" {
					t.Fatalf("%s: check %s has no message", ex.ID, cr.ID)
				}
				if cr.Line < 0 || cr.Column < 0 {
					t.Fatalf("%s: check %s at %d:%d", ex.ID, cr.ID, cr.Line, cr.Column)
				}
			}
			if passed != res.Passed {
				t.Fatalf("%s: Passed = %v but the checks say %v", ex.ID, res.Passed, passed)
			}
		}
	})
}

func BenchmarkGrade(b *testing.B) {
	for _, ex := range allKinds(b) {
		for name, answer := range map[string]string{"solution": ex.Solutions[0], "2MiB": hostile()[10]} {
			b.Run(ex.ID+"/"+string(ex.Kind)+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					ex.Grade(answer, i18n.EN)
				}
			})
		}
	}
}

func BenchmarkLint(b *testing.B) {
	exs := allKinds(b)
	b.ReportAllocs()
	for b.Loop() {
		Lint(exs, Course{})
	}
}

// One exercise is graded by many requests at once.
func TestGradeConcurrent(t *testing.T) {
	exs := allKinds(t)
	done := make(chan Result)
	for i := range 8 {
		go func() {
			ex := exs[i%len(exs)]
			done <- ex.Grade(ex.Solutions[0], i18n.All[i%2])
		}()
	}
	for range 8 {
		if res := <-done; !res.Passed {
			t.Errorf("a solution failed under concurrency: %v", failed(res))
		}
	}
}
