package exercise

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The kinds of exercise, one entry each, as hugo registers its markup
// providers: the sections a kind's file has, how its kind-specific parts
// load, how an answer is graded, what the linter adds, which form the page
// shows and how that form's answer is encoded. Adding a kind is adding its
// entry here, its view (web/view), its words (internal/i18n), its template
// (templates/<kind>.md, templates.go), and their tests. The pages switch
// on the form; the few places that name a kind do so for what only it has
// (a choices form's items, the console of a live exercise, the check of a
// server), and a kind they do not name gets nothing of theirs.

// Form is what the exercise page shows for the learner to answer.
type Form string

// The forms of the exercise page.
const (
	FormEditor  Form = "editor"       // one message typed in the editor
	FormChoices Form = "choices"      // one choice per item
	FormConsole Form = "console"      // a session in the console
	FormServer  Form = "check-server" // the learner's own server, checked
	FormClient  Form = "check-client" // the learner's own client, checked
)

// AnswerShape is how the exercise page's form carries an answer of a
// kind, and how the page's script sends it: the pages and the script read
// it, never a kind's name.
type AnswerShape struct {
	// Fields is AnswerText (the editor's text, in the field "answer"),
	// AnswerChoices (one choice per item, in the fields item-1, item-2…,
	// sent as {"answers": [...]}) or AnswerElsewhere (no form: the console,
	// the check of a server).
	Fields string
	// Choice is how one choice is encoded in "answers": ChoiceString or
	// ChoiceNumber ("" for the other shapes).
	Choice string
	// Item is what one item of a choices answer is: ItemMessage or
	// ItemResponse ("" for the other shapes).
	Item string
}

// The fields and the choice encodings of an AnswerShape.
const (
	AnswerText      = "text"
	AnswerChoices   = "choices"
	AnswerElsewhere = "elsewhere"
	ChoiceString    = "string"
	ChoiceNumber    = "number"
)

var (
	textAnswer      = AnswerShape{Fields: AnswerText}
	messageChoices  = AnswerShape{Fields: AnswerChoices, Choice: ChoiceString, Item: ItemMessage}
	pairedResponses = AnswerShape{Fields: AnswerChoices, Choice: ChoiceNumber, Item: ItemResponse}
	answerElsewhere = AnswerShape{Fields: AnswerElsewhere}
)

// kindDef is one kind of exercise, whole.
type kindDef struct {
	kind   Kind
	form   Form
	answer AnswerShape
	// label is the kind's name for a learner; choiceForm lays out a
	// choices answer's items (nil for the other shapes).
	label      func(l i18n.Lang) string
	choiceForm func(e *Exercise, l i18n.Lang) ChoiceForm
	// sections says which JSON sections the file has (absent: never).
	sections map[string]need
	// server is whether the answer comes from the server (reply), so
	// the learner's message is the server's by default.
	server bool
	// byAnswer is whether the kind is graded by answer checks, one per
	// item; items counts them.
	byAnswer bool
	items    func(e *Exercise) int
	// load reads the front matter's kind-specific parts: choices, steps,
	// checks.
	load func(fl *fileLoader, ex *Exercise, m *meta)
	// solutions checks the solutions written, or derives one.
	solutions func(fl *fileLoader, ex *Exercise)
	grade     func(e *Exercise, answer string, lang i18n.Lang) Result
	// lint is what check-content adds for the kind (nil: nothing); an
	// exercise whose solution is a server is linted by servercheck
	// instead of being graded (external).
	lint     func(ex *Exercise) []error
	external bool
}

// kindDefs is the registry; Kinds lists every kind, in the order FORMAT.md
// presents them. Both are set once, in init: the entries' functions reach
// the registry again (an answer's items, a kind's form).
var (
	kindDefs []kindDef
	Kinds    []Kind
)

func messageSections(starter, request need) map[string]need {
	return map[string]need{secStarter: starter, secRequest: request, secSolution: required, secWrong: optional}
}

func init() {
	kindDefs = []kindDef{
		{kind: KindFix, form: FormEditor, answer: textAnswer, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindFix }), sections: messageSections(required, never), load: loadChecks, grade: (*Exercise).gradeMessage},
		{kind: KindWrite, form: FormEditor, answer: textAnswer, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindWrite }), sections: messageSections(optional, never), load: loadChecks, grade: (*Exercise).gradeMessage},
		{kind: KindClassify, form: FormChoices, answer: messageChoices, choiceForm: classifyForm,
			label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindClassify }), byAnswer: true, items: messageItems,
			sections: map[string]need{secMessages: required, secSolution: optional, secWrong: optional},
			load:     loadClassify, solutions: answerSolutions, grade: (*Exercise).gradeAnswers, lint: (*Exercise).lintKinds},
		{kind: KindReply, form: FormEditor, answer: textAnswer, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindReply }), server: true, sections: messageSections(optional, required),
			load: loadChecks, grade: (*Exercise).gradeMessage, lint: (*Exercise).lintReply},
		{kind: KindMatch, form: FormChoices, answer: pairedResponses, choiceForm: matchForm,
			label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindMatch }), byAnswer: true, items: func(e *Exercise) int { return len(e.Responses) },
			sections: map[string]need{secRequests: required, secResponses: required, secSolution: optional, secWrong: optional},
			load:     loadChecks, solutions: answerSolutions, grade: (*Exercise).gradeAnswers, lint: (*Exercise).lintPairs},
		{kind: KindLive, form: FormConsole, answer: answerElsewhere, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindLive }), sections: map[string]need{secSolution: required, secWrong: optional},
			load: loadChecks, solutions: liveSolutions, grade: (*Exercise).gradeLive},
		{kind: KindServer, form: FormServer, answer: answerElsewhere, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindServer }), sections: map[string]need{}, external: true,
			load: loadServer, grade: (*Exercise).gradeServer},
		{kind: KindLog, form: FormChoices, answer: messageChoices, choiceForm: logForm, label: logLabel, byAnswer: true, items: messageItems,
			sections: map[string]need{secLog: required, secSolution: optional, secWrong: optional},
			load:     loadLog, solutions: answerSolutions, grade: (*Exercise).gradeAnswers, lint: (*Exercise).lintLog},
		{kind: KindClient, form: FormClient, answer: answerElsewhere, label: labelOf(func(x *i18n.ExerciseUI) string { return x.KindClient }), sections: map[string]need{}, external: true,
			load: loadClient, grade: (*Exercise).gradeClient},
	}
	Kinds = kindList()
}

