package exercise

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

func lintStrings(exs []*Exercise, c Course) []string {
	var out []string
	for _, e := range Lint(exs, c) {
		out = append(out, e.Error())
	}
	return out
}

// TestLint is a table: a course a row, and the lint it must get.
func TestLint(t *testing.T) {
	const pingFix = "\n# Starter\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"pong\"}\n```\n" + pingSolution
	tests := []struct {
		name   string
		files  map[string]string
		course Course
		want   []string
	}{
		{"a clean fix", map[string]string{"x.md": file("kind: fix\nchecks:\n  - method: ping", pingFix+text)}, Course{}, nil},
		{"the starter passes", map[string]string{"x.md": file("kind: fix\nchecks:\n  - method: ping", strings.Replace(pingFix, "pong", "ping", 1)+text)}, Course{},
			[]string{`x.md:12: the starter already passes every check: there is nothing to fix`}},
		{"the solution fails", map[string]string{"x.md": file("kind: write\nchecks:\n  - method: tools/list", pingSolution+text)}, Course{},
			[]string{"x.md:12: this solution fails the check on line 6: The method is `tools/list`."}},
		{"a wrong answer passes", map[string]string{"x.md": file("kind: write\nchecks:\n  - method: ping", pingSolution+"\n# Wrong\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 2, "method": "ping"}`)+text)}, Course{},
			[]string{`x.md:18: this wrong answer passes every check: add a check that rejects it`}},
		{"too few wrong answers", map[string]string{"x.md": file("kind: write\nchecks:\n  - method: ping", pingSolution+"\n# Wrong\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 2, "method": "pong"}`)+text),
			"y.md": strings.Replace(file("kind: write\norder: 2\nchecks:\n  - method: ping", pingSolution+text), "id: x", "id: y", 1)}, Course{WrongAnswers: 2},
			[]string{"x.md:18: 1 wrong answer(s) in # Wrong; course.yaml asks for at least 2: write the mistakes a learner is likely to make here, one block each",
				"y.md:1: 0 wrong answer(s) in # Wrong; course.yaml asks for at least 2: write the mistakes a learner is likely to make here, one block each"}},
		{"a check that never fails", map[string]string{"x.md": file("kind: fix\nchecks:\n  - method: ping\n  - absent: /parms/name", pingFix+text)}, Course{},
			[]string{`x.md:7: this check never fails: it passes on the starter, the wrong answers and every one-step change of the solutions (10 tried); is the pointer right? (see "Every check can fail" in FORMAT.md)`}},
		{"orders within a lesson", map[string]string{
			"x.md": file("kind: write\norder: 2\nchecks:\n  - method: ping", pingSolution+text),
			"y.md": strings.Replace(file("kind: write\norder: 2\nchecks:\n  - method: ping", pingSolution+text), "id: x", "id: y", 1),
			"z.md": strings.Replace(strings.Replace(file("kind: write\norder: 2\nchecks:\n  - method: ping", pingSolution+text), "id: x", "id: z", 1), "lesson: tools", "lesson: errors", 1),
		}, Course{}, []string{`y.md:2: order 2 is already used by x.md in lesson tools`}},
		{"a reply to an unknown method needs id: same", map[string]string{"x.md": file("kind: reply\nchecks:\n  - kind: error",
			"\n# Request\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "tools/col"}`)+"\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}`)+text)}, Course{},
			[]string{`x.md:1: the checker does not know the method of this request, so it cannot compare the id of a success response: add the check "- id: same"`}},
		{"match answers that disagree with the ids", map[string]string{"x.md": strings.Replace(matchFile, "answer: 2\n    item: 1", "answer: 1\n    item: 1", 1)}, Course{},
			[]string{
				`x.md:6: response 1 has the id of request 2, so its answer is 2, not 1`,
				// The derived solution holds the author's mistake, so the
				// other answer for request 1 looks like it never fails.
			}},
		{"classify answers that contradict the checker", map[string]string{"x.md": file(`kind: classify
choices: [request, notification, response, invalid]
checks:
  - answer: response
    item: 1
  - answer: invalid
    item: 2
  - answer: invalid
    item: 3`, "\n# Messages\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+"\n"+jsonBlock(`{"jsonrpc": "2.0", "method": "notifications/initialized"}`)+"\n"+jsonBlock(`{"jsonrpc": "2.0", "id": null, "method": "ping"}`)+text)}, Course{},
			[]string{
				`x.md:7: the answer says message 1 is a response, but the checker reads it as request`,
				`x.md:9: the answer says message 2 is not a valid message, but the checker finds it valid (a notification)`,
			}},
		{"languages", map[string]string{"x.md": file(`kind: classify
choices:
  - request
  - value: other
    label: {en: Something else}
    feedback: {en: No.}
checks:
  - answer: request
    feedback: {en: A method and an id.}`, "\n# Messages\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+`
# fr: Quel type ?

Dites-le.

## Indices

1. Regardez l’id.
2. Et la méthode.

# en: Which kind?

Say it.

## Hints

1. Look at the id.
`)}, Course{Languages: []i18n.Lang{i18n.FR, i18n.EN}},
			[]string{
				`x.md:7: choice "other" has no fr label`,
				`x.md:7: choice "other"'s feedback has no fr text`,
				`x.md:11: this check's feedback has no fr text`,
				`x.md:21: 2 hints here but 1 in en: translations give the same hints`,
			}},
		{"a missing language", map[string]string{"x.md": file("kind: write\nchecks:\n  - method: ping", pingSolution+text)}, Course{Languages: []i18n.Lang{i18n.EN, i18n.FR}},
			[]string{`x.md:15: the course requires fr, and this exercise has no fr text: add a section "# fr: …"`}},
		{"concepts practised and not", map[string]string{"x.md": file("kind: write\nconcepts: [ping, pnig]\nchecks:\n  - method: ping", pingSolution+text)},
			Course{Concepts: []string{"ping", "cursor"}, conceptsLine: 3},
			[]string{`x.md:2: concept "pnig" is not in course.yaml's concepts list`, `course.yaml:3: concept "cursor" is practised by no exercise: add it to the concepts of one`}},
		{"an exercise practises no concept", map[string]string{
			"x.md": file("kind: write\nconcepts: [ping]\nchecks:\n  - method: ping", pingSolution+text),
			"y.md": strings.Replace(file("kind: write\norder: 1\nchecks:\n  - method: ping", pingSolution+text), "id: x", "id: y", 1),
		}, Course{Concepts: []string{"ping"}, conceptsLine: 3},
			[]string{"y.md:2: exercise y practises no concept: add `concepts: [...]` from course.yaml's list"}},
		{"nine concepts are too many", map[string]string{"x.md": file("kind: write\nconcepts: [a, b, c, d, e, f, g, h, ping]\nchecks:\n  - method: ping", pingSolution+text)},
			Course{Concepts: []string{"a", "b", "c", "d", "e", "f", "g", "h", "ping"}, conceptsLine: 3},
			[]string{"x.md:2: 9 concepts: an exercise practises at most 8"}},
		{"no concepts list asks for nothing", map[string]string{"x.md": file("kind: write\nconcepts: [ping]\nchecks:\n  - method: ping", pingSolution+text)}, Course{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exs, errs := load(tt.files)
			if len(errs) > 0 {
				t.Fatalf("Load: %v", errs)
			}
			if diff := cmp.Diff(tt.want, lintStrings(exs, tt.course)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The mutants of a solution: each member removed, each value changed and
// nulled, a member added where a check points.
func TestMutants(t *testing.T) {
	doc := map[string]any{"a": "s", "b": []any{true}}
	var got []string
	for _, m := range mutants(doc, []string{"/c", "/a/x", "/z/y"}) {
		got = append(got, strings.Join(strings.Fields(marshal(m)), ""))
	}
	want := []string{
		`{"b":[true]}`, `{"a":"sx","b":[true]}`, `{"a":null,"b":[true]}`,
		`{"a":"s"}`, `{"a":"s","b":null}`,
		`{"a":"s","b":[]}`, `{"a":"s","b":[false]}`, `{"a":"s","b":[null]}`,
		`{"a":"s","b":[true],"c":"x"}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// The document itself is left alone.
	if diff := cmp.Diff(map[string]any{"a": "s", "b": []any{true}}, doc); diff != "" {
		t.Errorf("doc changed:\n%s", diff)
	}
}

func TestReadCourse(t *testing.T) {
	tests := []struct {
		src     string
		want    []i18n.Lang
		wantErr string
	}{
		{"languages: [en, fr]\n", []i18n.Lang{i18n.EN, i18n.FR}, ""},
		{"# no requirement\n", nil, ""},
		{"languages: [en, de]\n", nil, `course.yaml:1: unknown language "de": the languages are en and fr`},
		{"# comment\nlangs: [en]\n", nil, `course.yaml:2: front matter: unknown field "langs"`},
	}
	for _, tt := range tests {
		c, err := ReadCourse(fstest.MapFS{"course.yaml": {Data: []byte(tt.src)}})
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if diff := cmp.Diff(tt.want, c.Languages); diff != "" || gotErr != tt.wantErr {
			t.Errorf("%q: languages (-want +got):\n%s\nerror %q, want %q", tt.src, diff, gotErr, tt.wantErr)
		}
	}
	c, err := ReadCourse(fstest.MapFS{"course.yaml": {Data: []byte("languages: [en]\nconcepts:\n  - a\n  - b\n")}})
	if err != nil || !cmp.Equal(c.Concepts, []string{"a", "b"}) || c.conceptsLine != 2 {
		t.Errorf("concepts: %v at line %d, %v; want [a b] at line 2", c.Concepts, c.conceptsLine, err)
	}
	if c, err := ReadCourse(fstest.MapFS{}); err != nil || c.Languages != nil {
		t.Errorf("no file: %v, %v", c, err)
	}
}

// A solution the checker rejects is reported with the checker's words, so
// the author sees why without running the exercise.
func TestLintQuotesTheChecker(t *testing.T) {
	exs, errs := load(map[string]string{"x.md": file("kind: write\nchecks:\n  - method: ping", "\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "method": "ping"}`)+text)})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := lintStrings(exs, Course{})
	const prefix = "x.md:12: this solution fails the check on line 5: The message is valid for MCP revision 2025-11-25. (the checker says, line 1: "
	if len(got) != 1 || !strings.HasPrefix(got[0], prefix) || !strings.Contains(got[0], "`id`") {
		t.Errorf("got %q, want one problem starting %q and naming `id`", got, prefix)
	}
}
