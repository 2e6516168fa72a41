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
	return judge{sess: grader.NewSession(grader.SessionOptions{Protocol: opts.Protocol, Lang: opts.Lang, Partial: opts.Partial}), log: log}
}

func (j *judge) protocol() string { return j.sess.Protocol() }

// add judges raw as the next message and records it.
func (j *judge) add(raw []byte, from string) grader.Report {
	return j.guard(func() grader.Report { return j.sess.Add(raw, from) })
}

// peek judges raw as the next message without recording it.
func (j *judge) peek(raw []byte, from string) grader.Report {
	return j.guard(func() grader.Report { return j.sess.Peek(raw, from) })
}

// guard keeps a panic of the checker from ending the process (a console
// session records on the gift server's goroutines).
func (j *judge) guard(f func() grader.Report) (rep grader.Report) {
	defer func() {
		if r := recover(); r != nil {
			j.log.Error("checker panicked", "panic", r)
			rep = grader.Report{Protocol: j.sess.Protocol(), Kind: grader.KindInvalid, Diagnostics: []grader.Diagnostic{}}
		}
	}()
	return f()
}
