package view

import "html/template"

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
	ReportCount   string // "%d problem(s)…"
	ServerWaits   string // on a server request that waits for an answer
	WriteAnswer   string
	ConvProblem   string // the mark of an item with a conversation problem
	MentionOn     string // "Noted on #%d:"
}

// ExchangeItemVM is one message of the timeline.
type ExchangeItemVM struct {
	Seq       int
	From      string // client or server ("" when unknown)
	FromLabel string // "client → server"
	Kind      string // request, notification, response, error, invalid
	KindLabel string
	Method    string
	ID        string // the id as written, "" when none
	Time      string
	JSON      template.HTML // the message, indented and highlighted

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
