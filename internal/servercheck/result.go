package servercheck

import (
	"github.com/mcpplayground/playground/internal/exercise"
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

// Result is the verdict of one server exercise against one server.
type Result struct {
	Exercise string `json:"exercise"`
	Title    string `json:"title"`
	// Protocol is the revision the steps were judged in: the one asked
	// for, or the one the server chose in initialize.
	Protocol string `json:"protocol"`
	Passed   bool   `json:"passed"`
	// Skipped says why the exercise was not graded ("" when it was): it
	// does not run in the revision, or the server declares none of the
	// capabilities its steps check. Passed is then false.
	Skipped string       `json:"skipped,omitempty"`
	Steps   []StepResult `json:"steps"`
}

// StepResult is one step's verdict, with what a timeline needs to show it.
type StepResult struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Status Status `json:"status"`
	// Sent is the message the playground sent ("" for a wait step);
	// Received is the reply, or the notification waited for.
	Sent     string                 `json:"sent,omitempty"`
	Received string                 `json:"received,omitempty"`
	Report   *grader.Report         `json:"report,omitempty"`
	Checks   []exercise.CheckResult `json:"checks,omitempty"`
	// Warning is set when the reply is accepted but is not the preferred
	// answer: what the specification prefers, and why.
	Warning string `json:"warning,omitempty"`
	// Problems are what failed the step besides the checks: no reply in
	// time, a message that is not JSON-RPC, a capability used but not
	// declared, the server gone…
	Problems []string `json:"problems,omitempty"`
	// Reason says why a skipped step did not run.
	Reason string `json:"reason,omitempty"`
	// Messages are every message of the step in order, both ways.
	Messages []Message `json:"messages"`
	// Stderr is what the server logged during the step (stdio).
	Stderr string `json:"stderr,omitempty"`

	// Omitted counts the server messages not kept in Messages: past
	// MaxKeptBytesPerStep, only the reply is kept (a page holds many runs).
	Omitted int `json:"omitted,omitempty"`

	kept       int    // bytes of Messages
	timedOut   bool   // the step's request got no reply in time
	absent     bool   // the step does not exist in the run's revision
	httpStatus int    // a 4xx answer without a message
	statusText string // its description
}

// Absent says the step was skipped because it does not exist in the run's
// revision (another step stands for it there): a person need not see it.
func (sr StepResult) Absent() bool { return sr.absent }

// Message is one message of a step's timeline.
type Message struct {
	From    string `json:"from"` // "client" or "server"
	Message string `json:"message"`
	// Report is the checker's report on a server message that is not the
	// step's reply (notifications, server requests, stray text).
	Report *grader.Report `json:"report,omitempty"`
}

// MaxKeptBytesPerStep bounds the text of the messages one step keeps for
// its timeline: a server that sends 200 messages of 1 MiB in a step costs
// the caller 2 MiB, not 200.
const MaxKeptBytesPerStep = 2 << 20

// keep adds m to the step's timeline within MaxKeptBytesPerStep; the
// step's reply (always) is kept even past it.
func (sr *StepResult) keep(m Message, always bool) {
	if !always && sr.kept+len(m.Message) > MaxKeptBytesPerStep {
		sr.Omitted++
		return
	}
	sr.kept += len(m.Message)
	sr.Messages = append(sr.Messages, m)
}
