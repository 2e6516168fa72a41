package exchange

import (
	"log/slog"

	"github.com/mcpplayground/playground/internal/grader"
)

// judge gives each message its report with the conversation checker
// (grader.Session): the single-message report, a response checked against
// its request under the revision in force, and the session.* diagnostics
// that only the conversation shows. Message index i of the session is the
// event numbered i+1.
type judge struct {
	sess *grader.Session
	log  *slog.Logger
}

func newJudge(opts Options) judge {
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return judge{sess: grader.NewSession(grader.SessionOptions{Protocol: opts.Protocol, Lang: opts.Lang,
		Partial: opts.Partial, LateRequests: opts.LateRequests, MaxIDs: maxIDs(opts.MaxEvents)}), log: log}
}

func (j *judge) protocol() string { return j.sess.Protocol() }

// place judges raw as the next message, records it, and says which
// earlier messages it answers or cancels.
func (j *judge) place(raw []byte, from string) (rep grader.Report, l grader.Link) {
	defer j.guard(&rep, &l)
	return j.sess.Place(raw, from)
}

// peek judges raw as the next message without recording it.
func (j *judge) peek(raw []byte, from string) (rep grader.Report) {
	defer j.guard(&rep, nil)
	return j.sess.Peek(raw, from)
}

// guard keeps a panic of the checker from ending the process (a console
// session records on the gift server's goroutines): the message is then
// invalid and refers to nothing.
func (j *judge) guard(rep *grader.Report, l *grader.Link) {
	if r := recover(); r != nil {
		j.log.Error("checker panicked", "panic", r)
		*rep = grader.Report{Protocol: j.sess.Protocol(), Kind: grader.KindInvalid, Diagnostics: []grader.Diagnostic{}}
		if l != nil {
			*l = grader.Link{Envelope: grader.Envelope{Kind: grader.KindInvalid}, Answers: -1, AnsweredBy: -1, Cancels: -1}
		}
	}
}

// maxIDs is how many request ids the checker remembers for a timeline of
// maxEvents: a response still pairs with a request the timeline dropped a
// while ago, and the memory of a long conversation follows its timeline,
// not its length.
func maxIDs(maxEvents int) int {
	return min(4*maxEvents+64, grader.MaxSessionIDs)
}
