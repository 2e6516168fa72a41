package exercise

import (
	"encoding/json"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

func bundled(t testing.TB, id string) *Exercise {
	t.Helper()
	exs, err := Load(exercises.FS, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		if ex.ID == id {
			return ex
		}
	}
	t.Fatalf("no bundled exercise %q", id)
	return nil
}

// Each kind graded end to end: which checks fail on which answer.
func TestGradeKinds(t *testing.T) {
	fix := bundled(t, "tools-fix-call-params")
	reply := bundled(t, "errors-reply-unknown-method")
	classify := bundled(t, "notifications-classify-no-id")
	tests := []struct {
		name   string
		ex     *Exercise
		answer string
		failed []string // ids of the failed checks, in order
	}{
		{"fix: the starter", fix, fix.Starter, []string{"valid", "equals:/params/name", "type:/params/arguments", "equals:/params/arguments/budget", "absent:/params/tool", "absent:/params/args", "only_members:/params", "equals:/params/arguments/occasion"}},
		{"fix: the solution", fix, fix.Solutions[0], nil},
		{"fix: the solution on one line, keys reordered", fix,
			`{"params":{"arguments":{"budget":40.0,"occasion":"birthday"},"name":"suggest_gifts"},"method":"tools/call","id":"any-id","jsonrpc":"2.0"}`, nil},
		// args is only a warning for the checker (a receiver ignores it): the
		// exercise's absent check is what fails it.
		{"fix: half repaired", fix, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"suggest_gifts","args":{"occasion":"birthday","budget":40}}}`,
			[]string{"type:/params/arguments", "equals:/params/arguments/budget", "absent:/params/args", "only_members:/params", "equals:/params/arguments/occasion"}},
		{"fix: a trailing comma", fix, strings.Replace(fix.Solutions[0], `"budget": 40`, `"budget": 40,`, 1), []string{"valid"}},
		{"fix: empty", fix, "", []string{"valid", "kind", "method", "equals:/params/name", "type:/params/arguments", "equals:/params/arguments/budget", "absent:/params/tool", "absent:/params/args", "only_members:/params", "equals:/params/arguments/occasion"}},
		{"reply: the solution", reply, reply.Solutions[0], nil},
		// The checker compares an error's id with the request's even when
		// the request's method does not exist, so "valid" fails too.
		{"reply: another id", reply, `{"jsonrpc":"2.0","id":13,"error":{"code":-32601,"message":"Method not found"}}`, []string{"valid", "id"}},
		{"reply: the id as a string", reply, `{"jsonrpc":"2.0","id":"12","error":{"code":-32601,"message":"Method not found"}}`, []string{"valid", "id"}},
		{"reply: a result", reply, `{"jsonrpc":"2.0","id":12,"result":{}}`, []string{"kind", "equals:/error/code", "not_empty:/error/message", "absent:/result"}},
		{"classify: right", classify, `{"answers": ["notification", "request", "invalid"]}`, nil},
		{"classify: one wrong", classify, `{"answers": ["notification", "notification", "invalid"]}`, []string{"answer:2"}},
		{"classify: too few answers", classify, `{"answers": ["notification"]}`, []string{"answer:1", "answer:2", "answer:3"}},
		{"classify: not JSON", classify, `notification`, []string{"answer:1", "answer:2", "answer:3"}},
		{"classify: a number for a choice", classify, `{"answers": [1, "request", "invalid"]}`, []string{"answer:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.ex.Grade(tt.answer, i18n.EN)
			if diff := cmp.Diff(tt.failed, failed(res)); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
			if res.Passed != (len(tt.failed) == 0) {
				t.Errorf("Passed = %v with %d failed checks", res.Passed, len(tt.failed))
			}
		})
	}
}

// A reply to a request whose method does not exist: the checker is given
// the request, finds nothing to say about a right -32601, compares the ids,
// and warns that a success response cannot be checked against the method.
func TestReplyToUnknownMethodReport(t *testing.T) {
	ex := bundled(t, "errors-reply-unknown-method")
	tests := []struct {
		answer string
		codes  []string
	}{
		{ex.Solutions[0], []string{"jsonrpc.error.code.standard"}},
		{`{"jsonrpc":"2.0","id":13,"error":{"code":-32601,"message":"Method not found"}}`, []string{"jsonrpc.id.mismatch", "jsonrpc.error.code.standard"}},
		{`{"jsonrpc":"2.0","id":12,"result":{}}`, []string{"grader.request.unusable"}},
	}
	for _, tt := range tests {
		var codes []string
		for _, d := range ex.Grade(tt.answer, i18n.EN).Report.Diagnostics {
			codes = append(codes, d.Code)
		}
		if diff := cmp.Diff(tt.codes, codes); diff != "" {
			t.Errorf("%s: diagnostics (-want +got):\n%s", tt.answer, diff)
		}
	}
}

// A wrong choice brings that choice's feedback, after the feedback of the
// item's check when it has one; an unreadable answer says why; the report of
// a classify answer has no diagnostics.
func TestClassifyFeedback(t *testing.T) {
	ex := bundled(t, "notifications-classify-no-id")
	res := ex.Grade(`{"answers": ["request", "request", "notification"]}`, i18n.FR)
	got := []string{result(t, res, "answer:1").Feedback, result(t, res, "answer:3").Feedback}
	want := []string{
		"Une requête porte un `id`, chaîne ou entier, pour que sa réponse retrouve son chemin. `null` n’est pas permis.",
		"Écrire `\"id\": null` ne transforme pas un message en notification. Une notification n’a aucun membre `id`, pas même `null`.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("feedback (-want +got):\n%s", diff)
	}
	if res.Problem != "" || len(res.Report.Diagnostics) != 0 || res.Report.Protocol != "2025-11-25" {
		t.Errorf("Problem %q, Report %+v", res.Problem, res.Report)
	}
	if got := ex.Grade(`{"answers": "notification"}`, i18n.FR).Problem; !strings.HasPrefix(got, "La réponse n’a pas pu être lue") {
		t.Errorf("Problem = %q", got)
	}
	// The labels are there in both languages, built in.
	var labels []string
	for _, ch := range ex.TextIn(i18n.FR).Choices {
		labels = append(labels, ch.Value+"="+string(ch.Label))
	}
	if diff := cmp.Diff([]string{"request=Une requête", "notification=Une notification", "response=Une réponse de succès (<code>result</code>)", "invalid=Pas un message valide"}, labels); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
}