func kindList() []Kind {
	out := make([]Kind, len(kindDefs))
	for i, d := range kindDefs {
		out[i] = d.kind
	}
	return out
}

// def is the entry of kind k (nil for an unknown kind).
func def(k Kind) *kindDef {
	for i := range kindDefs {
		if kindDefs[i].kind == k {
			return &kindDefs[i]
		}
	}
	return nil
}

// kindNames writes the kinds for a person: "fix, write, … or log".
func kindNames(last string) string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}

// Form is what the exercise page shows for an exercise of this kind.
func (k Kind) Form() Form {
	if d := def(k); d != nil {
		return d.form
	}
	return FormEditor
}

// Answer is the shape of an answer of this kind on the exercise page
// (text for an unknown kind).
func (k Kind) Answer() AnswerShape {
	if d := def(k); d != nil {
		return d.answer
	}
	return textAnswer
}

// External reports whether an exercise of this kind is checked against
// the learner's own program, never graded from a stored answer.
func (k Kind) External() bool {
	d := def(k)
	return d != nil && d.external
}

// IsMessage reports whether the learner's answer is one JSON-RPC message
// typed in the editor (fix, write, reply), rather than choices or a session.
func (k Kind) IsMessage() bool { return k.Form() == FormEditor }

// Items is the number of answers a classify, match or log exercise expects
// (one per message, or per response); 0 for the other kinds.
func (e *Exercise) Items() int {
	if d := def(e.Kind); d != nil && d.items != nil {
		return d.items(e)
	}
	return 0
}

func messageItems(e *Exercise) int { return len(e.Messages) }

// FormAnswer encodes an answer posted by the exercise page's form as Grade
// takes it: the editor's text, or {"answers": [...]} from the fields
// item-1, item-2… ok is false when a choice is missing or malformed.
func (e *Exercise) FormAnswer(form url.Values) (string, bool) {
	shape := e.Kind.Answer()
	if shape.Fields != AnswerChoices {
		return form.Get("answer"), true
	}
	vals := make([]string, e.Items())
	for i := range vals {
		v := strings.TrimSpace(form.Get(fmt.Sprintf("item-%d", i+1)))
		if v == "" {
			return "", false
		}
		if shape.Choice != ChoiceNumber {
			vals[i] = strconv.Quote(v)
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return "", false
		}
		vals[i] = strconv.Itoa(n)
	}
	return `{"answers": [` + strings.Join(vals, ", ") + `]}`, true
}

// The kinds' load hooks: each reads the parts of the front matter its kind
// has, and refuses those of the other kinds.

func loadChecks(fl *fileLoader, ex *Exercise, m *meta) {
	fl.noChoices(m)
	fl.noSteps(m)
	fl.checks(ex, m.Checks)
}

func loadClassify(fl *fileLoader, ex *Exercise, m *meta) {
	fl.choices(ex, m.Choices)
	fl.noSteps(m)
	fl.checks(ex, m.Checks)
}

func loadLog(fl *fileLoader, ex *Exercise, m *meta) {
	fl.logChoices(ex, m.Choices)
	fl.noSteps(m)
	fl.checks(ex, m.Checks)
	fl.logChecks(ex)
}

func loadServer(fl *fileLoader, ex *Exercise, m *meta) {
	fl.noChoices(m)
	fl.steps(ex, m)
}

func (fl *fileLoader) noChoices(m *meta) {
	if len(m.Choices) > 0 {
		fl.errf(fl.lineOf("choices"), "choices belong to classify and log exercises only")
	}
}

func (fl *fileLoader) noSteps(m *meta) {
	if len(m.Steps) > 0 || m.Revisions != nil || len(m.Mistakes) > 0 {
		fl.errf(fl.lineOf("steps"), "steps, revisions and mistakes belong to server and client exercises only")
	}
}

// gradeServer: a server exercise is graded by check-server, never from an
// answer.
func (e *Exercise) gradeServer(_ string, lang i18n.Lang) Result {
	return Result{Report: emptyReport(e.Protocol), Checks: []CheckResult{}, Problem: problems["server"][idx(lang)]}
}
