package exercise

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
)

// Version is a short hash of what grades an answer: the kind and protocol,
// the starter and what the exercise shows, the solutions, the choices'
// values, the checks and the steps. Texts, hints, feedback and line
// numbers are left out: rewording an exercise or moving its checks down a
// line does not change a verdict, so it is not a new version. Each attempt
// records the version it was graded against; regrade and the dashboard
// compare it with today's.
func (e *Exercise) Version() string {
	h := sha256.New()
	fmt.Fprintf(h, "kind %s\nprotocol %s\nsender %s\n", e.Kind, e.Protocol, e.Sender)
	for _, part := range [][]string{{e.Starter, e.Request, e.Log}, e.Messages, e.LogFrom, e.Requests, e.Responses, e.Solutions, e.Revisions} {
		writeStrings(h, part)
	}
	for _, c := range e.choices {
		fmt.Fprintf(h, "choice %q\n", c.value)
	}
	for _, c := range e.Checks {
		writeCheck(h, c)
	}
	for _, st := range e.Steps {
		fmt.Fprintf(h, "step %q %v %q %q %q %q %s\n", st.Name, st.Action, st.Wait, st.When, st.Revisions, st.Needs, jsonOf(st.send))
		for _, a := range st.Answers {
			io.WriteString(h, "answer\n")
			for _, c := range a.Checks {
				writeCheck(h, c)
			}
		}
	}
	for _, m := range e.Mistakes {
		fmt.Fprintf(h, "mistake %q %q\n", m.Mistake, m.Step)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func writeStrings(h hash.Hash, xs []string) {
	fmt.Fprintf(h, "%d\n", len(xs))
	for _, x := range xs {
		fmt.Fprintf(h, "%d:%s\n", len(x), x)
	}
}

// writeCheck writes what a check compares, never a pointer's address.
func writeCheck(h hash.Hash, c *Check) {
	fmt.Fprintf(h, "check %q %s %q %s %s %q %q %q %d %v %v\n", c.ID, c.Rule, c.pointer, jsonOf(c.value), jsonOf(c.values),
		c.names, c.other, c.idMode, c.item, c.pairs, c.Implicit)
	for _, sel := range []*selector{c.sel, c.of} {
		if sel != nil {
			fmt.Fprintf(h, "select %+v\n", *sel)
		}
	}
	for _, o := range c.order {
		fmt.Fprintf(h, "order %s", o.how)
		if o.sel != nil {
			fmt.Fprintf(h, " %+v", *o.sel)
		}
		io.WriteString(h, "\n")
	}
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}
