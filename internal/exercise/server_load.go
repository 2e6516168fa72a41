package exercise

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/mcpplayground/playground/internal/grader"
)

// Reading the steps of a server exercise from the front matter.

// rawStep is one item of a server exercise's steps, as written.
type rawStep struct {
	line      int
	name      string
	title     any
	rule      any
	send      any
	hasSend   bool
	wait      any
	when      any
	revisions any
	checks    []*rawItem
	answers   []*rawAnswer
	keys      map[string]int // key -> line
	err       error
}

type rawAnswer struct {
	line    int
	checks  []*rawItem
	warning any
	unknown []rawKey
}

// UnmarshalYAML implements yaml.NodeUnmarshaler.
func (r *rawStep) UnmarshalYAML(n ast.Node) error {
	r.keys = map[string]int{}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		r.line = tk.Position.Line + fmOffset
	}
	mvs, ok := mappingValues(n)
	if !ok {
		r.err = fmt.Errorf("a step is a mapping, such as {name: ping, send: {…}, checks: […]}")
		return nil
	}
	for i, mv := range mvs {
		key := mv.Key.GetToken().Value
		line := r.line
		if tk := mv.Key.GetToken(); tk.Position != nil {
			line = tk.Position.Line + fmOffset
		}
		if i == 0 {
			r.line = line
		}
		r.keys[key] = line
		var err error
		switch key {
		case "send":
			r.hasSend = true
			err = yaml.NodeToValue(mv.Value, &r.send, yaml.UseOrderedMap())
		case "checks":
			err = yaml.NodeToValue(mv.Value, &r.checks)
		case "answers":
			err = yaml.NodeToValue(mv.Value, &r.answers)
		case "name":
			var s any
			err = yaml.NodeToValue(mv.Value, &s)
			r.name = fmt.Sprint(s)
		case "title":
			err = yaml.NodeToValue(mv.Value, &r.title)
		case "rule":
			err = yaml.NodeToValue(mv.Value, &r.rule)
		case "wait":
			err = yaml.NodeToValue(mv.Value, &r.wait)
		case "when":
			err = yaml.NodeToValue(mv.Value, &r.when)
		case "revisions":
			err = yaml.NodeToValue(mv.Value, &r.revisions)
		default:
			r.err = fmt.Errorf("line %d: unknown key %q in a step: a step has name, title, send, wait, when, revisions, checks and answers", line, key)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// UnmarshalYAML implements yaml.NodeUnmarshaler.
func (r *rawAnswer) UnmarshalYAML(n ast.Node) error {
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		r.line = tk.Position.Line + fmOffset
	}
	mvs, _ := mappingValues(n)
	for i, mv := range mvs {
		key := mv.Key.GetToken().Value
		line := r.line
		if tk := mv.Key.GetToken(); tk.Position != nil {
			line = tk.Position.Line + fmOffset
		}
		if i == 0 {
			r.line = line
		}
		var err error
		switch key {
		case "checks":
			err = yaml.NodeToValue(mv.Value, &r.checks)
		case "warning":
			err = yaml.NodeToValue(mv.Value, &r.warning)
		default:
			r.unknown = append(r.unknown, rawKey{name: key, line: line})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func mappingValues(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch x := n.(type) {
	case *ast.MappingNode:
		return x.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{x}, true
	}
	return nil, false
}

var stepNameRE = idRE

// steps reads the steps of a server exercise.
func (fl *fileLoader) steps(ex *Exercise, m *meta) {
	if len(m.Steps) == 0 {
		fl.errf(fl.lineOf("steps"), "a server exercise needs steps: the messages to send and the checks on what comes back (see FORMAT.md)")
		return
	}
	ex.Revisions = fl.revisions(m.Revisions, fl.lineOf("revisions"), nil)
	seen := map[string]int{}
	handshake := false
	for _, rs := range m.Steps {
		st := fl.step(ex, rs)
		if st == nil {
			continue
		}
		if prev, dup := seen[st.Name]; dup {
			fl.errf(st.Line, "a second step named %q: the first is on line %d", st.Name, prev)
			continue
		}
		seen[st.Name] = st.Line
		if st.Action == ActionHandshake {
			if handshake || len(ex.Steps) > 0 {
				fl.errf(st.Line, "the handshake is the first step, and there is one")
			}
			handshake = true
		}
		for _, need := range st.Needs {
			if _, ok := seen[need]; !ok || need == st.Name {
				fl.errf(rs.keys["send"], "{{%s …}} refers to no earlier step", need)
			}
		}
		if st.When != "" && !handshake {
			fl.errf(rs.keys["when"], "when looks at the capabilities the server declared in the handshake: put a handshake step first")
		}
		ex.Steps = append(ex.Steps, st)
	}
	if len(m.Checks) > 0 {
		fl.errf(fl.lineOf("checks"), "a server exercise has its checks inside its steps")
	}
	fl.mistakes(ex, m.Mistakes, seen)
}

func (fl *fileLoader) revisions(v any, line int, within []string) []string {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		fl.errf(line, "revisions is a list such as [%s]", grader.JoinRevisions(grader.CourseRevisions(), ""))
		return nil
	}
	var out []string
	for _, it := range list {
		s := fmt.Sprint(it)
		if !grader.KnownRevision(s) {
			fl.errf(line, "revision %q is not a known MCP revision (%s)", s, grader.JoinRevisions(grader.CourseRevisions(), ""))
			continue
		}
		if within != nil && !slices.Contains(within, s) {
			fl.errf(line, "revision %s is not one of the exercise's revisions", s)
		}
		out = append(out, s)
	}
	return out
}

func (fl *fileLoader) step(ex *Exercise, rs *rawStep) *Step {
	if rs.err != nil {
		fl.errf(rs.line, "%v", rs.err)
		return nil
	}
	st := &Step{Name: rs.name, Line: rs.line, Action: ActionSend}
	if rs.name == "" || !stepNameRE.MatchString(rs.name) {
		fl.errf(rs.line, "a step needs a name: lower-case letters, digits and dashes, such as tools-list")
		return nil
	}
	if rs.title != nil {
		t, err := langMap(rs.title)
		if err != nil {
			fl.errf(rs.keys["title"], "title: %v", err)
		}
		st.title = t
	}
	switch {
	case rs.hasSend && rs.wait != nil:
		fl.errf(rs.line, "a step sends a message or waits for a notification, not both")
	case rs.hasSend:
		fl.stepSend(st, rs)
	case rs.wait != nil:
		st.Action = ActionWait
		st.Wait, _ = rs.wait.(string)
		if !strings.HasPrefix(st.Wait, "notifications/") {
			fl.errf(rs.keys["wait"], "wait takes the method of a notification, such as notifications/tools/list_changed")
		}
	default:
		fl.errf(rs.line, "step %q neither sends a message (send: …, or send: handshake) nor waits for a notification (wait: …)", st.Name)
	}
	if rs.when != nil {
		st.When, _ = rs.when.(string)
		if st.When == "" || strings.HasPrefix(st.When, "/") {
			fl.errf(rs.keys["when"], "when names a capability such as resources or resources/subscribe (no leading /)")
		}
	}
	st.Revisions = fl.revisions(rs.revisions, rs.keys["revisions"], ex.Revisions)
	fl.stepAnswers(ex, st, rs)
	return st
}

func (fl *fileLoader) stepSend(st *Step, rs *rawStep) {
	line := rs.keys["send"]
	if s, ok := rs.send.(string); ok {
		if s != string(ActionHandshake) {
			fl.errf(line, "send is a message (a mapping or JSON object) or the word handshake")
		}
		st.Action = ActionHandshake
		return
	}
	v, err := toOrdered(rs.send)
	if err != nil {
		fl.errf(line, "send: %v", err)
		return
	}
	obj, ok := v.(ordered)
	if !ok {
		fl.errf(line, "send is a message: a JSON object with jsonrpc, method and, for a request, an id")
		return
	}
	st.send = obj
	st.Needs = refsIn(obj)
	if _, hasMethod := obj.get("method"); !hasMethod {
		fl.errf(line, "send is a request or a notification: it needs a method")
	}
	if _, hasID := obj.get("id"); !hasID {
		fl.errf(line, "send is a request (with an id): a notification gets no reply to check")
	}
}

func (fl *fileLoader) stepAnswers(ex *Exercise, st *Step, rs *rawStep) {
	cx := checkContext{file: fl.file, kind: KindServer, protocol: ex.Protocol}
	parse := func(items []*rawItem, line int) []*Check {
		var cs []*Check
		for _, it := range items {
			c, errs := parseCheck(cx, it)
			fl.errs = append(fl.errs, errs...)
			if c != nil {
				cs = append(cs, c)
			}
		}
		if !slices.ContainsFunc(cs, func(c *Check) bool { return c.Rule == RuleValid }) {
			cs = append([]*Check{{ID: string(RuleValid), Rule: RuleValid, Line: line, Implicit: true, protocol: ex.Protocol}}, cs...)
		}
		used := map[string]int{}
		for _, c := range cs {
			used[c.ID]++
			if n := used[c.ID]; n > 1 {
				c.ID += "#" + strconv.Itoa(n)
			}
		}
		return cs
	}
	switch {
	case len(rs.checks) > 0 && len(rs.answers) > 0:
		fl.errf(rs.line, "a step has checks (one accepted reply) or answers (several), not both")
	case len(rs.answers) > 0:
		for i, ra := range rs.answers {
			for _, k := range ra.unknown {
				fl.errf(k.line, "unknown key %q in an answer: an answer has checks and warning", k.name)
			}
			if len(ra.checks) == 0 {
				fl.errf(ra.line, "an answer needs checks")
			}
			a := &Answer{Checks: parse(ra.checks, ra.line)}
			if ra.warning != nil {
				w, err := langMap(ra.warning)
				if err != nil {
					fl.errf(ra.line, "warning: %v", err)
				}
				a.warning = w
			}
			if i == 0 && a.warning != nil {
				fl.errf(ra.line, "the first answer is the preferred one: it has no warning")
			}
			st.Answers = append(st.Answers, a)
		}
	default:
		st.Answers = []*Answer{{Checks: parse(rs.checks, st.Line)}}
	}
}

func (fl *fileLoader) mistakes(ex *Exercise, m yaml.MapSlice, steps map[string]int) {
	line := fl.lineOf("mistakes")
	for _, it := range m {
		name, _ := it.Key.(string)
		step, _ := it.Value.(string)
		if _, ok := steps[step]; !ok {
			fl.errf(line, "mistake %s: there is no step named %q", name, step)
			continue
		}
		ex.Mistakes = append(ex.Mistakes, MistakeCatch{Mistake: name, Step: step, Line: line})
	}
}
