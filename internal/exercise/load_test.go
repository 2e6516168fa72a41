package exercise

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

const pingSolution = "\n# Solution\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}\n```\n"

// A mistake in a file is reported at its line, with what to do, and every
// mistake of a file is reported at once.
// A table: one broken file a row, and the errors it must get.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"no front matter", "# en: T\n", []string{`x.md:1: the file must start with front matter: a line "---", YAML fields, and another "---" line`}},
		{"unknown field", file("kind: write\nsolution_afer: 2\nchecks:\n  - method: ping", pingSolution+text),
			[]string{`x.md:5: front matter: unknown field "solution_afer"`}},
		{"unquoted colon in feedback", file("kind: write\nchecks:\n  - method: ping\n    feedback:\n      en: Write `\"id\": 1` here", pingSolution+text),
			[]string{`x.md:8: front matter: mapping value is not allowed in this context (a text that holds ": " or starts with ` + "`" + ` must be quoted: '…' or "…")`}},
		{"id, lesson, protocol, sender, solution_after", "---\nid: Y\nlesson: nowhere\nkind: write\nprotocol: 2024-11-05\nsender: host\nsolution_after: -1\nchecks:\n  - method: ping\n---\n" + pingSolution + text,
			[]string{
				`x.md:2: id "Y": use lower-case letters, digits and dashes, such as tools-fix-call-params`,
				`x.md:3: lesson "nowhere" does not exist: use the slug of a lesson (the end of its file name)`,
				`x.md:5: protocol "2024-11-05" is not a known MCP revision (2025-06-18, 2025-11-25, 2026-07-28)`,
				`x.md:6: sender is client or server, not "host"`,
				`x.md:7: solution_after is a number of failed attempts, from 0 up (0: only after passing)`,
			}},
		{"id and file name", strings.Replace(file("kind: write\nchecks:\n  - method: ping", pingSolution+text), "id: x", "id: y", 1),
			[]string{`x.md:2: id "y" does not match the file name: name the file y.md`}},
		{"unknown kind", file("kind: quiz\nchecks:\n  - method: ping", pingSolution+text),
			[]string{`x.md:4: kind "quiz" is not one of fix, write, classify, reply, match, live, server, log, client`}},
		{"sections", file("kind: fix\nchecks:\n  - method: ping", "\nSome words.\n\n# Messages\n\n"+jsonBlock("{}")+"\n# Solutions\n\n# de: Titel\n\n# en:\n"+pingSolution),
			[]string{
				`x.md:1: a fix exercise needs a # Starter section (see FORMAT.md)`,
				`x.md:1: the exercise has no text: add a section "# en: Title" (and "# fr: Titre") with the statement`,
				`x.md:9: text before the first section: start with a heading such as "# Starter" or "# en: Title" (see FORMAT.md)`,
				`x.md:11: a fix exercise has no # Messages section`,
				`x.md:17: unknown section "Solutions": the sections are # Starter, # Request, # Messages, # Requests, # Responses, # Solution, # Wrong, and # en: Title / # fr: Titre for the text`,
				`x.md:19: unknown language "de": the languages are en and fr`,
				`x.md:21: the exercise's title is missing: write it after the colon, as in "# en: Repair the tool call"`,
			}},
		// The unclosed block swallows the text after it, as Markdown would.
		{"blocks", file("kind: fix\nchecks:\n  - method: ping", "\n# Starter\n\n```js\n{}\n```\n\n# Solution\n\n```json\n{\"jsonrpc\": \"2.0\",\n \"id\": 1,,\n \"method\": \"ping\"}\n```\n\n# Wrong\n\n```json\n{"+text),
			[]string{
				`x.md:1: the exercise has no text: add a section "# en: Title" (and "# fr: Titre") with the statement`,
				`x.md:11: mark this block as JSON: write ` + "```json" + ` on its first line`,
				// The rest is the checker's explanation, which is its own.
				`x.md:19: this solution is not valid JSON (column 10): …`,
				`x.md:25: this code block is never closed: end it with a line holding only ` + "```",
			}},
		{"statement and hints", file("kind: write\nchecks:\n  - method: ping", pingSolution+"\n# en: T\n\n## Hints\n\n1. One\n\nNot a hint.\n\n# fr: T\n\nFaites-le.\n\n## Indices\n"),
			[]string{
				`x.md:15: the statement is missing: write what the learner must do under this heading`,
				`x.md:21: after "## Hints" only a numbered list may follow (1. …, 2. …); indent a hint's next lines`,
				`x.md:27: this hints heading has no hints: add a numbered list, or remove the heading`,
			}},
		{"reply needs a request", file("kind: reply\nchecks:\n  - kind: error", "\n# Request\n\n"+jsonBlock(`{"jsonrpc": "2.0", "method": "notifications/initialized"}`)+pingSolution+text),
			[]string{`x.md:12: the request must be a request: an object with an id and a method`}},
		{"checks", file(`kind: write
checks:
  - method: ping
    kind: request
  - colour: red
  - equals: 1
  - equals: 1
    at: params/name
  - kind: answer
  - type: float
    at: /id
  - id: same
  - result_shape: tools/lst
  - present: ""
  - method: ping
    item: 2
    message: {from: client}
    feedback: {de: Hallo}
  - just text`, pingSolution+text),
			[]string{
				`x.md:7: one rule per check: this check has both "method" and "kind"; make them two items of the list`,
				`x.md:8: unknown key "colour" in a check: the rules are valid, kind, method, equals, present, absent, type, id, result_shape, answer, not_empty, one_of, none_of, only_members, same_as, differs_from, mentions, uri, base64, includes; a check may also have at, item, message, feedback, hint, of, after, before and nothing_after`,
				`x.md:9: equals needs at: the JSON Pointer of the value to look at, such as "at: /params/name"`,
				`x.md:11: at must be a JSON Pointer: "" or a path starting with /, such as /params/name (write ~1 for a / inside a key, ~0 for a ~)`,
				`x.md:12: kind is request, notification, response (a success response) or error (an error response), not "answer"`,
				`x.md:13: type is one of string, number, integer, boolean, null, object, array, not "float"`,
				`x.md:15: id: same compares with the given request: only reply and server exercises have one`,
				`x.md:16: "tools/lst" is not a request with a result in revision 2025-11-25`,
				`x.md:17: present needs a pointer inside the message, such as /params/arguments; "" is the whole message`,
				`x.md:19: item goes with answer checks only`,
				`x.md:20: message selects messages of a live exchange: only live exercises use it`,
				`x.md:21: feedback: unknown language "de": the languages are en and fr`,
				`x.md:22: a check is a rule and its value, such as "- method: tools/call"; got "just text"`,
			}},
		{"content checks", file(`kind: write
checks:
  - mentions: []
    at: /result/content/0/text
  - mentions: ["", "…"]
    at: /result/content/0/text
  - mentions: {pattern: "(budget"}
    at: /result/content/0/text
  - mentions: {pattern: "x*"}
    at: /result/content/0/text
  - mentions: {regexp: budget}
    at: /result/content/0/text
  - mentions: [budget]
  - uri: /home/ada/gift-lists
    at: /result/roots/0/uri
  - uri: [file:///a, "gift lists"]
    at: /result/roots/0/uri
  - uri: 3
    at: /result/roots/0/uri
  - base64: 3
  - includes: "text"
    at: /result/content/0
  - includes: {}
    at: /result/content/0`, pingSolution+text),
			[]string{
				`x.md:6: mentions needs 1 to 50 words or phrases (in every language the learner may answer in); got 0`,
				`x.md:8: mentions: "" is not a word: write letters or digits (quote a number)`,
				"x.md:10: mentions: the pattern is not a regular expression: error parsing regexp: missing closing ): `(budget`",
				`x.md:12: mentions: the pattern "x*" matches an empty text, so it matches every text`,
				`x.md:14: mentions takes a list of words, such as "mentions: [category, catégorie]", or a pattern: "mentions: {pattern: '\\d+ ?€'}"`,
				`x.md:16: mentions needs at: the JSON Pointer of the value to look at, such as "at: /params/name"`,
				`x.md:17: uri: "/home/ada/gift-lists" is not an absolute URI: it needs a scheme (file:, https:, gift:…) and no spaces`,
				`x.md:19: uri: "gift lists" is not an absolute URI: it needs a scheme (file:, https:, gift:…) and no spaces`,
				`x.md:21: uri takes a URI, such as "uri: file:///home/ada/gift-lists", or a list of equivalent choices`,
				`x.md:23: base64 takes a JSON Pointer, such as "base64: /params/arguments"`,
				`x.md:24: includes compares objects member by member, such as "includes: {type: text, text: Hello}"; for "text", use equals`,
				`x.md:26: includes compares objects member by member, such as "includes: {type: text, text: Hello}"; for {}, use equals`,
			}},
		{"no checks", file("kind: write", pingSolution+text), []string{`x.md:1: checks are missing: list what a right answer must satisfy (see FORMAT.md)`}},
		{"classify", file(`kind: classify
choices:
  - request
  - maybe
  - value: tool-error
  - value: request
    label: {en: Again}
checks:
  - answer: response
    item: 1
  - method: ping`, "\n# Messages\n\n"+jsonBlock("{}")+"\n"+jsonBlock("{}")+text),
			[]string{
				`x.md:7: choice "maybe": a choice written alone is one of request, notification, response, error, invalid; write others as {value: …, label: {en: …, fr: …}}`,
				`x.md:8: choice "tool-error" needs a label: {en: …, fr: …} (only request, notification, response, error and invalid have one built in)`,
				`x.md:9: choice "request" is listed twice`,
				`x.md:11: message 2 has no answer check: add "- answer: …" with "item: 2"`,
				`x.md:12: the answer must be one of the choices' values (request, tool-error)`,
				`x.md:14: a classify exercise is graded by answer checks only (one per item)`,
			}},
		{"match", strings.Replace(strings.Replace(matchFile, `"id": 8, "method": "ping"`, `"id": 7.0, "method": "ping"`, 1), "answer: 0\n    item: 2", "answer: 5\n    item: 2", 1),
			[]string{
				`x.md:8: the answer is the number of the request this response answers, from 1 to 2, or 0 for none of them`,
				`x.md:22: request 2 has the same id as request 1: each response could then answer both`,
			}},
		{"links", file("kind: write\nchecks:\n  - method: ping", pingSolution+"\n# en: T\n\nSee [the lesson](/en/lessons/nowhere), [that exercise](/fr/exercises/gone) and [this one](/en/exercises/x).\n"),
			[]string{
				`x.md:17: link to "/en/lessons/nowhere": there is no lesson with that slug`,
				`x.md:17: link to "/fr/exercises/gone": there is no exercise with that id`,
			}},
		{"a bad callout", file("kind: write\nchecks:\n  - method: ping", pingSolution+"\n# en: T\n\n> [!TIP]\n> Hello.\n"),
			[]string{`x.md:17: unknown callout [!TIP]: use [!NOTE], [!MISTAKE], [!SPEC] or [!CHECK]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := load(map[string]string{"x.md": tt.src})
			got = matchPrefixes(tt.want, got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// What a well-formed file becomes.
func TestLoadFields(t *testing.T) {
	ex := mustLoad(t, file(`kind: reply
protocol: 2025-06-18
order: 4
solution_after: 0
checks:
  - id: same`, "\n# Request\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": "a", "method": "ping"}`)+
		"\n# Solution\n\nThe usual answer.\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": "a", "result": {}}`)+
		"\n# Solution\n\n"+jsonBlock(`{"id": "a", "result": {}, "jsonrpc": "2.0"}`)+`
