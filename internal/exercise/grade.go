package exercise

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Grade runs the exercise's checks on one answer. For fix, write and reply
// the answer is the learner's message as typed; for classify, match and live
// it is the small JSON document FORMAT.md describes ("How answers are
// encoded"). Grade never panics: the checker's limits (1 MiB, 64 levels of
// nesting) bound the work whatever the answer holds.
func (e *Exercise) Grade(answer string, lang i18n.Lang) Result {
	if d := def(e.Kind); d != nil {
		return d.grade(e, answer, lang)
	}
	return e.gradeMessage(answer, lang)
}

// msgCtx is one message under check.
type msgCtx struct {
	text    []byte
	root    *grader.Value // nil when nothing could be read
	rep     grader.Report
	opts    grader.Options
	request *grader.Value // the request it answers, if known
	base    string        // pointer of the message inside the answer (live)
	live    *liveRun      // the session it belongs to (live), else nil
	index   int           // its index in that session
}

func (e *Exercise) options(lang i18n.Lang, sender string, request []byte) grader.Options {
	return grader.Options{Protocol: e.Protocol, Lang: lang, Sender: sender, Request: request}
}

func newMsgCtx(text []byte, opts grader.Options) *msgCtx {
	return newMsgCtxJudged(text, opts, grader.Check(text, opts))
}

// newMsgCtxJudged is the context of a message whose report rep its
// conversation gave already.
func newMsgCtxJudged(text []byte, opts grader.Options, rep grader.Report) *msgCtx {
	mc := &msgCtx{text: text, opts: opts, rep: rep}
	mc.root, _ = grader.Parse(text) // a recovered tree still lets structural checks run
	if opts.Request != nil {
		mc.request, _ = grader.Parse(opts.Request)
	}
	return mc
}

func (e *Exercise) gradeMessage(answer string, lang i18n.Lang) Result {
	var req []byte
	if e.Kind == KindReply {
		req = []byte(e.Request)
	}
	mc := newMsgCtx([]byte(answer), e.options(lang, e.Sender, req))
	res := Result{Passed: true, Report: mc.rep}
	for _, c := range e.Checks {
		o := c.eval(mc)
		res.add(c, o, lang, "")
	}
	return res
}

// outcome is a check's verdict with where it looked.
type outcome struct {
	passed  bool
	pointer string
	line    int
	column  int
}

func (res *Result) add(c *Check, o outcome, lang i18n.Lang, feedback string) {
	cr := CheckResult{ID: c.ID, Passed: o.passed, Message: c.Describe(lang), Pointer: o.pointer, Line: o.line, Column: o.column}
	if !o.passed {
		res.Passed = false
		cr.Feedback = feedback
		if cr.Feedback == "" {
			cr.Feedback = c.Feedback(lang)
		}
	}
	res.Checks = append(res.Checks, cr)
}

func at(mc *msgCtx, v *grader.Value, pointer string) outcome {
	o := outcome{pointer: mc.base + pointer}
	if v != nil {
		o.line, o.column = v.Pos.Line, v.Pos.Column
	}
	return o
}

