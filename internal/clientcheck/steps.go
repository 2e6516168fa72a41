package clientcheck

import (
	"context"
	"slices"
	"sort"
)

// behaviours are the steps a client exercise can list, by name.
var behaviours = map[string]behaviour{
	"initialize":       {run: stepInitialize},
	"initialized":      {run: stepInitialized},
	"handshake":        {run: stepHandshake},
	"tools-list":       {run: stepToolsList},
	"first-call":       {run: stepFirstCall},
	"capabilities":     {run: stepCapabilities},
	"call-preferences": {run: stepCallPreferences},
	"ping":             {run: stepPing, needsHeld: true},
	"roots":            {run: stepRoots, needsHeld: true},
	"elicit-accept":    {run: stepElicit("accept"), needsHeld: true},
	"elicit-decline":   {run: stepElicit("decline"), needsHeld: true},
	"elicit-cancel":    {run: stepElicit("cancel"), needsHeld: true},
	"sampling":         {run: stepSampling},
	"slow-call":        {run: stepSlowCall},
	"ping-while-busy":  {run: stepPingWhileBusy, needsHeld: true},
	"cancel":           {run: stepCancel, needsHeld: true},
	"pages":            {run: stepPages},
	"unlock":           {run: stepUnlock},
	"relist":           {run: stepRelist},
	"call-new-tool":    {run: stepCallNewTool},
	"discover":         {run: stepDiscover},
	"call-meta":        {run: stepCallMeta},
	"input-required":   {run: stepInputRequired},
	"retry":            {run: stepRetry},
}

// Steps lists the names a client exercise's steps can have, sorted.
func Steps() []string {
	out := make([]string, 0, len(behaviours))
	for name := range behaviours {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// KnownStep reports whether name is a step of this package.
func KnownStep(name string) bool {
	_, ok := behaviours[name]
	return ok
}

// request is a want: a request of the client with that method.
func request(method string) func(*got) bool {
	return func(g *got) bool { return g.isRequest(method) }
}

// anyRequestBut is a want: a request whose method is none of these.
func anyRequestBut(methods ...string) func(*got) bool {
	return func(g *got) bool { return g.isRequest("") && !slices.Contains(methods, g.method) }
}

// stepInitialize: the first request is initialize (only ping, or a
// 2026-07-28 client's server/discover probe, may come before it).
func stepInitialize(r *runner, ctx context.Context, sr *stepRun) {
	for {
		g := r.expect(ctx, sr, request(""))
		if g == nil {
			r.missing(sr, "`initialize`")
			sr.lookAt(keyLookInitialize)
			return
		}
		if g.method == "initialize" {
			sr.about(g)
			r.initialize(g, sr)
			return
		}
		if g.method != "ping" && g.method != "server/discover" {
			sr.problem(keyBeforeInitialize, g.label())
			sr.lookAt(keyLookInitialize)
		}
		r.handle(g, sr)
	}
}

// stepInitialized: notifications/initialized follows initialize's result,
// before any request but ping.
func stepInitialized(r *runner, ctx context.Context, sr *stepRun) {
	if !r.answered {
		sr.problem(keyNoInitializeYet)
		return
	}
	g := r.expect(ctx, sr, func(g *got) bool {
		return g.isNotification("notifications/initialized") || anyRequestBut("ping")(g)
	})
	switch {
	case g == nil:
		r.missing(sr, "`notifications/initialized`")
		sr.lookAt(keyLookInitialized)
	case g.kind == "request":
		sr.problem(keyNoInitialized, g.label())
		sr.lookAt(keyLookInitialized)
		r.leave(g)
	default:
		sr.about(g)
		r.initialized = true
	}
}

// stepHandshake is initialize then notifications/initialized.
func stepHandshake(r *runner, ctx context.Context, sr *stepRun) {
	stepInitialize(r, ctx, sr)
	if r.answered {
		key, sent := sr.key, sr.Sent
		stepInitialized(r, ctx, sr)
		sr.key, sr.Sent, sr.Received = key, sent, keepText(string(key.raw))
	}
}

// stepToolsList: the client lists the tools.
func stepToolsList(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/list"))
	if g == nil {
		r.missing(sr, "`tools/list`")
		return
	}
	sr.about(g)
	r.toolsList(g, sr)
}

// stepFirstCall: tools/call names suggest_gifts in name, with arguments
// that fit its input schema.
func stepFirstCall(r *runner, ctx context.Context, sr *stepRun) {
	g := r.expect(ctx, sr, request("tools/call"))
	if g == nil {
		r.missing(sr, "`tools/call`")
		return
	}
	sr.about(g)
	r.checkCall(g, sr, "suggest_gifts")
	r.callTool(g, sr)
}

// checkCall checks that a call names the tool in params.name and that its
// arguments fit the tool's input schema.
func (r *runner) checkCall(g *got, sr *stepRun, want string) bool {
	name := g.at("/params/name")
	switch {
	case name == nil && g.at("/params/tool") != nil:
		sr.problem(keyToolForName)
		sr.lookAt(keyLookCallParams)
		return false
	case name == nil:
		sr.problem(keyNoName, want)
		sr.lookAt(keyLookCallParams)
		return false
	case name.Str != want:
		sr.problem(keyWrongTool, name.Raw, want)
		return false
	}
	if bad := r.argProblems(g, findTool(want)); len(bad) > 0 {
		sr.Problems = append(sr.Problems, bad...)
		sr.lookAt(keyLookSchema, want)
		return false
	}
	return true
}
