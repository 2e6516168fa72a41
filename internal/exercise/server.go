package exercise

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// A server exercise grades the learner's own MCP server: the playground is
// the client, sends each step's message and checks what comes back
// (internal/servercheck runs it; FORMAT.md, "server", documents it).

// StepAction is what a step of a server exercise does.
type StepAction string

// The step actions.
const (
	ActionSend      StepAction = "send"      // send a message, check the response
	ActionHandshake StepAction = "handshake" // initialize + notifications/initialized (server/discover in 2026-07-28)
	ActionWait      StepAction = "wait"      // wait for a notification, check it
)

// Step is one step of a server exercise.
type Step struct {
	Name   string
	Line   int
	Action StepAction
	// Wait is the method of the notification a wait step waits for.
	Wait string
	// When names a capability (a path under the server's capabilities, such
	// as "resources" or "resources/subscribe"): the step runs only if the
	// server declared it, and is reported skipped otherwise.
	When string
	// Revisions are the revisions the step runs in (nil: every one).
	Revisions []string
	// Answers are the accepted replies, the preferred one first.
	Answers []*Answer

	// Needs are the earlier steps whose replies the message uses; the step
	// is skipped when one of them did not pass.
	Needs []string

	title map[i18n.Lang]string
	send  any // the message as written, with its members in order (ordered)
}

// Answer is one accepted reply of a step: all its checks pass.
type Answer struct {
	Checks []*Check
	// warning, when set, is shown when the server's reply is this answer:
	// allowed by the specification, but not the preferred one.
	warning map[i18n.Lang]string
}

// Warning returns the answer's warning in l ("" for the preferred answer).
func (a *Answer) Warning(l i18n.Lang) string { return pick(a.warning, l) }

// Title is the step's title in l, or its name.
func (st *Step) Title(l i18n.Lang) string {
	if t := pick(st.title, l); t != "" {
		return t
	}
	return st.Name
}

// RunsIn reports whether the step runs in revision rev.
func (st *Step) RunsIn(rev string) bool {
	return len(st.Revisions) == 0 || slices.Contains(st.Revisions, rev)
}

// MistakeCatch says at which step a server exercise catches a mistake mode
// of the bundled gift server (check-content proves it).
type MistakeCatch struct {
	Mistake string
	Step    string
	Line    int
}

// Ref finds the value at a JSON Pointer in the reply of an earlier step
// (false when that step has no reply, or the reply no such value).
type Ref func(step, pointer string) (json.RawMessage, bool)

