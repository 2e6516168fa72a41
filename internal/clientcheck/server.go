package clientcheck

import (
	"encoding/json"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// ServerName is the serverInfo name of the checking server.
const ServerName = "playground-check-client"

// handle answers a message of the client no step waits for, as the gift
// server does.
func (r *runner) handle(g *got, sr *stepRun) {
	switch {
	case g.isResponse():
		if _, ok := r.pending[g.id]; ok {
			r.answers[g.id] = g
			delete(r.pending, g.id)
			return
		}
		sr.problem(keyStrayResponse, g.id)
		sr.lookAt(keyLookStray)
	case g.v == nil || g.kind == grader.KindInvalid:
		if g.in.hdr == nil && g.isRequestLike() {
			r.replyError(sr, g, -32600, "Invalid Request")
		}
	case g.kind == grader.KindRequest:
		r.serve(g, sr)
	case g.kind == grader.KindNotification:
		if g.method == "notifications/initialized" {
			r.initialized = true
		}
	}
}

func (g *got) isRequestLike() bool {
	return g.v != nil && g.v.Get("method") != nil && g.v.Get("id") != nil
}

// serve answers a request of the client.
func (r *runner) serve(g *got, sr *stepRun) {
	legacy := r.rev != grader.Rev20260728
	switch {
	case g.method == "initialize" && legacy:
		r.initialize(g, sr)
	case g.method == "ping":
		r.reply(sr, g, `{}`)
	case g.method == "server/discover" && legacy:
		// A client that speaks 2026-07-28 may probe with server/discover
		// and fall back to initialize: a 2025 server does not know it.
		r.replyError(sr, g, -32601, "Method not found: server/discover is a 2026-07-28 method; this server speaks "+r.rev+", so send initialize")
	case legacy && !r.answered:
		r.replyError(sr, g, -32600, "Invalid Request: send initialize first, then notifications/initialized")
	case g.method == "tools/list":
		r.toolsList(g, sr)
	case g.method == "tools/call":
		r.callTool(g, sr)
	case g.method == "server/discover" && !legacy:
		r.reply(sr, g, `{"supportedVersions":["`+grader.Rev20260728+`"],"capabilities":`+serverCaps+`,"serverInfo":`+serverInfo+`}`)
	default:
		r.replyError(sr, g, -32601, "Method not found: "+g.method)
	}
}

const (
	serverCaps = `{"tools":{"listChanged":true},"logging":{}}`
	serverInfo = `{"name":"` + ServerName + `","version":"1.0.0"}`
)

// initialize answers initialize in the run's revision, whatever the
// client asked: the checking server speaks only the one it checks.
func (r *runner) initialize(g *got, sr *stepRun) {
	r.initMsg = g
	if c := g.at("/params/capabilities"); c != nil && c.Kind == grader.Object {
		r.caps = c
	}
	r.reply(sr, g, `{"protocolVersion":"`+r.rev+`","capabilities":`+serverCaps+`,"serverInfo":`+serverInfo+
		`,"instructions":`+quote(r.say(keyInstructions))+`}`)
	r.answered = true
}

// stamp adds what every 2026-07-28 result carries.
func (r *runner) stamp(result string) string {
	if r.rev != grader.Rev20260728 {
		return result
	}
	if strings.Contains(result, `"resultType"`) {
		return result
	}
	if result == `{}` {
		return `{"resultType":"complete"}`
	}
	return `{"resultType":"complete",` + result[1:]
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkHeaders finds the HTTP headers a message lacks: after initialize,
// every message of a 2025 session carries Mcp-Session-Id and
// MCP-Protocol-Version; every 2026-07-28 request carries
// MCP-Protocol-Version, Mcp-Method and, for tools/call, Mcp-Name.
func (r *runner) checkHeaders(g *got, sr *stepRun) {
	h := g.in.hdr
	if h == nil || g.v == nil {
		return
	}
	if r.rev == grader.Rev20260728 {
		if g.kind != grader.KindRequest {
			return
		}
		switch {
		case !h.hasVersion:
			sr.problem(keyNoVersion2026, g.label())
		case h.version != r.rev:
			sr.problem(keyWrongVersion, g.label(), h.version, r.rev)
		}
		if h.method != g.method {
			sr.problem(keyMethodHeader, g.label(), h.method)
		}
		if name := g.at("/params/name"); g.method == "tools/call" && name != nil && h.name != name.Str {
			sr.problem(keyNameHeader, g.label(), h.name, name.Str)
		}
		if len(sr.Problems) > 0 {
			sr.lookAt(keyLookHeaders2026)
		}
		return
	}
	if !r.answered || g.method == "initialize" {
		return
	}
	switch sid := r.s.minted(); {
	case !h.hasSession:
		sr.problem(keyNoSession, g.label())
		sr.lookAt(keyLookSession)
	case h.sessionID != sid:
		sr.problem(keyWrongSession, g.label(), h.sessionID)
		sr.lookAt(keyLookSession)
	}
	switch {
	case !h.hasVersion:
		sr.problem(keyNoVersion, g.label(), r.rev)
		sr.lookAt(keyLookVersion)
	case h.version != r.rev:
		sr.problem(keyWrongVersion, g.label(), h.version, r.rev)
		sr.lookAt(keyLookVersion)
	}
}

// checkMeta finds a 2026-07-28 request without the _meta every request
// carries: the revision and the client's capabilities.
func (r *runner) checkMeta(g *got, sr *stepRun) {
	if r.rev != grader.Rev20260728 || g.kind != grader.KindRequest {
		return
	}
	v := g.at("/params/_meta/io.modelcontextprotocol~1protocolVersion")
	c := g.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities")
	if v == nil || v.Kind != grader.String || v.Str != r.rev || c == nil || c.Kind != grader.Object {
		sr.problem(keyNoMeta, g.label(), r.rev)
		sr.lookAt(keyLookMeta)
	}
}
