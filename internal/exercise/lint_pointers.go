package exercise

import (
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// unknownMember are the checker's codes for a member the schema of a
// message does not have.
var unknownMember = []string{"mcp.field.unknown", "jsonrpc.field.unknown", "jsonrpc.error.unknown-field"}

// lintPointers reports the present and absent checks whose pointer names a
// member that no solution, starter or wrong answer has and that the schema
// of the message does not know either: most likely a typo (/reslt), which
// makes an absent check pass on everything.
func (ex *Exercise) lintPointers() []error {
	if !ex.Kind.IsMessage() && ex.Kind != KindLive {
		return nil
	}
	var errs []error
	for _, c := range ex.Checks {
		if (c.Rule != RulePresent && c.Rule != RuleAbsent) || c.pointer == "" || ex.pointerWritten(c.pointer) {
			continue
		}
		if code, ok := ex.schemaRefuses(c); ok {
			errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "%s: %s names a member that no solution, starter or wrong answer has, and that the schema of this message does not know either (the checker says %s): is it a typo? If it is not, write the answer that has it in # Wrong", c.Rule, c.pointer, code))
		}
	}
	return errs
}

// pointerWritten reports whether some answer written in the file has a
// value at pointer (in live exercises, in one of its messages).
func (ex *Exercise) pointerWritten(pointer string) bool {
	texts := slices.Clone(ex.Solutions)
	if ex.starter != nil {
		texts = append(texts, ex.Starter)
	}
	for _, w := range ex.wrong {
		texts = append(texts, w.text)
	}
	for _, t := range texts {
		root, err := grader.Parse([]byte(t))
		if err != nil {
			continue
		}
		if ex.Kind != KindLive {
			if _, ok := root.At(pointer); ok {
				return true
			}
			continue
		}
		if list := root.Get("exchange"); list != nil {
			for _, it := range list.Items {
				if m := it.Get("message"); m != nil {
					if _, ok := m.At(pointer); ok {
						return true
					}
				}
			}
		}
	}
	return false
}

// schemaRefuses adds the member c names to the first solution's message
// that c looks at, and returns the checker's code when it calls the member
// unknown.
func (ex *Exercise) schemaRefuses(c *Check) (string, bool) {
	if len(ex.Solutions) == 0 {
		return "", false
	}
	for _, m := range ex.messagesFor(c) {
		doc, err := decodeDoc(m.text)
		if err != nil {
			continue
		}
		toks := pointerTokens(c.pointer)
		parent, ok := lookup(doc, toks[:len(toks)-1])
		if _, isObj := parent.(map[string]any); !ok || !isObj {
			continue
		}
		added := marshal(replaceAt(doc, toks, "x", false))
		rep := grader.Check([]byte(added), m.opts)
		for _, d := range rep.Diagnostics {
			if d.Pointer == c.pointer && slices.Contains(unknownMember, d.Code) {
				return d.Code, true
			}
		}
		return "", false
	}
	return "", false
}

// candidate is one message of a solution that a check looks at.
type candidate struct {
	text []byte
	opts grader.Options
}

// messagesFor lists the messages of the first solution that c looks at:
// the message itself, or the messages of the exchange its selector picks.
func (ex *Exercise) messagesFor(c *Check) []candidate {
	sol := ex.Solutions[0]
	if ex.Kind != KindLive {
		var req []byte
		if ex.Kind == KindReply {
			req = []byte(ex.Request)
		}
		return []candidate{{text: []byte(sol), opts: ex.options(i18n.Default, ex.Sender, req)}}
	}
	msgs, err := readExchange([]byte(sol))
	if err != nil {
		return nil
	}
	run := ex.newLiveRun(msgs, i18n.Default)
	sel := c.sel
	if sel == nil {
		sel = &selector{from: grader.SenderClient}
	}
	var out []candidate
	for i := range msgs {
		if run.picks(sel, i) {
			out = append(out, candidate{text: msgs[i].text, opts: run.ctxs[i].opts})
		}
	}
	return out
}

func decodeDoc(text []byte) (any, error) {
	root, err := grader.Parse(text)
	if err != nil {
		return nil, err
	}
	return root.Interface(), nil
}

func pointerTokens(p string) []string {
	toks := strings.Split(p[1:], "/")
	for i := range toks {
		toks[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(toks[i])
	}
	return toks
}