// Message is the message a send step sends in revision rev: as written, with
// each "{{step /pointer}}" string replaced by that value of the earlier
// step's reply, and in 2026-07-28 with the _meta every stateless request
// carries (the revision and the client's capabilities) added to its params.
func (st *Step) Message(rev string, ref Ref) ([]byte, error) {
	msg := st.send
	if rev == grader.Rev20260728 {
		msg = withStatelessMeta(msg, rev)
	}
	var buf bytes.Buffer
	if err := writeOrdered(&buf, msg, ref); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// refRE is a reference to a value of an earlier step's reply.
var refRE = regexp.MustCompile(`^\{\{([a-z0-9]+(?:-[a-z0-9]+)*) (/[^}]*)\}\}$`)

// refsIn lists the steps a message refers to.
func refsIn(v any) []string {
	var out []string
	switch x := v.(type) {
	case ordered:
		for _, m := range x {
			out = append(out, refsIn(m.value)...)
		}
	case []any:
		for _, it := range x {
			out = append(out, refsIn(it)...)
		}
	case string:
		if m := refRE.FindStringSubmatch(x); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// ordered is a JSON object with its members in the order written.
type ordered []orderedMember

type orderedMember struct {
	key   string
	value any
}

func (o ordered) get(key string) (any, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

func withStatelessMeta(msg any, rev string) any {
	obj, ok := msg.(ordered)
	if !ok {
		return msg
	}
	if _, isRequest := obj.get("id"); !isRequest {
		return msg
	}
	meta := ordered{{"io.modelcontextprotocol/protocolVersion", rev}, {"io.modelcontextprotocol/clientCapabilities", ordered{}}}
	out := slices.Clone(obj)
	for i, m := range out {
		if m.key != "params" {
			continue
		}
		p, ok := m.value.(ordered)
		if !ok {
			return msg
		}
		p = slices.Clone(p)
		for j, pm := range p {
			if written, ok := pm.value.(ordered); ok && pm.key == "_meta" {
				p[j].value = append(slices.Clone(meta), written...)
				out[i].value = p
				return out
			}
		}
		out[i].value = append(ordered{{"_meta", meta}}, p...)
		return out
	}
	return append(out, orderedMember{"params", ordered{{"_meta", meta}}})
}

// writeOrdered writes compact JSON, objects in their written order.
func writeOrdered(buf *bytes.Buffer, v any, ref Ref) error {
	switch x := v.(type) {
	case ordered:
		buf.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeScalar(buf, m.key)
			buf.WriteByte(':')
			if err := writeOrdered(buf, m.value, ref); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, it := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeOrdered(buf, it, ref); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case string:
		if m := refRE.FindStringSubmatch(x); m != nil {
			raw, ok := json.RawMessage(nil), false
			if ref != nil {
				raw, ok = ref(m[1], m[2])
			}
			if !ok {
				return fmt.Errorf("step %s has no value at %s", m[1], m[2])
			}
			buf.Write(raw)
			return nil
		}
		writeScalar(buf, x)
	default:
		writeScalar(buf, x)
	}
	return nil
}

func writeScalar(buf *bytes.Buffer, v any) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // scalars from YAML always encode
	buf.Truncate(buf.Len() - 1)
}

// toOrdered turns a value decoded with yaml.UseOrderedMap into JSON-ready
// values: objects as ordered, numbers as json.Number.
func toOrdered(v any) (any, error) {
	switch x := v.(type) {
	case yaml.MapSlice:
		out := make(ordered, 0, len(x))
		for _, it := range x {
			k, ok := it.Key.(string)
			if !ok {
				return nil, fmt.Errorf("the key %v is not a string: JSON keys are strings; quote it", it.Key)
			}
			val, err := toOrdered(it.Value)
			if err != nil {
				return nil, err
			}
			out = append(out, orderedMember{k, val})
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			val, err := toOrdered(it)
			if err != nil {
				return nil, err
			}
			out[i] = val
		}
		return out, nil
	}
	return jsonValue(v)
}

// rawStep is one item of a server exercise's steps, as written.
type rawStep struct {
	line      int
	name      string
	title     any
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
		fl.errf(line, "revisions is a list such as [2025-06-18, 2025-11-25, 2026-07-28]")
		return nil
	}
	var out []string
	for _, it := range list {
		s := fmt.Sprint(it)
		if !grader.KnownRevision(s) {
			fl.errf(line, "revision %q is not a known MCP revision (2025-06-18, 2025-11-25, 2026-07-28)", s)
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
	opts := grader.Options{Protocol: rev, Lang: string(lang), Sender: "server", Request: sent}
	mc := newMsgCtx(received, opts)
	tolerateUnknownMembers(&mc.rep)
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

// allChecks lists the exercise's checks, those of its steps included.
func (e *Exercise) allChecks() []*Check {
	out := slices.Clone(e.Checks)
	for _, st := range e.Steps {
		for _, a := range st.Answers {
			out = append(out, a.Checks...)
		}
	}
	return out
}

// tolerateUnknownMembers turns the checker's "not a field" errors inside
// params and results into warnings: a client receiving a server's reply
// ignores members it does not know, as the specification asks, so a real
// server that adds one (an SDK's extension) is not failed for it; the
// warning still teaches it. The envelope's own unknown members stay errors.
func tolerateUnknownMembers(rep *grader.Report) {
	valid := true
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Code == "mcp.field.unknown" && d.Severity == grader.SeverityError {
			d.Severity, d.Blocking = grader.SeverityWarning, false
		}
		if d.Severity == grader.SeverityError {
			valid = false
		}
	}
	if valid && !rep.Valid {
		rep.Valid = true
	}
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
