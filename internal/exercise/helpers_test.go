package exercise

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mcpplayground/playground/internal/markdown"
)

const fence = "```"

// file writes an exercise file with id x in lesson tools: fm is the rest of
// the front matter, body the Markdown after it.
func file(fm, body string) string {
	return "---\nid: x\nlesson: tools\n" + strings.TrimSpace(fm) + "\n---\n" + body
}

// jsonBlock writes a ```json block.
func jsonBlock(s string) string { return fence + "json\n" + s + "\n" + fence + "\n" }

// text is a minimal English section.
const text = "\n# en: Title\n\nDo it.\n"

// load loads files (name → content) and returns the exercises or the
// problems, one string each.
func load(files map[string]string) ([]*Exercise, []string) {
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	exs, err := Load(fsys, markdown.New(), func(s string) bool { return s != "nowhere" })
	return exs, errStrings(err)
}

func errStrings(err error) []string {
	var out []string
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		if err != nil {
			out = append(out, err.Error())
		}
	}
	walk(err)
	return out
}

// mustLoad loads one file named x.md.
func mustLoad(t testing.TB, src string) *Exercise {
	t.Helper()
	exs, errs := load(map[string]string{"x.md": src})
	if len(errs) > 0 {
		t.Fatalf("Load:\n%s", strings.Join(errs, "\n"))
	}
	return exs[0]
}

// result finds a check's result by id.
func result(t testing.TB, res Result, id string) CheckResult {
	t.Helper()
	for _, cr := range res.Checks {
		if cr.ID == id {
			return cr
		}
	}
	t.Fatalf("no result for check %q in %+v", id, res.Checks)
	return CheckResult{}
}

func failed(res Result) []string {
	var out []string
	for _, cr := range res.Checks {
		if !cr.Passed {
			out = append(out, cr.ID)
		}
	}
	return out
}
