package servercheck

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
)

// handshake runs the lifecycle's first step: initialize and
// notifications/initialized, or server/discover in 2026-07-28, which has no
// handshake but tells the capabilities the same way.
func (r *runner) handshake(ctx context.Context, st *exercise.Step, sr *StepResult) error {
	msg := r.handshakeMessage()
	defer r.noteMove(sr)
	reply, err := r.exchange(ctx, msg, sr)
	if err != nil || reply == nil {
		return err
	}
	r.grade(st, msg, reply, sr)
	v, perr := grader.Parse(reply)
	if perr != nil || v == nil {
		return nil
	}
	if code, ok := v.At("/error/code"); ok && code.Raw == "-32601" && r.rev == grader.Rev20260728 {
		sr.Problems = append(sr.Problems, r.say(msgNoDiscover))
	}
	res := v.Get("result")
	if sr.Status == StatusFailed || res == nil || res.Kind != grader.Object {
		// A client does not take a wrong reply for the handshake's: it
		// sends no notifications/initialized, which the conversation
		// would otherwise blame on the playground.
		return nil
	}
	r.shaken = true
	if len(reply) <= maxRefBytes {
		r.replies[st.Name] = reply
	}
	if caps := res.Get("capabilities"); caps != nil && caps.Kind == grader.Object {
		r.caps = caps
	} else {
		r.caps = &grader.Value{Kind: grader.Object}
	}
	if r.rev == grader.Rev20260728 {
		if sv := res.Get("supportedVersions"); sv != nil && sv.Kind == grader.Array && !slices.ContainsFunc(sv.Items, func(v *grader.Value) bool { return v.Str == r.rev }) {
			sr.Problems = append(sr.Problems, r.say(msgUnsupported, r.rev, sv.Raw)+" "+r.runsWhich())
			sr.Status = StatusFailed
		}
		return nil
	}
	if pv := res.Get("protocolVersion"); pv != nil && pv.Kind == grader.String {
		if why := r.answeredRevision(pv.Str); why != "" {
			// A client that does not speak the revision the server chose
			// disconnects: nothing after this would be judged rightly.
			sr.Problems = append(sr.Problems, why)
			sr.Status = StatusFailed
			return nil
		}
		r.rev = pv.Str
	}
	note := []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	sr.keep(Message{From: grader.SenderClient, Message: string(note)}, true)
	if err := r.t.Send(ctx, note, r.sendInfo(note, false)); err != nil {
		sr.Problems = append(sr.Problems, r.say(msgSendFailed, netWords(err, r.opts.Lang)))
		return nil
	}
	r.t.Handshaken(r.rev)
	return nil
}

// noteMove warns when the endpoint answered the handshake from another
// address than the one given (a 307 or 308 the transport followed).
func (r *runner) noteMove(sr *StepResult) {
	m, ok := r.t.(mover)
	if !ok {
		return
	}
	mv, ok := m.Moved()
	if !ok {
		return
	}
	w := r.say(msgMoved, mv.To, "POST "+mv.From, mv.Status)
	if sr.Warning != "" {
		w = sr.Warning + " " + w
	}
	sr.Warning = w
}

// olderRevisions are the published revisions before the ones a check runs:
// those of grader's revision table that the course does not use.
var olderRevisions = func() []string {
	var out []string
	for _, r := range grader.RevisionTable() {
		if !r.Course {
			out = append(out, r.Name)
		}
	}
	return out
}()

// answeredRevision says what is wrong with the revision a server answered
// initialize with ("" when the check can go on in it): the one asked for,
// or another the check runs (a server that does not support the one asked
// answers with one it supports, which the client may accept).
func (r *runner) answeredRevision(pv string) string {
	switch {
	case pv == r.rev, slices.Contains(Revisions, pv) && pv != grader.Rev20260728:
		return ""
	case slices.Contains(olderRevisions, pv), pv == grader.Rev20260728:
		return r.say(msgRevisionNotRun, pv) + " " + r.runsWhich()
	}
	return r.say(msgRevisionUnknown, clip(pv), r.rev) + " " + r.runsWhich()
}

// runsWhich says which revisions the check runs, and how to choose one.
func (r *runner) runsWhich() string {
	if r.opts.OnPage {
		return r.say(msgRunsWhichPage)
	}
	return r.say(msgRunsWhich)
}

func (r *runner) handshakeMessage() []byte {
	if r.rev == grader.Rev20260728 {
		return []byte(`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"` + r.rev +
			`","io.modelcontextprotocol/clientCapabilities":{}}}}`)
	}
	return []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + r.rev +
		`","capabilities":{},"clientInfo":{"name":"` + ClientName + `","version":"1.0.0"}}}`)
}