// The feedback of a wrong answer: the item's check first (it knows the
// message), then the choice's (it knows the choice), each when it exists.
func TestClassifyFeedbackOrder(t *testing.T) {
	ex := mustLoad(t, file(`kind: classify
choices:
  - request
  - value: notification
    feedback: {en: A notification has no id.}
checks:
  - answer: request
    item: 1
    feedback: {en: Look at the id of message 1.}
  - answer: request
    item: 2`, "\n# Messages\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+"\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 2, "method": "ping"}`)+text))
	tests := []struct {
		answer string
		want   []string // feedback of answer:1 and answer:2
	}{
		{`{"answers": ["notification", "notification"]}`, []string{"Look at the id of message 1. A notification has no id.", "A notification has no id."}},
		{`{"answers": ["request", "notification"]}`, []string{"", "A notification has no id."}},
		{`{"answers": ["other", "other"]}`, []string{"Look at the id of message 1.", ""}},
		{`{"answers": [1, 2]}`, []string{"Look at the id of message 1.", ""}},
	}
	for _, tt := range tests {
		res := ex.Grade(tt.answer, i18n.EN)
		got := []string{result(t, res, "answer:1").Feedback, result(t, res, "answer:2").Feedback}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: feedback (-want +got):\n%s", tt.answer, diff)
		}
	}
}

const matchFile = `---
id: x
lesson: requests
kind: match
checks:
  - answer: 2
    item: 1
  - answer: 0
    item: 2
    feedback: {en: 'This id is the string "7".'}
  - answer: 1
    item: 3
---

# Requests

` + fence + `json
{"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
` + fence + `

` + fence + `json
{"jsonrpc": "2.0", "id": 8, "method": "ping"}
` + fence + `

# Responses

` + fence + `json
{"jsonrpc": "2.0", "id": 8, "result": {}}
` + fence + `

` + fence + `json
{"jsonrpc": "2.0", "id": "7", "error": {"code": -32600, "message": "Invalid Request"}}
` + fence + `

` + fence + `json
{"jsonrpc": "2.0", "id": 7, "result": {"tools": []}}
` + fence + `

# en: Who answers whom?

Pair each response with its request.
`

func TestMatch(t *testing.T) {
	ex := mustLoad(t, matchFile)
	if diff := cmp.Diff([]string{`{"answers":["2","0","1"]}`}, ex.Solutions); diff == "" {
		t.Errorf("the derived solution holds strings: %v", ex.Solutions)
	}
	var sol struct{ Answers []int }
	if err := json.Unmarshal([]byte(ex.Solutions[0]), &sol); err != nil || !cmp.Equal([]int{2, 0, 1}, sol.Answers) {
		t.Errorf("derived solution %s (%v)", ex.Solutions[0], err)
	}
	tests := []struct {
		answer string
		failed []string
	}{
		{`{"answers": [2, 0, 1]}`, nil},
		{`{"answers": [2, 1, 1]}`, []string{"answer:2"}},
		{`{"answers": ["2", 0, 1]}`, []string{"answer:1"}},
		{`{"answers": [2, 0]}`, []string{"answer:1", "answer:2", "answer:3"}},
	}
	for _, tt := range tests {
		res := ex.Grade(tt.answer, i18n.EN)
		if diff := cmp.Diff(tt.failed, failed(res)); diff != "" {
			t.Errorf("%s: failed checks (-want +got):\n%s", tt.answer, diff)
		}
	}
	if got := result(t, ex.Grade(`{"answers": [2, 1, 1]}`, i18n.EN), "answer:2"); got.Feedback != `This id is the string "7".` || got.Message != "Response 2: paired with the right request." {
		t.Errorf("answer:2 = %+v", got)
	}
	if errs := Lint([]*Exercise{ex}, Course{}); len(errs) != 0 {
		t.Errorf("Lint: %v", errs)
	}
}

const liveFile = `---
id: x
lesson: tools
kind: live
checks:
  - method: tools/call
  - equals: suggest_gifts
    at: /params/name
    message: {method: tools/call}
  - kind: response
    message: {answers: tools/call}
  - valid: true
---

# Solution

` + fence + `json
{"exchange": [
  {"from": "client", "message": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}}},
  {"from": "client", "message": {"jsonrpc": "2.0", "method": "notifications/initialized"}},
  {"from": "client", "message": {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "suggest_gifts", "arguments": {"occasion": "birthday", "budget": 40}}}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "A board game"}]}}}
]}
` + fence + `