// eval runs a message check.
func (c *Check) eval(mc *msgCtx) outcome {
	root := mc.root
	switch c.Rule {
	case RuleValid:
		o := at(mc, root, "")
		o.passed = mc.rep.Valid
		if d := firstError(mc.rep, ""); d != nil {
			o.pointer, o.line, o.column = mc.base+d.Pointer, d.Line, d.Column
		}
		return o
	case RuleKind:
		// The kind the message is meant to be: a request with a trailing
		// comma is invalid to a receiver (the valid check says so), but it
		// is still a request.
		o := at(mc, root, "")
		kind := mc.rep.Kind
		if kind == grader.KindInvalid && mc.rep.LooksLike != "" {
			kind = mc.rep.LooksLike
		}
		o.passed = string(kind) == c.value
		return o
	case RuleMethod:
		v, p := nearest(root, "/method")
		o := at(mc, v, p)
		m, ok := root.At("/method")
		o.passed = ok && m.Kind == grader.String && m.Str == c.value
		return o
	case RuleEquals, RuleType, RulePresent, RuleAbsent:
		v, ok := root.At(c.pointer)
		near, p := nearest(root, c.pointer)
		o := at(mc, near, p)
		switch c.Rule {
		case RuleEquals:
			o.passed = ok && equal(v, c.value)
		case RuleType:
			o.passed = ok && slices.Contains(jsonType(v), c.value.(string))
		case RulePresent:
			o.passed = ok
		case RuleAbsent:
			o.passed = root != nil && !ok
		}
		return o
	case RuleID:
		v, p := nearest(root, "/id")
		o := at(mc, v, p)
		id, ok := root.At("/id")
		switch c.idMode {
		case "any":
			o.passed = ok && isValidID(id)
		case "same":
			reqID, _ := mc.request.At("/id")
			o.passed = ok && isValidID(id) && sameValue(id, reqID)
		default:
			o.passed = ok && equal(id, c.value)
		}
		return o
	case RuleResultShape:
		return c.evalResultShape(mc)
	case RuleNotEmpty, RuleOneOf, RuleNoneOf, RuleOnlyMembers:
		return c.evalWeigh(mc)
	case RuleSameAs, RuleDiffersFrom:
		return c.evalSameAs(mc)
	case RuleMentions, RuleURI, RuleBase64, RuleIncludes:
		return c.evalContent(mc)
	}
	return outcome{}
}

// evalResultShape asks the checker to read the message as the response to a
// request for the method: the checker owns the shapes of results.
func (c *Check) evalResultShape(mc *msgCtx) outcome {
	v, p := nearest(mc.root, "/result")
	o := at(mc, v, p)
	if mc.rep.Kind != grader.KindResponse {
		return o
	}
	id := json.RawMessage("1")
	if v, ok := mc.root.At("/id"); ok && isValidID(v) {
		id = json.RawMessage(v.Raw)
	}
	req, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": c.value})
	if err != nil {
		return o
	}
	opts := mc.opts
	opts.Request = req
	rep := grader.Check(mc.text, opts)
	if d := firstError(rep, "/result"); d != nil {
		o.pointer, o.line, o.column = mc.base+d.Pointer, d.Line, d.Column
		return o
	}
	o.passed = true
	return o
}

// firstError returns the blocking error, or the first error, at or under
// the pointer prefix ("" for anywhere).
func firstError(rep grader.Report, prefix string) *grader.Diagnostic {
	var first *grader.Diagnostic
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Severity != grader.SeverityError {
			continue
		}
		if prefix != "" && d.Pointer != prefix && !strings.HasPrefix(d.Pointer, prefix+"/") {
			continue
		}
		if d.Blocking {
			return d
		}
		if first == nil {
			first = d
		}
	}
	return first
}

// answers is a classify or match answer: one value per item.
type answers struct {
	root  *grader.Value
	items []*grader.Value
}

// readAnswers reads {"answers": [...]} with one value per item.
func (e *Exercise) readAnswers(src []byte) (*answers, error) {
	root, err := grader.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	list := root.Get("answers")
	if root.Kind != grader.Object || list == nil || list.Kind != grader.Array {
		return nil, errors.New(`expected {"answers": [...]}`)
	}
	if len(list.Items) != e.Items() {
		return nil, fmt.Errorf("expected %d answers, one per %s, not %d", e.Items(), itemWord(e.Kind), len(list.Items))
	}
	return &answers{root: root, items: list.Items}, nil
}

