package view

import (
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

	// Exchange is the session's timeline and diagram; LastSeq the number
	// of its latest message.
	Exchange ExchangeVM
	LastSeq  int
	// Restarted, when set, says that the session this browser knew is
	// gone.
	Restarted string

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
	PeekAPI     string // POST the editor's message: the report as the session's next message
	ExportURL   string
	// ExplainURL opens the learner's session in "Explain a log"
	// (explain_show.go), with ExplainLabel.
	ExplainURL, ExplainLabel string
	ExchangeAPI              string
	AtLineCol                string // "Line %d, column %d", for the script's report
	ScriptURL                string
	EditorJS                 string // the exercise editor, reused

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

// ConsoleExerciseVM is a live exercise shown above the console.
type ConsoleExerciseVM struct {
	Ex       ExerciseVM // statement, hints, status (the exercise page's model)
	APIURL   string     // POST {"answer": {"exchange": …}}
	Feedback *FeedbackVM
	Notice   string // the last check looked only at part of the session
}