# en: Answer a ping

Answer the **ping** below.

## Hints

1. A ping gets an empty result.
2. Keep the id:
   the same value, the same type.

# fr: Répondez à un ping

Répondez au **ping** ci-dessous.

## Indices

1. Un ping reçoit un résultat vide.
2. Gardez l’id.
`))
	type summary struct {
		ID, Lesson, Protocol, Sender, Starter, Request string
		Kind                                           Kind
		Order, SolutionAfter                           int
		Solutions, Checks, Titles, Statements, Hints   []string
	}
	got := summary{ID: ex.ID, Lesson: ex.Lesson, Protocol: ex.Protocol, Sender: ex.Sender, Starter: ex.Starter, Request: ex.Request,
		Kind: ex.Kind, Order: ex.Order, SolutionAfter: ex.SolutionAfter, Solutions: ex.Solutions}
	for _, c := range ex.Checks {
		got.Checks = append(got.Checks, c.ID)
	}
	for _, l := range i18n.All {
		tx := ex.TextIn(l)
		got.Titles = append(got.Titles, tx.Title)
		got.Statements = append(got.Statements, string(tx.Statement))
		for _, h := range tx.Hints {
			got.Hints = append(got.Hints, string(h))
		}
	}
	want := summary{
		ID: "x", Lesson: "tools", Protocol: "2025-06-18", Sender: "server", Request: `{"jsonrpc": "2.0", "id": "a", "method": "ping"}`,
		Kind: KindReply, Order: 4, SolutionAfter: 0,
		Solutions:  []string{`{"jsonrpc": "2.0", "id": "a", "result": {}}`, `{"id": "a", "result": {}, "jsonrpc": "2.0"}`},
		Checks:     []string{"valid", "id"},
		Titles:     []string{"Answer a ping", "Répondez à un ping"},
		Statements: []string{"<p>Answer the <strong>ping</strong> below.</p>\n", "<p>Répondez au <strong>ping</strong> ci-dessous.</p>\n"},
		Hints: []string{"<p>A ping gets an empty result.</p>\n", "<p>Keep the id:\nthe same value, the same type.</p>\n",
			"<p>Un ping reçoit un résultat vide.</p>\n", "<p>Gardez l’id.</p>\n"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if !ex.Checks[0].Implicit || ex.Checks[1].Implicit {
		t.Error("only the first check is implicit")
	}
}

func TestLoadSkipsOtherFiles(t *testing.T) {
	exs, errs := load(map[string]string{
		"x.md":        file("kind: write\nchecks:\n  - method: ping", pingSolution+text),
		"README.md":   "# Exercises\n",
		"course.yaml": "languages: [en]\n",
		"notes.txt":   "hello",
	})
	if len(errs) > 0 || len(exs) != 1 {
		t.Errorf("got %d exercises, errors %v", len(exs), errs)
	}
	// A single-language exercise falls back to the language it has.
	if got := exs[0].TextIn(i18n.FR).Title; got != "Title" {
		t.Errorf("TextIn(fr).Title = %q", got)
	}
}

// matchPrefixes replaces each got[i] by want[i] when want[i] ends with "…"
// and got[i] starts with the rest of it.
func matchPrefixes(want, got []string) []string {
	out := append([]string(nil), got...)
	for i := range out {
		if i < len(want) && strings.HasSuffix(want[i], "…") && strings.HasPrefix(out[i], strings.TrimSuffix(want[i], "…")) {
			out[i] = want[i]
		}
	}
	return out
}
