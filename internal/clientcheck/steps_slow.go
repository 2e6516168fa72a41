package clientcheck

import (
	"context"

	"github.com/mcpplayground/playground/internal/grader"
)

// stepSlowCall: the client calls prepare_delivery with a progressToken in
// params._meta; the server holds the call.
func stepSlowCall(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` prepare_delivery")
		return
	}
	sr.about(g)
	if !r.checkCall(g, sr, "prepare_delivery") {
		r.callTool(g, sr)
		return
	}
	tok := g.at("/params/_meta/progressToken")
	if tok == nil || (tok.Kind != grader.String && tok.Kind != grader.Number) {
		sr.problem(keyNoProgressToken)
		sr.lookAt(keyLookProgressToken)
	}
	r.held = g
}

func (r *runner) progress(sr *stepRun, n int) {
	tok := r.held.at("/params/_meta/progressToken")
	if tok == nil {
		return
	}
	r.notify(sr, r.held.in.out, "notifications/progress", `{"progressToken":`+tok.Raw+`,"progress":`+num(float64(n))+`,"total":5,"message":`+quote(r.say(keyPacking, n))+`}`)
}

// stepPingWhileBusy: after the first progress notification the client
// sends ping while the call is in flight, with an id of its own.
func stepPingWhileBusy(r *runner, ctx context.Context, sr *stepRun) {
	r.progress(sr, 1)
	g := r.expect(ctx, sr, request("ping"))
	if g == nil {
		r.missing(sr, "`ping`")
		return
	}
	sr.about(g)
	if g.id == r.held.id {
		sr.problem(keyIDInFlight, g.id)
		sr.lookAt(keyLookIDs)
	}
	r.reply(sr, g, `{}`)
}

// stepCancel: after the second progress notification the client cancels
// the call in flight, naming its id; the server then sends no reply.
func stepCancel(r *runner, ctx context.Context, sr *stepRun) {
	r.progress(sr, 2)
	held := r.held
	g := r.expect(ctx, sr, func(g *got) bool { return g.isNotification("notifications/cancelled") })
	r.held = nil
	defer held.in.out.finish(nil)
	if g == nil {
		r.missing(sr, "`notifications/cancelled`")
		sr.lookAt(keyLookCancel)
		return
	}
	sr.about(g)
	rid := g.at("/params/requestId")
	switch {
	case rid == nil:
		sr.problem(keyCancelNoID, held.id)
		sr.lookAt(keyLookCancel)
	case rid.Raw != held.id:
		sr.problem(keyCancelWrongID, rid.Raw, held.id)
		sr.lookAt(keyLookCancel)
	}
}
