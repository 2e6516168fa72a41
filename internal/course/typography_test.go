package course

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/lessons"
)

// French prose follows French typography: a curly apostrophe, a no-break
// space (U+00A0 or U+202F) before : ; ? ! and inside « ». Code (fences,
// `spans`), link targets and addresses are not prose and are left alone.

var (
	codeOrLinkRE  = regexp.MustCompile("\\[![A-Z]+\\]|`[^`]*`|\\]\\([^)]*\\)|https?://\\S+|<[^>]+>")
	spaceBeforeRE = regexp.MustCompile(`[^\s\x{00A0}\x{202F}][ ]?[;?!]|\S [:;?!](\s|$)`)
	openQuoteRE   = regexp.MustCompile(`«[^\x{00A0}\x{202F}]`)
	closeQuoteRE  = regexp.MustCompile(`[^\x{00A0}\x{202F}]»`)
)

// frenchProblems returns what breaks the rules in one line of prose.
func frenchProblems(line string) []string {
	prose := codeOrLinkRE.ReplaceAllString(line, "")
	var out []string
	if strings.Contains(prose, "'") {
		out = append(out, "a straight apostrophe (write ’)")
	}
	for _, m := range spaceBeforeRE.FindAllString(prose, -1) {
		if strings.HasSuffix(strings.TrimSpace(m), ":") || strings.ContainsAny(m, ";?!") {
			out = append(out, "no no-break space before the punctuation in "+`"`+m+`"`)
		}
	}
	if openQuoteRE.MatchString(prose) || closeQuoteRE.MatchString(prose) {
		out = append(out, "« » without no-break spaces inside")
	}
	return out
}

// frenchLines returns the prose lines of French Markdown, numbered from
// first, outside fenced code.
func frenchLines(text string, first int) map[int]string {
	out := map[int]string{}
	fence := false
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = !fence
			continue
		}
		if !fence && t != "" {
			out[first+i] = l
		}
	}
	return out
}

func TestFrenchTypographyOfTheCourse(t *testing.T) {
	files, _ := fs.Glob(lessons.FS, "fr/*.md")
	if len(files) < 10 {
		t.Fatalf("only %d French lessons", len(files))
	}
	checked := 0
	for _, f := range files {
		src, _ := fs.ReadFile(lessons.FS, f)
		_, body, _ := strings.Cut(strings.TrimPrefix(string(src), "---\n"), "\n---\n")
		first := strings.Count(string(src), "\n") - strings.Count(body, "\n") + 1
		for n, l := range frenchLines(body, first) {
			checked++
			for _, p := range frenchProblems(l) {
				t.Errorf("lessons/%s:%d: %s", f, n, p)
			}
		}
	}
	exs, _ := fs.Glob(exercises.FS, "*.md")
	for _, f := range exs {
		src, _ := fs.ReadFile(exercises.FS, f)
		text := string(src)
		// The French section, and the French feedback and labels.
		if i := strings.Index(text, "\n# fr: "); i >= 0 {
			first := strings.Count(text[:i], "\n") + 2
			for n, l := range frenchLines(strings.TrimPrefix(text[i+1:], "# fr:"), first) {
				checked++
				for _, p := range frenchProblems(l) {
					t.Errorf("exercises/%s:%d: %s", f, n, p)
				}
			}
		}
		fm, _, _ := strings.Cut(text, "\n---\n")
		for i, l := range strings.Split(fm, "\n") {
			if _, v, ok := strings.Cut(l, "fr: "); ok {
				checked++
				for _, p := range frenchProblems(strings.Trim(strings.TrimSpace(v), `"'}`)) {
					t.Errorf("exercises/%s:%d: %s", f, i+1, p)
				}
			}
		}
	}
	if checked < 1500 {
		t.Errorf("only %d French lines checked", checked)
	}
}

func TestFrenchProblemsCanFail(t *testing.T) {
	for line, bad := range map[string]bool{
		"Pourquoi ?":                  true,
		"Pourquoi\u00a0?":             false,
		"Pourquoi\u202f?":             false,
		"l'outil":                     true,
		"l’outil":                     false,
		"« non »":                     true,
		"«\u00a0non\u00a0»":           false,
		"Voici : rien":                true,
		"Voici\u00a0: rien":           false,
		"le code `a ? b : c'` reste":  false,
		"[lien](/fr/lessons/x?y=1) !": true,
	} {
		if got := len(frenchProblems(line)) > 0; got != bad {
			t.Errorf("frenchProblems(%q) = %v, want a problem: %v", line, frenchProblems(line), bad)
		}
	}
}
