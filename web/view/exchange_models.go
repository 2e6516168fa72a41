package view

import (
	"fmt"
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
	// Pages places the messages of a timeline shown a page at a time.
	Pages MsgPages
}

// MsgPages places the messages of a long timeline on its pages of Size
// messages, Current being the one shown: a link to a message of another
// page leads to that page (URL, with %d for its number). The zero value is
// a timeline on one page.
type MsgPages struct {
	Size, Current int
	URL           string
}

// Href is the link to message seq.
func (p MsgPages) Href(seq int) string {
	anchor := fmt.Sprintf("#msg-%d", seq)
	if p.Size <= 0 || p.URL == "" {
		return anchor
	}
	if n := (seq-1)/p.Size + 1; n != p.Current {
		return fmt.Sprintf(p.URL, n) + anchor
	}
	return anchor
}

// FoldLines is the length (in lines) past which a message is folded to its
// first FoldShown lines; the page without JavaScript shows it whole.
const (
	FoldLines = 16
	FoldShown = 8
)

// ExchangeItemVM is one message of the timeline.
type ExchangeItemVM struct {
	Seq int
	// Version is the latest message that changed this one (exchange's
	// Event.Version): the console's script keeps the newer of two copies.
	Version   int
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
	// WholeURL fetches the whole text of a message the timeline shows
	// clipped, WholeLabel its link's words; "" when it is shown whole.
	WholeURL, WholeLabel string

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
