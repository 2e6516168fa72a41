package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// ConsoleVM is the console page: the learner's own session with the gift
// server.
type ConsoleVM struct {
	X *i18n.ConsoleUI

	// Protocol is the revision the session negotiated ("" before
	// initialize); CheckProtocol is the one the editor's message is
	// checked against.
	Protocol      string
	CheckProtocol string

	// The editor.
	Draft     string
	Templates []ConsoleTemplate
	// Report is the check of Draft, after "Check" without JavaScript.
	Report *ConsoleReportVM
	Error  string

	Events  []ConsoleEventVM
	LastSeq int
	Diagram template.HTML // "" while the timeline is empty

	// Where forms and scripts send things.
	PageURL     string // this page (GET forms: templates, refresh)
	SendURL     string // POST the form: send, check, handshake
	ResetURL    string // POST the form
	HintURL     string // POST the form of a live exercise's hints
	CheckURL    string // POST the form: check the exchange of a live exercise
	MessagesAPI string
	ResetAPI    string
	EventsAPI   string
	DiagramAPI  string
	TemplateAPI string
	ValidateAPI string
	ExportURL   string
	ExchangeAPI string
	AtLineCol   string // "Line %d, column %d", for the script's report
	ScriptURL   string
	EditorJS    string // the exercise editor, reused

	Exercise *ConsoleExerciseVM
}

// ConsoleTemplate is one message the learner can start from.
type ConsoleTemplate struct {
	Key, Label string
	Selected   bool
}

// ConsoleReportVM is the check of the message in the editor.
type ConsoleReportVM struct {
	Valid    bool
	Summary  string
	Problems []ProblemVM
}

// ConsoleEventVM is one message of the timeline.
type ConsoleEventVM struct {
	Seq       int
	Dir       string // in (learner to server) or out
	DirLabel  string
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
	// Raw is the message as sent, kept on a waiting server request so the
	// script can check the learner's response against it.
	Raw string

	Valid       bool
	ReportLabel string
	Diagnostics []ConsoleDiagVM
}

// ConsoleDiagVM is one diagnostic on a message of the timeline.
type ConsoleDiagVM struct {
	Severity string
	Message  template.HTML
	Pointer  string
	Code     string
}

// ConsoleExerciseVM is a live exercise shown above the console.
type ConsoleExerciseVM struct {
	Ex       ExerciseVM // statement, hints, status (the exercise page's model)
	APIURL   string     // POST {"answer": {"exchange": …}}
	Feedback *FeedbackVM
	Notice   string // the last check looked only at part of the session
}
