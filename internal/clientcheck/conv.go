package clientcheck

import (
	"context"
	"strconv"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
)

// got is one message of the client, judged.
type got struct {
	raw    []byte
	v      *grader.Value // nil when it is not a JSON object
	ev     exchange.Event
	in     inbound
	kind   grader.Kind
	method string
	id     string // the id as written ("" when none)
}

func (g *got) isRequest(method string) bool {
	return g.kind == grader.KindRequest && (method == "" || g.method == method)
}

func (g *got) isNotification(method string) bool {
	return g.kind == grader.KindNotification && g.method == method
}

func (g *got) isResponse() bool {
	return g.v != nil && g.v.Get("method") == nil && g.v.Get("id") != nil
}

// at is the value at pointer, or nil.
func (g *got) at(pointer string) *grader.Value {
	if g.v == nil {
		return nil
	}
	v, _ := g.v.At(pointer)
	return v
}

// label names a message for a person: its method, or "response id N".
func (g *got) label() string {
	switch {
	case g.method != "":
		return "`" + g.method + "`"
	case g.id != "":
		return "response " + g.id
	}
	return "?"
}

// take judges a message of the client as the next of the conversation and
// adds it to the step.
func (r *runner) take(in inbound, sr *stepRun) *got {
	r.heard = true
	r.received++
	ev := r.x.Add(exchange.Message{Raw: in.raw, From: grader.SenderClient, Time: time.Now()})
	g := &got{raw: in.raw, ev: ev, in: in, kind: ev.Kind, method: ev.Method, id: string(ev.ID)}
	if v, err := grader.Parse(in.raw); err == nil && v != nil && v.Kind == grader.Object {
		g.v = v
		if id := v.Get("id"); id != nil {
			g.id = id.Raw
		}
	}
	rep := ev.Report
	sr.keep(Message{From: grader.SenderClient, Message: string(in.raw), Report: &rep})
	if blocking(rep) {
		sr.bad++
	}
	if in.problem != "" {
		sr.problem(in.problem)
	}
	r.checkHeaders(g, sr)
	r.checkMeta(g, sr)
	return g
}

// show adds to the step a message an earlier step took.
func (sr *stepRun) show(g *got) {
	rep := g.ev.Report
	sr.keep(Message{From: grader.SenderClient, Message: string(g.raw), Report: &rep})
}

// expect reads the client's messages until one is what want accepts,
// answering the others as the gift server does. It returns nil when none
// came in time, or the client went away: missing then says so.
func (r *runner) expect(ctx context.Context, sr *stepRun, want func(*got) bool) *got {
	for n := 0; ; n++ {
		if len(r.unread) > 0 {
			g := r.unread[0]
			r.unread = r.unread[1:]
			sr.show(g)
			if want(g) {
				return g
			}
			r.handle(g, sr)
			continue
		}
		if r.gone != "" {
			return nil
		}
		if n >= MaxMessagesPerStep {
			sr.problem(keyFlood, MaxMessagesPerStep)
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case in := <-r.s.inbox:
			if in.gone {
				r.gone = r.say(in.err, in.args...)
				return nil
			}
			g := r.take(in, sr)
			if want(g) {
				return g
			}
			r.handle(g, sr)
		}
	}
}

// missing says why what the step waited for did not come.
func (r *runner) missing(sr *stepRun, what string) {
	if r.gone != "" {
		sr.problem(keyGoneBefore, r.gone, what)
		return
	}
	sr.problem(keyNothing, what, r.opts.Timeout.String())
}

// unread leaves g for the next step.
func (r *runner) leave(g *got) { r.unread = append(r.unread, g) }

// emit sends a message of the server on out and adds it to the step.
func (r *runner) emit(sr *stepRun, out sink, raw []byte, final bool) {
	r.x.Add(exchange.Message{Raw: raw, From: grader.SenderServer, Time: time.Now()})
	sr.keep(Message{From: grader.SenderServer, Message: string(raw)})
	if final {
		out.finish(raw)
	} else {
		out.send(raw)
	}
}

// reply answers request g with a result (raw JSON object) or an error.
func (r *runner) reply(sr *stepRun, g *got, result string) {
	raw := []byte(`{"jsonrpc":"2.0","id":` + g.id + `,"result":` + r.stamp(result) + `}`)
	r.emit(sr, g.in.out, raw, true)
	if sr.key == g {
		sr.Sent = keepText(string(raw))
	}
}

func (r *runner) replyError(sr *stepRun, g *got, code int, message string) {
	id := g.id
	if id == "" {
		id = "null"
	}
	raw := []byte(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":` + strconv.Itoa(code) + `,"message":` + quote(message) + `}}`)
	r.emit(sr, g.in.out, raw, true)
	if sr.key == g {
		sr.Sent = keepText(string(raw))
	}
}

// ask sends a request of the server on out (the stream of a call the step
// holds) and returns its id.
func (r *runner) ask(sr *stepRun, out sink, method, params string) string {
	r.serverID++
	id := strconv.Itoa(r.serverID)
	raw := []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":` + params + `}`)
	r.pending[id] = &got{method: method}
	r.emit(sr, out, raw, false)
	sr.Sent = keepText(string(raw))
	return id
}

// notify sends a notification of the server on out.
func (r *runner) notify(sr *stepRun, out sink, method, params string) {
	r.emit(sr, out, []byte(`{"jsonrpc":"2.0","method":"`+method+`","params":`+params+`}`), false)
}

// answer waits for the client's answer to the server's request id.
func (r *runner) answer(ctx context.Context, sr *stepRun, id, method string) *got {
	if a, ok := r.answers[id]; ok {
		return a
	}
	g := r.expect(ctx, sr, func(g *got) bool { return g.isResponse() && g.id == id })
	if g == nil {
		if r.gone == "" {
			sr.problem(keyUnanswered, method, id, r.opts.Timeout.String())
			sr.lookAt(keyLookUnanswered, method)
		} else {
			r.missing(sr, "`"+method+"`")
		}
		return nil
	}
	delete(r.pending, id)
	sr.about(g)
	return g
}
