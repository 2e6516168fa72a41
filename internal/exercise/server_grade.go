package exercise

import (
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// StepGrade is the verdict on a step's reply.
type StepGrade struct {
	Passed bool
	// Warning explains why the reply, although accepted, is not the
	// preferred one ("" otherwise).
	Warning string
	Report  grader.Report
	Checks  []CheckResult
}

// GradeStep runs a step's checks on what the server sent back: the reply to
// sent (nil for a wait step, whose received is the notification), judged in
// revision rev. The reply passes when it is one of the step's answers; when
// none matches, the checks of the preferred answer are what the learner
// reads.
func (st *Step) GradeStep(sent, received []byte, rev string, lang i18n.Lang) StepGrade {
	opts := grader.Options{Protocol: rev, Lang: lang, Sender: grader.SenderServer, Request: sent}
	return st.grade(newMsgCtx(received, opts), rev, lang)
}

// GradeReply is GradeStep on a reply its conversation judged already: rep
// is that one verdict (a check of a server's run takes its exchange's, the
// reply checked against sent, with what the conversation found on it), and
// the step's checks read it rather than judge the reply again.
func (st *Step) GradeReply(sent, received []byte, rep grader.Report, rev string, lang i18n.Lang) StepGrade {
	opts := grader.Options{Protocol: rev, Lang: lang, Sender: grader.SenderServer, Request: sent}
	return st.grade(newMsgCtxJudged(received, opts, rep), rev, lang)
}

func (st *Step) grade(mc *msgCtx, rev string, lang i18n.Lang) StepGrade {
	var first *StepGrade
	for _, a := range st.Answers {
		res := Result{Passed: true}
		for _, c := range a.Checks {
			if c.Rule == RuleValid {
				cc := *c
				cc.protocol = rev // the revision in force, for its message
				c = &cc
			}
			res.add(c, c.eval(mc), lang, "")
		}
		g := StepGrade{Passed: res.Passed, Report: mc.rep, Checks: res.Checks}
		if res.Passed {
			g.Warning = a.Warning(lang)
			return g
		}
		if first == nil {
			first = &g
		}
	}
	return *first
}

// ExpectsError reports whether one of the step's answers is an error
// response (a "kind: error" check): a transport may then refuse the request
// with an HTTP status instead, which Streamable HTTP allows.
func (st *Step) ExpectsError() bool {
	for _, a := range st.Answers {
		for _, c := range a.Checks {
			if c.Rule == RuleKind && c.value == "error" {
				return true
			}
		}
	}
	return false
}
