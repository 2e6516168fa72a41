package exercise

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// What a kind's entry says to the pages: its name for a learner, and for
// a choices answer the items, their options and the words of a wrong pick.
// The pages lay these out without knowing which kind they come from.

// ChoiceForm is a choices answer as the exercise page lays it out in one
// language: what is given before the items, and each item with its
// options.
type ChoiceForm struct {
	// GivenTitle heads the messages shown, numbered, before the items (a
	// match's requests); GivenLabels names each of Given.
	GivenTitle  string
	Given       []string
	GivenLabels []string
	Items       []ChoiceItem
}

// ChoiceItem is one item to answer: a message to classify or to judge, a
// response to pair with its request.
type ChoiceItem struct {
	Text    string // the message, as JSON
	Label   string // what the learner is asked: "Message 1 is…"
	Options []Choice
	// Select is a drop-down list rather than radio buttons.
	Select bool
	// Default is the option chosen until the learner picks ("": none).
	Default string
}

// Item nouns of an AnswerShape: what one item of a choices answer is.
const (
	ItemMessage  = "message"
	ItemResponse = "response"
)

// Label is the kind's name for a learner ("Fix the message"), or the
// kind itself when it has no entry.
func (k Kind) Label(l i18n.Lang) string {
	if d := def(k); d != nil && d.label != nil {
		return d.label(l)
	}
	return string(k)
}

// ChoiceForm lays out the items of a choices exercise in language l (the
// zero ChoiceForm for the other kinds).
func (e *Exercise) ChoiceForm(l i18n.Lang) ChoiceForm {
	if d := def(e.Kind); d != nil && d.choiceForm != nil {
		return d.choiceForm(e, l)
	}
	return ChoiceForm{}
}

// PickWords says, as safe HTML, what the learner picked for item i (from
// 0) of a choices exercise, without naming the right answer: "Message 2:
// you chose “A request”…".
func (e *Exercise) PickWords(l i18n.Lang, i int, picked string) template.HTML {
	x := i18n.ExerciseFor(l)
	f := e.ChoiceForm(l)
	if i < 0 || i >= len(f.Items) {
		return ""
	}
	if e.Kind.Answer().Item == ItemResponse {
		if picked == "0" {
			return InlineHTML(fmt.Sprintf(x.WrongPairNone, i+1))
		}
		return InlineHTML(fmt.Sprintf(x.WrongPair, i+1, picked))
	}
	for _, ch := range f.Items[i].Options {
		if ch.Value == picked {
			// The label is HTML already: escape the sentence around it.
			before, after, _ := strings.Cut(fmt.Sprintf(x.WrongChoice, i+1, "\x00"), "\x00")
			return template.HTML(html.EscapeString(before) + string(ch.Label) + html.EscapeString(after)) //nolint:gosec // both parts escaped, the label is the loader's safe HTML
		}
	}
	return InlineHTML(fmt.Sprintf(x.WrongChoice, i+1, picked))
}

// The kinds' labels.

func labelOf(field func(x *i18n.ExerciseUI) string) func(i18n.Lang) string {
	return func(l i18n.Lang) string { return field(i18n.ExerciseFor(l)) }
}

func logLabel(l i18n.Lang) string { return i18n.ExplainFor(l).KindLog }

// The kinds' choice forms.

func classifyForm(e *Exercise, l i18n.Lang) ChoiceForm {
	x := i18n.ExerciseFor(l)
	var f ChoiceForm
	for i, m := range e.Messages {
		f.Items = append(f.Items, ChoiceItem{Text: m, Label: fmt.Sprintf(x.KindOfMessage, i+1), Options: e.TextIn(l).Choices})
	}
	return f
}

// logForm: each message with who sent it, "nothing wrong" first and
// chosen until the learner marks the message.
func logForm(e *Exercise, l i18n.Lang) ChoiceForm {
	choices := e.TextIn(l).Choices
	var f ChoiceForm
	for i, m := range e.Messages {
		it := ChoiceItem{Text: m, Label: fmt.Sprintf(i18n.ExplainFor(l).LogItem, i+1, senderWords(l, e.logSender(i))), Options: choices}
		if len(choices) > 0 {
			it.Default = choices[0].Value
		}
		f.Items = append(f.Items, it)
	}
	return f
}

// logSender is who sent message i of a log exercise ("" when unknown).
func (e *Exercise) logSender(i int) string {
	if i < 0 || i >= len(e.LogFrom) {
		return ""
	}
	return e.LogFrom[i]
}

// senderWords is "client → server" or "server → client" in language l.
func senderWords(l i18n.Lang, from grader.Sender) string {
	r := i18n.RulesFor(l)
	switch from {
	case grader.SenderClient:
		return r.FromClient
	case grader.SenderServer:
		return r.FromServer
	}
	return i18n.ExplainFor(l).Unknown
}

// matchForm: the requests, numbered, then each response with the request
// it answers to pick, or none.
func matchForm(e *Exercise, l i18n.Lang) ChoiceForm {
	x := i18n.ExerciseFor(l)
	f := ChoiceForm{GivenTitle: x.RequestsTitle, Given: e.Requests}
	var opts []Choice
	for n := 1; n <= len(e.Requests); n++ {
		label := fmt.Sprintf(x.RequestN, n)
		f.GivenLabels = append(f.GivenLabels, label)
		opts = append(opts, Choice{Value: strconv.Itoa(n), Label: template.HTML(html.EscapeString(label))}) //nolint:gosec // escaped
	}
	opts = append(opts, Choice{Value: "0", Label: template.HTML(html.EscapeString(x.NoRequest))}) //nolint:gosec // escaped
	for i, r := range e.Responses {
		f.Items = append(f.Items, ChoiceItem{Text: r, Label: fmt.Sprintf(x.AnswersRequest, i+1), Options: opts, Select: true})
	}
	return f
}
