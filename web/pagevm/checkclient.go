package pagevm

import (
	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// CheckClientSteps lays out a run's steps: those that ended (done) with
// their verdict, the others waiting, in the plan's order; state is the
// run's ("waiting" before it starts).
func CheckClientSteps(x *i18n.CheckClientUI, plan *clientcheck.Plan, done []clientcheck.StepResult, state string) view.CheckClientStepsVM {
	vm := view.CheckClientStepsVM{X: x, State: state}
	for i, ps := range plan.Steps {
		st := view.CheckClientStepVM{Name: ps.Name, Title: ps.Title, Rule: ps.Rule, Status: "pending"}
		if i < len(done) {
			sr := done[i]
			st.Status, st.Reason, st.Problems, st.Look = string(sr.Status), sr.Reason, sr.Problems, sr.Look
			if sr.Status == clientcheck.StatusFailed {
				for _, m := range sr.Messages {
					if m.From == grader.SenderClient {
						st.Sent = append(st.Sent, m.Message)
					}
				}
			}
		}
		st.StatusLabel = x.StatusLabel[st.Status]
		vm.Steps = append(vm.Steps, st)
	}
	return vm
}
