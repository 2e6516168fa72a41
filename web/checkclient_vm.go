package web

import (
	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// clientStepsVM lays out a run's steps: those that ended with their
// verdict, the others waiting, in the plan's order.
func clientStepsVM(x *i18n.CheckClientUI, plan *clientcheck.Plan, cc *clientCheck) view.CheckClientStepsVM {
	vm := view.CheckClientStepsVM{X: x, State: "waiting"}
	var done []clientcheck.StepResult
	if cc != nil {
		done, vm.State, _ = cc.snapshot()
	}
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