# en: Ask for gift ideas

Call suggest_gifts from the console.
`

func TestLive(t *testing.T) {
	ex := mustLoad(t, liveFile)
	sol := ex.Solutions[0]
	tests := []struct {
		name   string
		answer string
		failed []string
	}{
		{"the solution", sol, nil},
		{"an error instead of a result", strings.Replace(sol, `"id": 2, "result": {"content": [{"type": "text", "text": "A board game"}]}`, `"id": 2, "error": {"code": -32602, "message": "Unknown tool"}`, 1),
			[]string{"kind:response"}},
		{"the wrong tool", strings.Replace(sol, `"name": "suggest_gifts"`, `"name": "suggest_gift"`, 1), []string{"equals:/params/name"}},
		{"the response answers another id", strings.Replace(sol, `"id": 2, "result"`, `"id": 3, "result"`, 1), []string{"kind:response"}},
		{"the server sent the tools/call", strings.Replace(sol, `{"from": "client", "message": {"jsonrpc": "2.0", "id": 2`, `{"from": "server", "message": {"jsonrpc": "2.0", "id": 2`, 1),
			[]string{"method", "equals:/params/name", "kind:response"}},
		{"a message that is not JSON is still graded", `{"exchange": [{"from": "client", "message": "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\""}]}`,
			[]string{"method", "equals:/params/name", "kind:response", "valid"}},
		{"an empty session", `{"exchange": []}`, []string{"method", "equals:/params/name", "kind:response"}},
		{"not a session", `[]`, []string{"method", "equals:/params/name", "kind:response"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ex.Grade(tt.answer, i18n.EN)
			if diff := cmp.Diff(tt.failed, failed(res)); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
	got := result(t, ex.Grade(sol, i18n.FR), "equals:/params/name")
	want := CheckResult{ID: "equals:/params/name", Passed: true, Pointer: "/exchange/3/message/params/name", Line: 5, Column: 104,
		Message: "Un message `tools/call` que vous avez envoyé\u00a0: `params.name` vaut `\"suggest_gifts\"`."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if errs := Lint([]*Exercise{ex}, Course{}); len(errs) != 0 {
		t.Errorf("Lint: %v", errs)
	}
}

// Every kind is one entry of the registry, whole: a form, a loader and a
// grader, and the JSON sections FORMAT.md's table gives it.
func TestKindEntries(t *testing.T) {
	for _, k := range Kinds {
		d := def(k)
		if d == nil || d.form == "" || d.load == nil || d.grade == nil || d.sections == nil {
			t.Errorf("kind %s: incomplete entry %+v", k, d)
			continue
		}
		if d.byAnswer != (d.items != nil) || d.byAnswer != (k.Form() == FormChoices) {
			t.Errorf("kind %s: byAnswer %v, items %v, form %s disagree", k, d.byAnswer, d.items != nil, d.form)
		}
		// The page's script reads the shape, never the kind: every kind
		// says how its answer is sent, and a choice how it is encoded.
		shape := k.Answer()
		wantFields := map[Form]string{FormEditor: AnswerText, FormChoices: AnswerChoices}[d.form]
		if wantFields == "" {
			wantFields = AnswerElsewhere
		}
		if shape.Fields != wantFields || (shape.Fields == AnswerChoices) != (shape.Choice == ChoiceString || shape.Choice == ChoiceNumber) {
			t.Errorf("kind %s (form %s): answer shape %+v", k, d.form, shape)
		}
	}
	// An answer a choices kind cannot read says what it expected.
	for _, k := range Kinds {
		if k.Answer().Fields == AnswerChoices && (problems[string(k)][0] == "" || problems[string(k)][1] == "") {
			t.Errorf("kind %s: no words for an answer it cannot read", k)
		}
	}
	if def("quiz") != nil || Kind("quiz").Form() != FormEditor {
		t.Error("an unknown kind has an entry")
	}
	src, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	start := strings.Index(doc, "| section | holds |")
	if start < 0 {
		t.Fatal("FORMAT.md has no sections table")
	}
	lines := strings.Split(doc[start:], "\n")
	header := cells(lines[0])
	words := map[string]need{"required": required, "optional": optional, "derived": optional, "–": never}
	rows := 0
	for _, line := range lines[2:] {
		if !strings.HasPrefix(line, "| `# ") {
			break
		}
		row := cells(line)
		name := strings.TrimSuffix(strings.TrimPrefix(row[0], "`# "), "`")
		for col := 2; col < len(header) && col < len(row); col++ {
			d := def(Kind(header[col]))
			want, known := words[row[col]]
			if d == nil || !known {
				continue
			}
			rows++
			if got := d.sections[name]; got != want {
				t.Errorf("FORMAT.md says # %s is %q in %s; the entry says %d", name, row[col], header[col], got)
			}
		}
	}
	if rows < 30 {
		t.Errorf("only %d cells of the sections table read", rows)
	}
}

func cells(line string) []string {
	parts := strings.Split(strings.Trim(line, "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// A posted form becomes the answer Grade takes: the editor's text, or one
// answer per item (a number for match, a quoted choice otherwise).
func TestFormAnswer(t *testing.T) {
	fix := bundled(t, "tools-fix-call-params")
	classify := bundled(t, "notifications-classify-no-id")
	var match *Exercise
	exs, err := Load(exercises.FS, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		if ex.Kind == KindMatch && ex.Items() >= 2 && match == nil {
			match = ex
		}
	}
	form := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	matchForm := form()
	want := make([]string, match.Items())
	for i := range want {
		matchForm.Set("item-"+strconv.Itoa(i+1), strconv.Itoa(i))
		want[i] = strconv.Itoa(i)
	}
	tests := []struct {
		name string
		ex   *Exercise
		form url.Values
		want string
		ok   bool
	}{
		{"the editor", fix, form("answer", `{"jsonrpc": "2.0"}`), `{"jsonrpc": "2.0"}`, true},
		{"choices", classify, form("item-1", "notification", "item-2", " request ", "item-3", `in"valid`), `{"answers": ["notification", "request", "in\"valid"]}`, true},
		{"a choice missing", classify, form("item-1", "notification", "item-3", "invalid"), "", false},
		{"match: numbers", match, matchForm, `{"answers": [` + strings.Join(want, ", ") + `]}`, true},
		{"match: not a number", match, form("item-1", "two"), "", false},
	}
	for _, tt := range tests {
		got, ok := tt.ex.FormAnswer(tt.form)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: got %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}