func (e *Exercise) gradeAnswers(answer string, lang i18n.Lang) Result {
	res := Result{Passed: true, Report: emptyReport(e.Protocol)}
	a, err := e.readAnswers([]byte(answer))
	if err != nil {
		res.Problem = problems[string(e.Kind)][idx(lang)]
	}
	for _, c := range e.Checks {
		o := outcome{pointer: "/answers/" + strconv.Itoa(c.item-1)}
		feedback := ""
		if a != nil {
			got := a.items[c.item-1]
			o.line, o.column = got.Pos.Line, got.Pos.Column
			o.passed = equal(got, c.value)
			if !o.passed && got.Kind == grader.String {
				for _, ch := range e.choices {
					if ch.value == got.Str {
						feedback = pick(ch.feedback, lang)
					}
				}
			}
		}
		// The check's feedback is about this item; the choice's is about
		// the choice in general: the learner needs the specific one first,
		// and loses nothing by reading both.
		if own := c.Feedback(lang); own != "" && feedback != "" {
			feedback = own + " " + feedback
		}
		res.add(c, o, lang, feedback)
	}
	return res
}

func emptyReport(protocol string) grader.Report {
	return grader.Report{Protocol: protocol, Diagnostics: []grader.Diagnostic{}}
}

// exchangeMsg is one message of a live session.
type exchangeMsg struct {
	from grader.Sender
	text []byte
	root *grader.Value // the message inside the exchange, when it is JSON
	base string        // its pointer in the answer
	req  int           // index of the request it answers, -1 if none (newLiveRun)
}

const maxExchange = 1000 // messages of one live session that are graded

// readExchange reads {"exchange": [{"from": …, "message": …}, …]}.
func readExchange(src []byte) ([]*exchangeMsg, error) {
	root, err := grader.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	list := root.Get("exchange")
	if root.Kind != grader.Object || list == nil || list.Kind != grader.Array {
		return nil, errors.New(`expected {"exchange": [{"from": "client", "message": {…}}, …]}`)
	}
	if len(list.Items) > maxExchange {
		return nil, fmt.Errorf("more than %d messages", maxExchange)
	}
	out := make([]*exchangeMsg, 0, len(list.Items))
	for i, it := range list.Items {
		from, msg := it.Get("from"), it.Get("message")
		if from == nil || from.Kind != grader.String || (from.Str != grader.SenderClient && from.Str != grader.SenderServer) || msg == nil {
			return nil, fmt.Errorf(`message %d: expected {"from": "client" or "server", "message": …}`, i+1)
		}
		m := &exchangeMsg{from: from.Str, base: "/exchange/" + strconv.Itoa(i) + "/message", req: -1}
		if msg.Kind == grader.String {
			m.text = []byte(msg.Str) // text that was sent but is not JSON
		} else {
			m.text, m.root = []byte(msg.Raw), msg
		}
		out = append(out, m)
	}
	return out, nil // newLiveRun pairs them, through the exchange
}

func (e *Exercise) gradeLive(answer string, lang i18n.Lang) Result {
	res := Result{Passed: true, Report: emptyReport(e.Protocol)}
	msgs, err := readExchange([]byte(answer))
	if err != nil {
		res.Problem = problems["live"][idx(lang)]
	}
	run := e.newLiveRun(msgs, lang)
	for _, c := range e.Checks {
		if c.Rule == RuleValid {
			o, feedback := run.judge(c, lang)
			res.add(c, o, lang, feedback)
			continue
		}
		sel := c.sel
		if sel == nil {
			sel = &selector{from: grader.SenderClient}
		}
		o := outcome{pointer: "/exchange"}
		var firstFail *outcome
		for i := range msgs {
			if !run.picks(sel, i) {
				continue
			}
			r := c.eval(run.ctxs[i])
			r.passed = r.passed && c.inOrder(run, i)
			if r.passed {
				o = r
				break
			}
			if firstFail == nil {
				firstFail = &r
			}
		}
		if !o.passed && firstFail != nil {
			o = *firstFail
		}
		res.add(c, o, lang, "")
	}
	return res
}
