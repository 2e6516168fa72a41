package exercise

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"github.com/goccy/go-yaml"

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
	// rule is, in a client exercise, the rule of the specification the
	// step checks.
	rule map[i18n.Lang]string
	send any // the message as written, with its members in order (ordered)
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
