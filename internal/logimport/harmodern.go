package logimport

import (
	"encoding/base64"
	"encoding/json"
	"strings"
)

// 2026-07-28 over Streamable HTTP: a request carries its revision in
// params._meta and needs no session, but its headers must mirror its body
// so that a proxy can route it without reading it: MCP-Protocol-Version
// the revision, Mcp-Method the method, and Mcp-Name the tool or prompt
// name (tools/call, prompts/get) or the resource URI (resources/read). A
// value that is not plain ASCII may be sent as =?base64?…?=.

// modernReq is what the header checks need of a 2026-07-28 request.
type modernReq struct {
	version, method string
	name            string // params.name or params.uri for the methods routed by name
	named           bool   // the method is routed by name
}

// metaProtocolVersion is the _meta key naming a request's revision.
const metaProtocolVersion = "io.modelcontextprotocol/protocolVersion"

// modernRequest reads the POST body's one request when it names its
// revision in _meta (the way 2026-07-28 requests do).
func modernRequest(sent []Entry) (modernReq, bool) {
	if len(sent) != 1 || !strings.Contains(string(sent[0].Raw), metaProtocolVersion) {
		return modernReq{}, false
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name string                     `json:"name"`
			URI  string                     `json:"uri"`
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(sent[0].Raw, &m) != nil || len(m.ID) == 0 || m.Method == "" {
		return modernReq{}, false
	}
	var version string
	if json.Unmarshal(m.Params.Meta[metaProtocolVersion], &version) != nil || version == "" {
		return modernReq{}, false
	}
	r := modernReq{version: version, method: m.Method}
	switch m.Method {
	case "tools/call", "prompts/get":
		r.name, r.named = m.Params.Name, true
	case "resources/read":
		r.name, r.named = m.Params.URI, true
	}
	return r, true
}

// checkModern checks that the headers of a 2026-07-28 request mirror its
// body.
func (t *transport) checkModern(n int, headers []harHeader, m modernReq, at int) {
	switch v := header(headers, "MCP-Protocol-Version"); {
	case v == "":
		t.r.problem(codeHTTPVersionMissing, n, at, "POST")
	case v != m.version:
		t.r.problem(codeHTTPVersionMismatch, n, at, v+" ≠ "+m.version)
	}
	if h := header(headers, "Mcp-Method"); h != m.method {
		t.r.problem(codeHTTPMethodHeader, n, at, "Mcp-Method: "+h+" ≠ "+m.method)
	}
	if !m.named {
		return
	}
	if h, ok := decodeHeaderValue(header(headers, "Mcp-Name")); !ok || h != m.name {
		t.r.problem(codeHTTPNameHeader, n, at, "Mcp-Name: "+header(headers, "Mcp-Name")+" ≠ "+m.name)
	}
}

// decodeHeaderValue reads a header value that may be sent as
// =?base64?…?=; false when it is empty or its base64 is broken.
func decodeHeaderValue(v string) (string, bool) {
	if v == "" {
		return "", false
	}
	inner, ok := strings.CutPrefix(v, "=?base64?")
	if !ok || !strings.HasSuffix(inner, "?=") {
		return v, true
	}
	dec, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(inner, "?="))
	if err != nil {
		return "", false
	}
	return string(dec), true
}
