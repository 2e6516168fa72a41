package servercheck

import (
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"time"
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
	runKept    *int   // bytes of every step's Messages
	timedOut   bool   // the step's request got no reply in time
	absent     bool   // the step does not exist in the run's revision
	httpStatus int    // a 4xx answer without a message
	statusText string // its description

	x     *exchange.Exchange // the run's conversation, which judges every message
	seqs  []int              // the events of Messages in x
	last  int                // the event of the latest message given to x
	reply int                // the event of the reply Report is about
	sent  int                // the event of the step's request
}

// Absent says the step was skipped because it does not exist in the run's
// revision (another step stands for it there): a person need not see it.
func (sr StepResult) Absent() bool { return sr.absent }

// Message is one message of a step's timeline.
type Message struct {
	From    grader.Sender `json:"from"` // "client" or "server"
	Message string        `json:"message"`
	// Size is the size of a message of which only the beginning was kept
	// (0: Message is whole).
	Size int `json:"size,omitempty"`
	// Report is the checker's report on a server message that is not the
	// step's reply (notifications, server requests, stray text).
	Report *grader.Report `json:"report,omitempty"`
	// replyTo is, on the step's reply, the event of the request it was
	// read as the reply to (exchange.Message.ReplyTo).
	replyTo int
}

// Bounds on what a run keeps of the messages for its timeline (a page
// holds many runs at once): a server that answers every step with 1 MiB
// costs the caller MaxKeptBytesPerRun, not 1 MiB a step. The exchange
// judges every message whole; past the bounds it keeps, like the step, a
// preview of PreviewBytes with the message's size.
const (
	MaxKeptBytesPerStep = 256 << 10
	MaxKeptBytesPerRun  = 1 << 20
	PreviewBytes        = 4 << 10
)

// keep gives m to the run's exchange, which judges it as the next message
// of the conversation, and adds it to the step's timeline within
// MaxKeptBytesPerStep; the step's reply (always) is kept even past it. A
// message given with a Report shows the exchange's. It returns the
// exchange's report on m: the one verdict on a message, on the CLI and the
// page alike.
func (sr *StepResult) keep(m Message, always bool) grader.Report {
	var ev exchange.Event
	if sr.x != nil {
		ev = sr.x.Add(exchange.Message{Raw: []byte(m.Message), From: m.From, Time: time.Now(), ReplyTo: m.replyTo})
		sr.last = ev.Seq
		if m.Report != nil {
			rep := ev.Report
			m.Report = &rep
		}
	}
	n := len(m.Message)
	over := sr.kept+n > MaxKeptBytesPerStep || (sr.runKept != nil && *sr.runKept+n > MaxKeptBytesPerRun)
	switch {
	case over && !always:
		sr.Omitted++
		return ev.Report
	case over && n > PreviewBytes:
		m.Size = n
		m.Message = strings.ToValidUTF8(m.Message[:PreviewBytes], "")
	}
	sr.kept += len(m.Message)
	if sr.runKept != nil {
		*sr.runKept += len(m.Message)
	}
	sr.Messages = append(sr.Messages, m)
	if ev.Seq > 0 {
		sr.seqs = append(sr.seqs, ev.Seq)
	}
	return ev.Report
}

// received is the text the step keeps of its reply: the one kept in
// Messages (a preview past the bounds).
func (sr *StepResult) received() string {
	if len(sr.Messages) == 0 {
		return ""
	}
	return sr.Messages[len(sr.Messages)-1].Message
}

// show adds to the step's timeline a message the exchange judged already
// (event seq), as a wait step shows the notification an earlier step
// received.
func (sr *StepResult) show(m Message, seq int) {
	sr.kept += len(m.Message)
	sr.Messages = append(sr.Messages, m)
	sr.last = seq
	if seq > 0 {
		sr.seqs = append(sr.seqs, seq)
	}
}

// Events are the step's messages (those in Messages) as the run's exchange
// holds them now, with their reports and pairs: a page draws them as any
// exchange, with no second judgement. Nil for a step that was not run
// through Run.
func (sr StepResult) Events() []exchange.Event {
	if sr.x == nil {
		return nil
	}
	out := make([]exchange.Event, 0, len(sr.seqs))
	for _, seq := range sr.seqs {
		if e, ok := sr.x.Event(seq); ok {
			out = append(out, e) // the reply's report is the step's: one verdict
		}
	}
	return out
}
