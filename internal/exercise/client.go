package exercise

import (
	"github.com/mcpplayground/playground/internal/i18n"
)

// A client exercise grades the learner's own MCP client: the playground
// plays a checking gift server and drives a scenario, each step one of
// internal/clientcheck's behaviours, named in the file with its title and
// the rule of the specification it checks (FORMAT.md, "client").
// check-content runs clientcheck's reference client as the solution, and
// each mistake the file names must fail it at that step.

// Rule is the rule of the specification a client exercise's step checks,
// in l.
func (st *Step) Rule(l i18n.Lang) string { return pick(st.rule, l) }

func loadClient(fl *fileLoader, ex *Exercise, m *meta) {
	fl.noChoices(m)
	if len(m.Checks) > 0 {
		fl.errf(fl.lineOf("checks"), "a client exercise has no checks: its steps are check-client's, each with the rule it checks")
	}
	if len(m.Steps) == 0 {
		fl.errf(fl.lineOf("steps"), "a client exercise needs steps: the names of check-client's steps, each with a title and the rule it checks (see FORMAT.md)")
		return
	}
	ex.Revisions = fl.revisions(m.Revisions, fl.lineOf("revisions"), nil)
	seen := map[string]int{}
	for _, rs := range m.Steps {
		st := fl.clientStep(rs)
		if st == nil {
			continue
		}
		if prev, dup := seen[st.Name]; dup {
			fl.errf(st.Line, "a second step named %q: the first is on line %d", st.Name, prev)
			continue
		}
		seen[st.Name] = st.Line
		ex.Steps = append(ex.Steps, st)
	}
	fl.mistakes(ex, m.Mistakes, seen)
}

func (fl *fileLoader) clientStep(rs *rawStep) *Step {
	if rs.err != nil {
		fl.errf(rs.line, "%v", rs.err)
		return nil
	}
	if rs.name == "" || !stepNameRE.MatchString(rs.name) {
		fl.errf(rs.line, "a step needs a name: one of check-client's steps, such as handshake")
		return nil
	}
	for _, key := range []string{"send", "wait", "when", "revisions", "checks", "answers"} {
		if line, ok := rs.keys[key]; ok {
			fl.errf(line, "a client exercise's step has a name, a title and a rule; %s belongs to server exercises (what the step does is check-client's)", key)
		}
	}
	st := &Step{Name: rs.name, Line: rs.line}
	var err error
	if st.title, err = langMap(rs.title); rs.title == nil || err != nil {
		fl.errf(rs.line, "step %s needs a title in each language", rs.name)
	}
	if st.rule, err = langMap(rs.rule); rs.rule == nil || err != nil {
		fl.errf(rs.line, "step %s needs a rule: the rule of the specification it checks, in each language", rs.name)
	}
	return st
}

// gradeClient: a client exercise is graded by check-client, never from an
// answer.
func (e *Exercise) gradeClient(_ string, lang i18n.Lang) Result {
	return Result{Report: emptyReport(e.Protocol), Checks: []CheckResult{}, Problem: problems["client"][idx(lang)]}
}
