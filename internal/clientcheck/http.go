package clientcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// HTTP header names of Streamable HTTP.
const (
	headerSession = "Mcp-Session-Id"
	headerVersion = "MCP-Protocol-Version"
	headerMethod  = "Mcp-Method"
	headerName    = "Mcp-Name"
)

// ServeHTTP is the checking server's Streamable HTTP endpoint: a POST puts
// its message in the inbox; a request's response is JSON when the reply
// comes alone, an SSE stream when the server sends something first. The
// checking server offers no GET stream (405, as the specification allows)
// and accepts DELETE.
func (s *Session) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.checkHost && !loopbackRequest(r) {
		http.Error(w, "Forbidden: the checking server answers loopback requests only", http.StatusForbidden)
		return
	}
	switch r.Method {
	case http.MethodPost:
		s.post(w, r)
	case http.MethodDelete:
		w.WriteHeader(http.StatusOK)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		http.Error(w, "Method Not Allowed: this checking server sends everything on the response to each POST", http.StatusMethodNotAllowed)
	}
}

func (s *Session) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxMessageBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		s.put(inbound{raw: body, hdr: readHeaders(r), out: nopSink{}, problem: keyTooLarge}, r.Context().Done())
		http.Error(w, "Request Entity Too Large: a message is at most 1 MiB", http.StatusRequestEntityTooLarge)
		return
	}
	if err != nil {
		return
	}
	body = bytes.TrimSpace(body)
	in := inbound{raw: body, hdr: readHeaders(r)}
	method, isRequest, ok := envelope(body)
	switch {
	case !ok:
		in.out = nopSink{}
		s.put(in, r.Context().Done())
		writeJSON(w, http.StatusBadRequest, "", []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the body must be one JSON-RPC message, a JSON object"}}`))
	case !isRequest:
		in.out = nopSink{}
		if s.put(in, r.Context().Done()) {
			w.WriteHeader(http.StatusAccepted)
		}
	default:
		sid := s.minted()
		if method == "initialize" {
			sid = s.mint()
		}
		out := newPostSink()
		in.out = out
		if s.put(in, r.Context().Done()) {
			s.respond(w, r, out, sid)
		}
	}
}

// respond writes the server's messages about one request: JSON when the
// reply comes first and alone, SSE otherwise, until the reply, the
// client's going away or the session's end.
func (s *Session) respond(w http.ResponseWriter, r *http.Request, out *postSink, sid string) {
	sse := false
	for {
		select {
		case it := <-out.ch:
			if !sse && it.final && it.raw != nil {
				writeJSON(w, http.StatusOK, sid, it.raw)
				return
			}
			if !sse {
				startSSE(w, sid)
				sse = true
			}
			if it.raw != nil {
				writeEvent(w, it.raw)
			}
			if it.final {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.done:
			// What the run said before it ended is still written.
			select {
			case it := <-out.ch:
				if !sse && it.final && it.raw != nil {
					writeJSON(w, http.StatusOK, sid, it.raw)
					return
				}
			default:
			}
			if !sse {
				http.Error(w, "Service Unavailable: the check has ended", http.StatusServiceUnavailable)
			}
			return
		}
	}
}

func writeJSON(w http.ResponseWriter, status int, sid string, body []byte) {
	if sid != "" {
		w.Header().Set(headerSession, sid)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func startSSE(w http.ResponseWriter, sid string) {
	if sid != "" {
		w.Header().Set(headerSession, sid)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flush(w)
}

func writeEvent(w http.ResponseWriter, raw []byte) {
	_, _ = w.Write([]byte("event: message\ndata: "))
	_, _ = w.Write(raw)
	_, _ = w.Write([]byte("\n\n"))
	flush(w)
}

func flush(w http.ResponseWriter) {
	_ = http.NewResponseController(w).Flush()
}

func readHeaders(r *http.Request) *headers {
	h := &headers{accept: r.Header.Get("Accept")}
	h.sessionID, h.hasSession = value(r.Header, headerSession)
	h.version, h.hasVersion = value(r.Header, headerVersion)
	h.method, h.hasMethod = value(r.Header, headerMethod)
	h.name, h.hasName = value(r.Header, headerName)
	return h
}

func value(h http.Header, name string) (string, bool) {
	v, ok := h[http.CanonicalHeaderKey(name)]
	if !ok || len(v) == 0 {
		return "", false
	}
	return v[0], true
}

// envelope reads just enough of a body to route it: its method, and
// whether it is a request (a method and an id). ok is false for anything
// but one JSON object.
func envelope(body []byte) (method string, request, ok bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil || m == nil {
		return "", false, false
	}
	_ = json.Unmarshal(m["method"], &method)
	_, hasID := m["id"]
	_, hasMethod := m["method"]
	return method, hasMethod && hasID, true
}

// loopbackRequest reports whether r's Host, and its Origin when it has one,
// are loopback names.
func loopbackRequest(r *http.Request) bool {
	if !loopbackHost(r.Host) {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && loopbackHost(u.Host)
}

func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
