package view

import (
	"html/template"
	"strings"
)

// ExchangeVM is any exchange (the console's live session, an explained
// log, a server check) as its timeline and its sequence diagram.
type ExchangeVM struct {
	W       ExchangeWords
	Items   []ExchangeItemVM
	Diagram template.HTML // "" while the exchange is empty
}

// ExchangeWords are the words of an exchange's view, in the page's
// language.
type ExchangeWords struct {
	TimelineTitle string
	TimelineEmpty string
	DiagramTitle  string
	DiagramEmpty  string
	ServerWaits   string // on a server request that waits for an answer
	WriteAnswer   string
	ConvProblem   string // the mark of an item with a conversation problem
	MentionOn     string // "Noted on #%d:"
	// FoldShow ("Show the whole message (%d lines)") and FoldHide label
	// the button of a folded message; ToArrow links a message to its
	// arrow in the diagram. Empty words leave the feature out.
	FoldShow string
	FoldHide string
	ToArrow  string
}

// FoldLines is the length (in lines) past which a message is folded to its
// first FoldShown lines; the page without JavaScript shows it whole.
const (
	FoldLines = 16
	FoldShown = 8
)

// ExchangeItemVM is one message of the timeline.
type ExchangeItemVM struct {
	Seq       int
	From      string // client or server ("" when unknown)
	FromLabel string // "client → server"
	Kind      string // request, notification, response, error, invalid
	KindLabel string
	// ToolError marks a result with "isError": true: the call reached the
	// tool, and the tool failed.
	ToolError bool
	Method    string
	ID        string // the id as written, "" when none
	Time      string
	JSON      template.HTML // the message, indented and highlighted (folded when long)
	// Arrow is the element id of the message's arrow in the diagram, ""
	// when the diagram does not draw it.
	Arrow string

	// Pair is the colour class shared by a request and its response
	// ("pair-3"), "" for messages that pair with nothing.
	Pair string
	// Status says how the message relates to the others: "reply" (to
	// ReplyTo), "answered" (by AnsweredBy), "waiting", "noreply"
	// (notification), "cancelled" (by the notifications/cancelled
	// CancelledBy; no response will come), "orphan" (a response to nothing
	// known) or "".
	Status      string
	StatusLabel string
	ReplyTo     int
	AnsweredBy  int
	CancelledBy int
	// AnswerURL is set on a server request waiting for the learner: it
	// opens the editor with a response carrying the right id.
	AnswerURL string

	Valid       bool
	ReportLabel string
	Diagnostics []ExchangeDiagVM
	// DiagSummary opens the list of diagnostics ("2 problems").
	DiagSummary string
	// Conversation is true when the conversation checker found a problem
	// on this message or on a later one that refers to it (Mentions).
	Conversation bool
	Mentions     []ExchangeMentionVM
}

// ExchangeMentionVM is a conversation problem found on a later message
// (Seq) that refers to this one.
type ExchangeMentionVM struct {
	Seq      int
	Severity string
	Message  template.HTML
	Code     string
}

// ExchangeDiagVM is one diagnostic on a message of the timeline.
type ExchangeDiagVM struct {
	Severity string
	Message  template.HTML
	Pointer  string
	Code     string
}

// foldJSON splits a highlighted message after its first FoldShown lines
// when it has more than FoldLines; rest is "" for a message shown whole.
// It splits only at a line break outside the highlighter's spans, so both
// parts are well-formed HTML.
func foldJSON(h template.HTML) (head, rest template.HTML, lines int) {
	s := string(h)
	lines = strings.Count(s, "\n") + 1
	if lines <= FoldLines {
		return h, "", lines
	}
	depth, seen := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "<span"):
			depth++
		case strings.HasPrefix(s[i:], "</span>"):
			depth--
		case s[i] == '\n' && depth == 0:
			if seen++; seen == FoldShown {
				return template.HTML(s[:i+1]), template.HTML(s[i+1:]), lines
			}
		}
	}
	return h, "", lines
}
