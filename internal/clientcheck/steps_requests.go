package clientcheck

import (
	"context"

	"github.com/mcpplayground/playground/internal/grader"
)

// stepCapabilities: initialize declared roots, elicitation and sampling,
// the features the server is about to use.
func stepCapabilities(r *runner, _ context.Context, sr *stepRun) {
	if r.initMsg == nil {
		sr.problem(keyNoInitializeYet)
		return
	}
	sr.show(r.initMsg)
	sr.about(r.initMsg)
	for _, c := range []string{"roots", "elicitation", "sampling"} {
		if r.caps == nil || r.caps.Get(c) == nil || r.caps.Get(c).Kind != grader.Object {
			sr.problem(keyUndeclared, c)
			sr.lookAt(keyLookCapabilities)
		}
	}
}

// stepCallPreferences: the client calls ask_gift_preferences, which the
// next steps hold open while the server asks the client things.
func stepCallPreferences(r *runner, ctx context.Context, sr *stepRun) {
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
	r.held = g
}

// stepPing: the server logs a line (a notification: no reply), then
// pings; the client answers the ping with an empty result.
func stepPing(r *runner, ctx context.Context, sr *stepRun) {
	out := r.held.in.out
	r.notify(sr, out, "notifications/message", `{"level":"info","logger":"gift-server","data":`+quote(r.say(keyLogLine))+`}`)
	id := r.ask(sr, out, "ping", `{}`)
	a := r.answer(ctx, sr, id, "ping")
	if a == nil {
		return
	}
	if res := a.at("/result"); res == nil || res.Kind != grader.Object {
		sr.problem(keyPingResult)
	}
}

// stepRoots: the client answers roots/list with its roots.
func stepRoots(r *runner, ctx context.Context, sr *stepRun) {
	id := r.ask(sr, r.held.in.out, "roots/list", `{}`)
	a := r.answer(ctx, sr, id, "roots/list")
	if a == nil {
		return
	}
	roots := a.at("/result/roots")
	if roots == nil || roots.Kind != grader.Array {
		sr.problem(keyRootsResult)
		return
	}
	for _, it := range roots.Items {
		if u := it.Get("uri"); u == nil || u.Kind != grader.String || len(u.Str) < 7 || u.Str[:7] != "file://" {
			sr.problem(keyRootURI)
		}
	}
}

// elicitSchema is what ask_gift_preferences asks for.
const elicitSchema = `{"type":"object","properties":{"category":{"type":"string","title":"Category","enum":["books","games","music","outdoors"]},"maxBudget":{"type":"number","title":"Budget","minimum":0}},"required":["category"]}`

// stepElicit: the client answers elicitation/create with the action the
// exercise asks for (the question says which).
func stepElicit(action string) func(*runner, context.Context, *stepRun) {
	return func(r *runner, ctx context.Context, sr *stepRun) {
		params := `{"message":` + quote(r.say("elicit-"+action)) + `,"requestedSchema":` + elicitSchema
		if r.rev != grader.Rev20250618 {
			params += `,"mode":"form"`
		}
		id := r.ask(sr, r.held.in.out, "elicitation/create", params+`}`)
		a := r.answer(ctx, sr, id, "elicitation/create")
		if a != nil {
			r.checkElicit(a.at("/result"), sr, action)
		}
		if action == "cancel" || a == nil {
			held := r.held
			r.held = nil
			r.reply(sr, held, textResult("Thank you: a board game fits what you said."))
		}
	}
}

func (r *runner) checkElicit(res *grader.Value, sr *stepRun, action string) {
	var got, content *grader.Value
	if res != nil && res.Kind == grader.Object {
		got, content = res.Get("action"), res.Get("content")
	}
	if got == nil || got.Kind != grader.String {
		sr.problem(keyElicitNoAction, action)
		sr.lookAt(keyLookElicit)
		return
	}
	if got.Str != action {
		sr.problem(keyElicitAction, got.Str, action)
		sr.lookAt(keyLookElicit)
	}
	switch {
	case action == "accept" && (content == nil || content.Kind != grader.Object):
		sr.problem(keyElicitContent)
	case action == "accept":
		c := content.Get("category")
		if c == nil || c.Kind != grader.String || !oneOf(c.Str, "books", "games", "music", "outdoors") {
			sr.problem(keyElicitCategory)
		}
	case content != nil:
		sr.problem(keyElicitNoContent, action)
	}
}

func oneOf(s string, list ...string) bool {
	for _, l := range list {
		if s == l {
			return true
		}
	}
	return false
}

// stepSampling: the client calls write_card_message and answers the
// server's sampling/createMessage with its model's message.
func stepSampling(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call` write_card_message")
		return
	}
	if !r.checkCall(g, sr, "write_card_message") {
		sr.about(g)
		r.callTool(g, sr)
		return
	}
	params := `{"messages":[{"role":"user","content":{"type":"text","text":` + quote(r.say(keySamplingPrompt)) + `}}],"maxTokens":100}`
	id := r.ask(sr, g.in.out, "sampling/createMessage", params)
	a := r.answer(ctx, sr, id, "sampling/createMessage")
	defer r.reply(sr, g, textResult("The card is written."))
	if a == nil {
		return
	}
	role, model := a.at("/result/role"), a.at("/result/model")
	content := a.at("/result/content")
	if role == nil || role.Str != "assistant" || model == nil || model.Kind != grader.String || content == nil || (content.Kind != grader.Object && content.Kind != grader.Array) {
		sr.problem(keySamplingResult)
		sr.lookAt(keyLookSampling)
	}
}
