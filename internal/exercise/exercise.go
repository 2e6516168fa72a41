// Package exercise loads the course's exercises from Markdown and grades
// learners' answers against their declarative checks.
//
// An exercise file is written by an instructor who need not read Go; its
// format is documented in FORMAT.md, next to this file. Load parses and
// validates every file once at start-up; Grade runs the checks on one answer
// (never panicking, whatever the answer holds); Lint is the part of
// `playground check-content` that needs to run the checks: starters fail,
// solutions pass, every check can fail, every text exists in each required
// language.
package exercise

import (
	"html/template"
	"slices"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Kind is what the learner does in an exercise; kinds.go holds each
// kind's entry.
type Kind string

// The kinds of exercise.
const (
	KindFix      Kind = "fix"      // repair a broken starter message
	KindWrite    Kind = "write"    // write a message from the statement
	KindClassify Kind = "classify" // say which kind each given message is
	KindReply    Kind = "reply"    // write the response to a given request
	KindMatch    Kind = "match"    // pair responses with their requests
	KindLive     Kind = "live"     // talk to the gift server in the console
	KindServer   Kind = "server"   // the learner's own server answers a scripted client
	KindLog      Kind = "log"      // mark the wrong messages of a log, and say what is wrong (log.go)
	KindClient   Kind = "client"   // the learner's own client talks to a checking server (client.go)
)

// Text is the part of an exercise written in one language.
type Text struct {
	Title     string
	Statement template.HTML
	Hints     []template.HTML // in the order they are revealed
	// Choices are the answers a classify exercise offers, in the order
	// written, labelled in this language.
	Choices []Choice
}

// Choice is one answer offered by a classify exercise.
type Choice struct {
	Value string        // what the answer encodes: {"answers": ["<value>", …]}
	Label template.HTML // what the learner reads
}

// Exercise is one exercise, parsed and validated. It is never modified after
// Load, so it can be shared by every request.
type Exercise struct {
	ID       string
	Lesson   string // slug of the lesson it belongs to
	Kind     Kind
	Protocol string // MCP revision the answer is checked against
	Order    int    // place among the lesson's exercises
	File     string // path inside the exercises tree, for messages
	// Sender is who sends the learner's message: "client" or "server".
	Sender grader.Sender
	// Concepts are the ids of the course concepts the exercise practises
	// (course.yaml lists them; check-content reports one nobody practises).
	Concepts []string

	// Text holds the languages the exercise is written in; use TextIn to
	// fall back to another language.
	Text map[i18n.Lang]*Text

	// Starter is what the editor starts with ("" for an empty editor).
	Starter string
	// Request is the request a reply exercise answers.
	Request string
	// Messages are the messages a classify exercise shows, in order; for a
	// log exercise, the messages of its log.
	Messages []string
	// Log is the log of a log exercise as written, and LogFrom the sender
	// of each of its messages.
	Log     string
	LogFrom []string
	// Requests and Responses are what a match exercise shows: requests are
	// numbered from 1 in this order; responses are shown in this order.
	Requests  []string
	Responses []string
	// Solutions are accepted answers, encoded as Grade takes them; the
	// first is the one to show the learner.
	Solutions []string
	// SolutionAfter is the number of failed attempts after which the learner
	// may reveal the solution; 0 means only after passing.
	SolutionAfter int
	// SpellAfterHint is the hint after which feedback may spell what a check
	// expects, for the checks that do not name their own (withhold.go); 0
	// means the last hint.
	SpellAfterHint int

	// Checks are what a right answer satisfies, in the order written (an
	// implicit "valid" check first for fix, write and reply when the author
	// did not write one).
	Checks []*Check

	// Steps are what a server exercise sends and checks, in order;
	// Revisions the revisions it runs in (nil: every one); Mistakes the
	// mistake modes of the gift server it must catch, and where.
	Steps     []*Step
	Revisions []string
	Mistakes  []MistakeCatch

	choices []choice
	wrong   []block // "# Wrong" blocks: answers that must fail
	starter *block
	// starterCodes are the codes the checker finds in the starter
	// (StarterCodes), judged once, when first asked.
	starterCodes func() []string
	sols         []block
	texts        map[i18n.Lang]*textSource
	links        []link
	// requestKnown is whether the checker knows the method of a reply's
	// request. When it does not (answering "tools/col" with -32601 is the
	// point of such an exercise), it still compares an error response's id
	// with the request's, but cannot read a success response against it: an
	// "id: same" check covers that case.
	requestKnown bool
}

// StarterCodes are the codes of the diagnostics the checker gives the
// starter message of a message exercise (none without one), judged once,
// the first time they are asked for: the rules pages list the exercises that
// practise a rule by them.
func (e *Exercise) StarterCodes() []string {
	if e.starterCodes == nil {
		return nil
	}
	return e.starterCodes()
}

// TextIn returns the exercise's text in l, or in another language when it
// has none in l (a course that does not require both languages).
func (e *Exercise) TextIn(l i18n.Lang) *Text {
	if t, ok := e.Text[l]; ok {
		return t
	}
	for _, other := range i18n.All {
		if t, ok := e.Text[other]; ok {
			return t
		}
	}
	return &Text{Title: e.ID}
}

// RunsIn reports whether a server exercise runs in revision rev.
func (e *Exercise) RunsIn(rev string) bool {
	return len(e.Revisions) == 0 || slices.Contains(e.Revisions, rev)
}

// CheckResult is the verdict of one check on one answer.
type CheckResult struct {
	ID     string `json:"id"`
	Passed bool   `json:"passed"`
	// Message says, in the learner's language, what the check wanted. It may
	// hold `code` spans; InlineHTML renders them.
	Message string `json:"message"`
	// Feedback is the author's help for a failed check ("" when passed or
	// when the author wrote none), in the learner's language where possible.
	Feedback string `json:"feedback,omitempty"`
	// Pointer, Line and Column locate what the check looked at in the answer
	// (1-based; 0 when there is no place to point at).
	Pointer string `json:"pointer"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// Result is the verdict on one answer.
type Result struct {
	Passed bool `json:"passed"`
	// Report is the checker's report on the learner's message for fix,
	// write and reply. For classify, match and live it only carries the
	// protocol, with no diagnostics.
	Report grader.Report `json:"report"`
	Checks []CheckResult `json:"checks"`
	// Problem explains, in the learner's language, why a classify, match or
	// live answer could not be read at all ("" otherwise). It signals a bug
	// in the page that sent the answer rather than a learner's mistake.
	Problem string `json:"problem,omitempty"`
}

// SolutionLine is the line of the exercise file where solution i starts
// (1 when it was derived, not written).
func (e *Exercise) SolutionLine(i int) int {
	if i < 0 || i >= len(e.sols) {
		return 1
	}
	return e.sols[i].line
}

// Written is an answer written in the exercise file, with where it starts.
type Written struct {
	Text string
	Line int // of the first line inside its fence
}

// WrongAnswers are the answers of the "# Wrong" blocks, in the order
// written: each must fail.
func (e *Exercise) WrongAnswers() []Written {
	out := make([]Written, len(e.wrong))
	for i, w := range e.wrong {
		out[i] = Written{Text: w.text, Line: w.line}
	}
	return out
}
