package clientcheck

import (
	"github.com/mcpplayground/playground/internal/grader"
)

// Status is a step's verdict.
type Status string

// Step statuses. A step that did not run is skipped, never passed.
const (
	StatusPassed  Status = "passed"
	StatusFailed  Status = "failed"
	StatusSkipped Status = "skipped"
)

// Result is the verdict of one client exercise against one client, in the
// shape of check-server's (servercheck.Result).
type Result struct {
	Exercise string `json:"exercise"`
	Title    string `json:"title"`
	// Protocol is the revision the steps were judged in.
	Protocol string `json:"protocol"`
	Passed   bool   `json:"passed"`
	// Skipped says why the exercise was not graded ("" when it was).
	Skipped string       `json:"skipped,omitempty"`
	Steps   []StepResult `json:"steps"`
}

// StepResult is one step's verdict.
type StepResult struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Rule is the rule of the specification the step checks.
	Rule   string `json:"rule,omitempty"`
	Status Status `json:"status"`
	// Sent is the playground's message of the step (its reply or its
	// request); Received is the client's message the step judged.
	Sent     string         `json:"sent,omitempty"`
	Received string         `json:"received,omitempty"`
	Report   *grader.Report `json:"report,omitempty"`
	// Problems are what failed the step, in the checker's words.
	Problems []string `json:"problems,omitempty"`
	// Look says what to look at in the client for a failed step.
	Look   string `json:"look,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Messages are every message of the step in order, both ways.
	Messages []Message `json:"messages"`
	// Stderr is what the client logged (a command), on a failed step.
	Stderr string `json:"stderr,omitempty"`
	// Omitted counts the messages not kept in Messages (MaxMessagesPerStep).
	Omitted int `json:"omitted,omitempty"`
}

// Message is one message of a step's timeline.
type Message struct {
	From    grader.Sender `json:"from"` // "client" or "server"
	Message string        `json:"message"`
	// Report is the checker's report on a client message.
	Report *grader.Report `json:"report,omitempty"`
}

// Bounds of a run.
const (
	// MaxMessageBytes bounds one message of the client (grader.MaxSize).
	MaxMessageBytes = grader.MaxSize
	// MaxMessagesPerStep bounds the messages one step reads.
	MaxMessagesPerStep = 200
	// maxKeptBytes bounds the text a step keeps of each message.
	maxKeptBytes = 16 << 10
)