// wait waits for a notification (or takes one that came earlier).
func (r *runner) wait(ctx context.Context, st *exercise.Step, sr *StepResult) {
	isIt := func(v *grader.Value) bool {
		m := v.Get("method")
		return v.Get("id") == nil && m != nil && m.Kind == grader.String && m.Str == st.Wait
	}
	var got []byte
	for i, raw := range r.queue {
		if v, err := grader.Parse(raw); err == nil && v != nil && isIt(v) {
			got = raw
			seq := r.queued[i]
			r.queue = append(r.queue[:i], r.queue[i+1:]...)
			r.queued = append(r.queued[:i], r.queued[i+1:]...)
			sr.show(Message{From: grader.SenderServer, Message: string(raw)}, seq) // judged when it came
			sr.Received = string(raw)
			break
		}
	}
	if got == nil {
		if r.gone != nil {
			sr.Problems = append(sr.Problems, r.say(msgGone, netWords(r.gone, r.opts.Lang)))
			return
		}
		got, _ = r.readUntil(ctx, sr, func(_ []byte, v *grader.Value) bool { return v != nil && isIt(v) },
			func([]byte, *grader.Value) bool { return false })
		sr.timedOut = false // a notification that does not come is no sign of a server that stopped
		if got == nil {
			if len(sr.Problems) > 0 && ctx.Err() != nil {
				sr.Problems[len(sr.Problems)-1] = r.say(msgNoNotification, st.Wait, r.opts.Timeout.String())
			}
			return
		}
	}
	r.grade(st, nil, got, sr)
}

// maxQueue bounds the notifications kept for later wait steps.
const maxQueue = 64

// other handles a server message that is not the awaited one: it is shown
// with the checker's report, a request is answered, a notification kept
// for a later wait step, and what breaks a rule fails the step.
func (r *runner) other(ctx context.Context, raw []byte, v *grader.Value, sr *StepResult) {
	rep := sr.keep(Message{From: grader.SenderServer, Message: string(raw), Report: &grader.Report{}}, false)
	if v == nil {
		sr.Problems = append(sr.Problems, r.say(msgNotJSONRPC, clip(string(raw))))
		return
	}
	why, conv := firstErrors(rep)
	if why != "" {
		sr.Problems = append(sr.Problems, r.say(msgInvalidServerMessage, why))
		return
	}
	if conv != "" {
		// A conversation problem (the exchange's session.* codes) fails
		// the step unless a more precise problem below says it.
		n := len(sr.Problems)
		defer func() {
			if len(sr.Problems) == n {
				sr.Problems = append(sr.Problems, r.say(msgInvalidServerMessage, conv))
			}
		}()
	}
	method := v.Get("method").Str
	if id := v.Get("id"); id != nil {
		r.answer(ctx, id.Raw, method, sr)
		return
	}
	if path, ok := notificationCapability[method]; ok && r.caps != nil {
		if _, declared := r.caps.At("/" + path); !declared {
			sr.Problems = append(sr.Problems, r.say(msgUndeclared, method, path))
		}
	}
	if len(r.queue) < maxQueue {
		r.queue = append(r.queue, raw)
		r.queued = append(r.queued, sr.last)
	}
}

// firstErrors are the messages of rep's first error about the message
// itself and of its first error about the conversation (session.*).
func firstErrors(rep grader.Report) (msg, conv string) {
	for _, d := range rep.Diagnostics {
		switch {
		case d.Severity != grader.SeverityError:
		case strings.HasPrefix(d.Code, "session."):
			if conv == "" {
				conv = d.Message
			}
		case msg == "":
			msg = d.Message
		}
	}
	return msg, conv
}

// notificationCapability is the server capability each notification needs.
var notificationCapability = map[string]string{
	"notifications/message":                "logging",
	"notifications/tools/list_changed":     "tools/listChanged",
	"notifications/prompts/list_changed":   "prompts/listChanged",
	"notifications/resources/list_changed": "resources/listChanged",
	"notifications/resources/updated":      "resources/subscribe",
}

// answer answers a server request: ping, and -32601 for everything else
// (the playground declares no client capability).
func (r *runner) answer(ctx context.Context, id, method string, sr *StepResult) {
	reply := []byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`)
	if method != "ping" {
		reply = []byte(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":"The playground's check client does not support ` + jsonEscape(method) + `"}}`)
	}
	sr.keep(Message{From: grader.SenderClient, Message: string(reply)}, true)
	if err := r.t.Send(ctx, reply, r.sendInfo(reply, false)); err != nil {
		sr.Problems = append(sr.Problems, r.say(msgSendFailed, netWords(err, r.opts.Lang)))
	}
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// clip shortens a text for a message.
func clip(s string) string {
	const max = 120
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}
