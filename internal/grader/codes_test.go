package grader

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestCatalog: every code is explained in both languages, with a lesson of the
// course, and French follows French typography.
func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	codePattern := regexp.MustCompile(`^(json|jsonrpc|mcp|grader|session)(\.[a-z0-9-]+)+$`)
	for _, c := range Codes() {
		if seen[c.Code] {
			t.Errorf("%s listed twice", c.Code)
		}
		seen[c.Code] = true
		if !codePattern.MatchString(c.Code) {
			t.Errorf("%s is not a stable dotted lower-case code", c.Code)
		}
		if _, ok := lessonNames[c.Lesson]; !ok {
			t.Errorf("%s: lesson %q is not a lesson of the course", c.Code, c.Lesson)
		}
		if c.Severity != SeverityError && c.Severity != SeverityWarning && c.Severity != SeverityInfo {
			t.Errorf("%s: severity %q", c.Code, c.Severity)
		}
		for _, lang := range i18n.All {
			if c.Title[lang] == "" || c.Why[lang] == "" {
				t.Errorf("%s: title or why missing in %s", c.Code, lang)
			}
			if strings.Contains(c.Why[lang], "{field}") || strings.Contains(c.Why[lang], "{value}") {
				t.Errorf("%s: the %s explanation depends on a message: %q", c.Code, lang, c.Why[lang])
			}
		}
		if c.Title[i18n.EN] == c.Title[i18n.FR] && !strings.Contains(c.Title[i18n.EN], "`") {
			t.Errorf("%s: the French title is the English one", c.Code)
		}
		def := codeIndex[c.Code]
		for _, text := range []string{def.msg[1], def.why[1], c.Title[i18n.FR]} {
			checkFrench(t, c.Code, text)
		}
	}
}

// checkFrench looks for the typography mistakes a catalog typed on an English
// keyboard would make.
func checkFrench(t *testing.T, code, s string) {
	t.Helper()
	for _, bad := range []string{" :", " ;", " ?", " !", "« ", " »"} {
		if strings.Contains(s, bad) {
			t.Errorf("%s: French text needs a no-break space in %q: %q", code, bad, s)
		}
	}
	if regexp.MustCompile(`\pL'\pL`).MatchString(s) {
		t.Errorf("%s: French apostrophe should be ’: %q", code, s)
	}
}

// placeholders are the names expand fills in; catalogExamples are words in
// braces that the catalog writes on purpose (a URI template's variable).
var (
	placeholders    = []string{"field", "parent", "value", "method", "rev", "extra", "got", "want", "sugg", "opened"}
	catalogExamples = []string{"{category}"}
	placeholder     = regexp.MustCompile(`\{[a-z]+\}`)
)

// TestCatalogPlaceholders: every {word} of the catalog is a placeholder that
// expand fills in, or an example written on purpose, so that a misspelled
// placeholder cannot reach a learner.
func TestCatalogPlaceholders(t *testing.T) {
	for _, def := range codeTable {
		for _, text := range []string{def.msg[0], def.msg[1], def.why[0], def.why[1]} {
			for _, m := range placeholder.FindAllString(text, -1) {
				if !slices.Contains(placeholders, m[1:len(m)-1]) && !slices.Contains(catalogExamples, m) {
					t.Errorf("%s: %s is neither a placeholder nor a listed example: %q", def.code, m, text)
				}
			}
		}
	}
}

// TestMessagesAreRendered: no placeholder is left in any message of the corpus,
// in either language, and every message ends by naming its lesson. Braces
// may come from the learner's own text, or from an example of the catalog.
func TestMessagesAreRendered(t *testing.T) {
	for _, c := range loadCorpus(t) {
		for _, lang := range i18n.All {
			for _, d := range Check(c.msg, c.opts(lang)).Diagnostics {
				for _, m := range placeholder.FindAllString(d.Message, -1) {
					if !strings.Contains(string(c.msg), m) && !slices.Contains(catalogExamples, m) {
						t.Errorf("%s (%s): placeholder %s left in %q", c.name, lang, m, d.Message)
					}
				}
				name := lessonNames[d.Lesson][0]
				if lang == i18n.FR {
					name = lessonNames[d.Lesson][1]
				}
				if !strings.Contains(d.Message, name+"\u00a0»") && !strings.Contains(d.Message, name+"”") {
					t.Errorf("%s (%s): the message does not name its lesson %q: %q", c.name, lang, d.Lesson, d.Message)
				}
			}
		}
	}
}

// TestLessonNamesMatchTheCourse compares the lesson names used in messages with
// the titles of the course's lessons.
func TestLessonNamesMatchTheCourse(t *testing.T) {
	for i, lang := range []string{"en", "fr"} {
		files, err := filepath.Glob(filepath.Join("..", "..", "lessons", lang, "*.md"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no lessons in ../../lessons/%s (%v): the names cannot be compared", lang, err)
		}
		found := map[string]bool{}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			slug := regexp.MustCompile(`(?m)^slug:\s*(\S+)`).FindSubmatch(b)
			title := regexp.MustCompile(`(?m)^title:\s*"?(.*?)"?\s*$`).FindSubmatch(b)
			if slug == nil || title == nil {
				continue
			}
			name, ok := lessonNames[string(slug[1])]
			if !ok {
				continue
			}
			found[string(slug[1])] = true
			if !strings.HasPrefix(strings.ReplaceAll(string(title[1]), "’", "'"), strings.ReplaceAll(name[i], "’", "'")) {
				t.Errorf("lesson %s (%s) is titled %q; messages call it %q", slug[1], lang, title[1], name[i])
			}
		}
		for slug := range lessonNames {
			if !found[slug] {
				t.Errorf("messages name the lesson %s, which the course (%s) does not have", slug, lang)
			}
		}
	}
}

// TestToolErrorExplanationHoldsForEveryRevision: the explanation of a protocol
// error answering tools/call is shown whatever the revision, so it must not
// call arguments that break the input schema a protocol error without saying
// that this changed in 2025-11-25 (they became a result with isError: true).
func TestToolErrorExplanationHoldsForEveryRevision(t *testing.T) {
	var why map[i18n.Lang]string
	for _, c := range Codes() {
		if c.Code == codeErrCodeNotParams {
			why = c.Why
		}
	}
	wants := map[i18n.Lang][]string{
		i18n.EN: {"since revision 2025-11-25", "`isError: true`", "in 2025-06-18", "unknown tool"},
		i18n.FR: {"depuis la révision 2025-11-25", "`isError: true`", "en 2025-06-18", "outil inconnu"},
	}
	for lang, want := range wants {
		for _, w := range want {
			if !strings.Contains(why[lang], w) {
				t.Errorf("%s: the explanation does not say %q: %q", lang, w, why[lang])
			}
		}
	}
	// The message itself, rendered for a 2025-06-18 and a 2025-11-25 answer.
	req := []byte(`{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "suggest_gifts"}}`)
	msg := []byte(`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error"}}`)
	for _, rev := range []string{Rev20250618, Rev20251125, Rev20260728} {
		rep := Check(msg, Options{Protocol: rev, Request: req})
		found := false
		for _, d := range rep.Diagnostics {
			if d.Code == codeErrCodeNotParams {
				found = true
				if strings.Contains(d.Message, "arguments that break the input schema)") {
					t.Errorf("%s: %q", rev, d.Message)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s in %+v", rev, codeErrCodeNotParams, rep.Diagnostics)
		}
	}
}
