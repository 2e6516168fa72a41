package clientcheck

import (
	"context"

	"github.com/mcpplayground/playground/internal/grader"
)

// stepDiscover: a 2026-07-28 client starts with server/discover, not
// initialize (every request carries _meta: checkMeta).
func stepDiscover(r *runner, ctx context.Context, sr *stepRun) {
	for {
		g := r.expect(ctx, sr, request(""))
		if g == nil {
			r.missing(sr, "`server/discover`")
			return
		}
		sr.about(g)
		switch g.method {
		case "server/discover":
			r.handle(g, sr)
			return
		case "initialize":
			sr.problem(keyInitialize2026)
			sr.lookAt(keyLookDiscover)
			r.replyError(sr, g, -32601, `Method not found: 2026-07-28 has no initialize; send server/discover`)
		default:
			sr.problem(keyBeforeDiscover, g.label())
			sr.lookAt(keyLookDiscover)
			r.leave(g)
			return
		}
	}
}

// stepCallMeta: a tools/call whose params carry the per-request _meta and
// whose arguments fit the input schema.
func stepCallMeta(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` suggest_gifts")
		return
	}
	sr.about(g)
	r.checkCall(g, sr, "suggest_gifts")
	r.callTool(g, sr)
}

// stepInputRequired: ask_gift_preferences is answered input_required: an
// elicitation to answer in the retry, and a requestState to send back.
func stepInputRequired(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` ask_gift_preferences")
		return
	}
	sr.about(g)
	if !r.checkCall(g, sr, "ask_gift_preferences") {
		r.callTool(g, sr)
		return
	}
	state := randomToken(12)
	args := ""
	if a := g.at("/params/arguments"); a != nil {
		args = a.Raw
	}
	r.state[state] = &held{id: g.id, name: "ask_gift_preferences", args: args}
	r.lastState = state
	r.reply(sr, g, `{"resultType":"input_required","inputRequests":{"preferences":{"method":"elicitation/create","params":{"mode":"form","message":`+
		quote(r.say("elicit-accept"))+`,"requestedSchema":`+elicitSchema+`}}},"requestState":"`+state+`"}`)
}

// stepRetry: the client retries the call with a new id, its answer in
// inputResponses and the requestState unchanged.
func stepRetry(r *runner, ctx context.Context, sr *stepRun) {
	if r.lastState == "" {
		sr.problem(keyNoInputRequired)
		return
	}
	first := r.state[r.lastState]
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` ask_gift_preferences")
		sr.lookAt(keyLookRetry)
		return
	}
	sr.about(g)
	if !r.checkCall(g, sr, "ask_gift_preferences") {
		r.callTool(g, sr)
		return
	}
	if g.id == first.id {
		sr.problem(keyRetrySameID, g.id)
	}
	st := g.at("/params/requestState")
	switch {
	case st == nil:
		sr.problem(keyNoState)
	case st.Kind != grader.String || st.Str != r.lastState:
		sr.problem(keyChangedState)
	}
	resp := g.at("/params/inputResponses/preferences")
	if resp == nil {
		sr.problem(keyNoInputResponses)
	} else {
		r.checkElicit(resp, sr, "accept")
	}
	if len(sr.Problems) > 0 {
		sr.lookAt(keyLookRetry)
		r.replyError(sr, g, -32602, "Invalid params: the retry must carry inputResponses and the requestState of the input_required result, unchanged")
		return
	}
	r.reply(sr, g, textResult("Thank you: a board game fits what you said."))
}
