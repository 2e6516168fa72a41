package logimport

import (
	"net/url"
	"strings"
)

// transport follows one Streamable HTTP session across a HAR and checks
// the rules of the transport that a message checker cannot see.
type transport struct {
	r         *reader
	sessionID string // given by the server with the initialize result
	version   string // negotiated by the handshake
}

// check applies the transport's rules to one HTTP exchange; sent are the
// messages of its POST body, the first of them at index first.
func (t *transport) check(n int, he harEntry, sent []Entry, first int) {
	req, resp := he.Request, he.Response
	at := -1
	if len(sent) > 0 {
		at = first
	}
	if req.Method == "POST" {
		t.checkPost(n, he, sent, at)
	}
	if t.sessionID != "" && !isInitialize(sent) {
		switch got := header(req.Headers, "Mcp-Session-Id"); {
		case got == "":
			t.r.problem(codeHTTPSessionMissing, n, at, req.Method)
		case got != t.sessionID:
			t.r.problem(codeHTTPSessionChanged, n, at, req.Method)
		}
		if resp.Status == 404 {
			t.r.problem(codeHTTPSessionExpired, n, at, "")
		}
	}
	if modern, ok := modernRequest(sent); ok {
		t.checkModern(n, req.Headers, modern, at)
	} else if t.version >= "2025-06-18" && !isInitialize(sent) {
		switch v := header(req.Headers, "MCP-Protocol-Version"); {
		case v == "":
			t.r.problem(codeHTTPVersionMissing, n, at, req.Method)
		case v != t.version:
			t.r.problem(codeHTTPVersionMismatch, n, at, v+" ≠ "+t.version)
		}
	}
	if o := header(req.Headers, "Origin"); o != "" && foreignOrigin(o, req.URL) && resp.Status/100 == 2 {
		t.r.problem(codeHTTPOriginAccepted, n, at, o)
	}
	if isInitialize(sent) {
		t.sessionID = header(resp.Headers, "Mcp-Session-Id")
		t.version = negotiated(responseMessages(he))
	}
}

// checkPost applies the rules of a POST: it accepts both kinds of reply,
// and one that carries no request is answered 202 with no body.
func (t *transport) checkPost(n int, he harEntry, sent []Entry, at int) {
	accept := header(he.Request.Headers, "Accept")
	if !strings.Contains(accept, "application/json") || !strings.Contains(accept, "text/event-stream") {
		t.r.problem(codeHTTPAccept, n, at, accept)
	}
	if len(sent) == 0 || hasRequest(sent) {
		return
	}
	if he.Response.Status != 202 && he.Response.Status/100 == 2 {
		t.r.problem(codeHTTPNot202, n, at, "")
	}
}

// isInitialize reports whether the POST carried the initialize request.
func isInitialize(sent []Entry) bool {
	return len(sent) == 1 && peek(sent[0].Raw).method == "initialize"
}

// hasRequest reports whether a POST body holds a request (a batch counts
// when one of its members is).
func hasRequest(sent []Entry) bool {
	for _, e := range sent {
		if p := peek(e.Raw); p.kind == kindRequest || (p.kind == kindUnknown && strings.Contains(string(e.Raw), `"method"`)) {
			return true
		}
	}
	return false
}

// negotiated is the protocol version of an initialize result among msgs.
func negotiated(msgs [][]byte) string {
	for _, m := range msgs {
		if v := protocolVersionOf(m); v != "" {
			return v
		}
	}
	return ""
}

// foreignOrigin reports whether a browser Origin names another host than
// the URL the request went to.
func foreignOrigin(origin, target string) bool {
	o, err1 := url.Parse(origin)
	u, err2 := url.Parse(target)
	if err1 != nil || err2 != nil {
		return false
	}
	return !strings.EqualFold(o.Host, u.Host)
}
