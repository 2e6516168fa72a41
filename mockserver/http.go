package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// HTTPConfig tunes the Streamable HTTP handler.
type HTTPConfig struct {
	// AllowedOrigins are origins ("http://host:port") accepted besides the
	// request's own origin and, on a loopback listener, loopback origins.
	AllowedOrigins []string
	// AllowedHosts, when set, are the only Host values accepted ("host" or
	// "host:port"). When empty, a request that reached a loopback address
	// must name a loopback host (DNS rebinding protection).
	AllowedHosts []string
	// MaxSessions bounds the live sessions (default 10000) and
	// MaxSessionsPerClient those of one client address (default 64; an IPv6
	// client is its /64). When a bound is reached, the oldest idle session
	// (no request in flight, no stream open) of that client, or of anyone
	// for MaxSessions, is ended to make room; with none idle, initialize is
	// refused (429 per client, 503 overall).
	MaxSessions          int
	MaxSessionsPerClient int
	// MaxHeld bounds what all sessions hold at once: requests in flight and
	// GET streams (default 4096); MaxHeldPerClient bounds one client
	// address's share (default MaxHeld/8). Beyond them requests get 429 or
	// 503. Busy sessions are thus at most MaxHeld: with MaxSessions above
	// it, a full server always has an idle session to end for a newcomer.
	MaxHeld          int
	MaxHeldPerClient int
	// RequestTimeout bounds how long a request the server sent to the
	// client (elicitation, sampling, roots) waits for its answer (default
	// 60s); then the tool call that needed it ends and frees its slot.
	RequestTimeout time.Duration
	// IdleTimeout ends a session nobody used for that long (default 30 min).
	IdleTimeout time.Duration
	// MaxBodyBytes bounds one POST body (default MaxMessageBytes).
	MaxBodyBytes int64
	// MaxQueued bounds the messages kept per stream for a client that does
	// not read them (default 256); older ones are dropped.
	MaxQueued int
	// MaxInFlight bounds the requests one session runs at once (default 16);
	// more are answered 429, so one flooding client cannot take the server.
	MaxInFlight int
	// MaxStateless bounds the 2026-07-28 requests (which have no session)
	// and listen streams running at once (default 1024);
	// MaxStatelessPerClient bounds one client address's share (default
	// MaxStateless/8). More are answered 429.
	MaxStateless          int
	MaxStatelessPerClient int
	// RetryMillis is the SSE retry hint sent on 2025-11-25 streams (default 1000).
	RetryMillis int
	// WriteTimeout bounds one write to a client (default 30s), so a client
	// that never reads does not hold a goroutine forever.
	WriteTimeout time.Duration
	// Logger receives operational logs; nil uses the server's.
	Logger *slog.Logger
}

// HTTPHandler serves the gift server over Streamable HTTP on one endpoint
// (the web router mounts it at /mcp).
type HTTPHandler struct {
	srv *Server
	cfg HTTPConfig
	log *slog.Logger

	reg *registry
	// stateless is what 2026-07-28 requests share (they have no session).
	stateless sharedState
	// statelessSlots bounds the 2026-07-28 requests running at once, per
	// client address and overall.
	statelessSlots *fairSlots

	refusals refusalLog

	stop     chan struct{}
	stopOnce sync.Once
}

// NewHTTPHandler returns the Streamable HTTP handler. Close it to end its
// sessions and its expiry loop.
func NewHTTPHandler(srv *Server, cfg HTTPConfig) *HTTPHandler {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = 10000
	}
	if cfg.MaxSessionsPerClient <= 0 {
		cfg.MaxSessionsPerClient = 64
	}
	if cfg.MaxHeld <= 0 {
		cfg.MaxHeld = 4096
	}
	if cfg.MaxHeldPerClient <= 0 {
		cfg.MaxHeldPerClient = max(cfg.MaxHeld/8, 1)
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 60 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 30 * time.Minute
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = MaxMessageBytes
	}
	if cfg.MaxQueued <= 0 {
		cfg.MaxQueued = 256
	}
	if cfg.MaxInFlight <= 0 {
		cfg.MaxInFlight = 16
	}
	if cfg.MaxStateless <= 0 {
		cfg.MaxStateless = 1024
	}
	if cfg.MaxStatelessPerClient <= 0 {
		cfg.MaxStatelessPerClient = max(cfg.MaxStateless/8, 1)
	}
	if cfg.RetryMillis <= 0 {
		cfg.RetryMillis = 1000
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	log := cfg.Logger
	if log == nil {
		log = srv.log
	}
	lim := registryLimits{sessions: cfg.MaxSessions, sessionsPerClient: cfg.MaxSessionsPerClient,
		units: cfg.MaxHeld, unitsPerClient: cfg.MaxHeldPerClient, inFlight: cfg.MaxInFlight}
	h := &HTTPHandler{srv: srv, cfg: cfg, log: log, reg: newRegistry(lim, srv.cfg.Clock), stop: make(chan struct{}),
		statelessSlots: newFairSlots(cfg.MaxStateless, cfg.MaxStatelessPerClient)}
	go h.expireLoop()
	return h
}

// Close ends every session and stops the expiry loop.
func (h *HTTPHandler) Close() {
	h.stopOnce.Do(func() { close(h.stop) })
	for _, hs := range h.reg.all() {
		hs.close()
	}
}

// Header names of Streamable HTTP.
const (
	HeaderSessionID       = "Mcp-Session-Id"
	HeaderProtocolVersion = "Mcp-Protocol-Version"
	headerMethod          = "Mcp-Method"
	headerName            = "Mcp-Name"
	headerLastEventID     = "Last-Event-Id"
)

// headerRevisions are the MCP-Protocol-Version values accepted on legacy
// session requests. 2025-03-26 is what the spec tells servers to assume
// without the header, and what some clients send on raw follow-up requests;
// the session's negotiated revision governs the replies either way.
var headerRevisions = append([]string{grader.Rev20250326}, legacyRevisions...)

func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if msg, ok := h.checkOrigin(r); !ok {
		httpError(w, http.StatusForbidden, nil, &rpcError{Code: CodeInvalidRequest, Message: msg})
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, nil, &rpcError{Code: CodeInvalidRequest, Message: "Method not allowed: use POST, GET or DELETE"})
	}
}

// httpError writes a JSON-RPC error response with an HTTP status. A nil id
// is left out, as the transport spec shows for errors tied to no request.
func httpError(w http.ResponseWriter, status int, id json.RawMessage, e *rpcError) {
	var body []byte
	if id == nil {
		body = append([]byte(`{"jsonrpc":"2.0","error":`), marshal(e)...)
		body = append(body, '}')
	} else {
		body = errorReply(id, e)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func accepts(r *http.Request, types ...string) bool {
	accept := strings.ToLower(strings.Join(r.Header.Values("Accept"), ","))
	if strings.Contains(accept, "*/*") {
		return true
	}
	for _, t := range types {
		if !strings.Contains(accept, t) {
			return false
		}
	}
	return true
}

func (h *HTTPHandler) post(w http.ResponseWriter, r *http.Request) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(strings.ToLower(strings.TrimSpace(ct)), "application/json") {
		httpError(w, http.StatusUnsupportedMediaType, nil, &rpcError{Code: CodeInvalidRequest, Message: "Unsupported Media Type: the body must be application/json"})
		return
	}
	if !accepts(r, "application/json", "text/event-stream") {
		httpError(w, http.StatusNotAcceptable, nil, &rpcError{Code: CodeInvalidRequest, Message: "Not Acceptable: the Accept header must list application/json and text/event-stream"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.cfg.MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, nil, &rpcError{Code: CodeInvalidRequest, Message: "Invalid Request: the body is larger than " + strconv.FormatInt(h.cfg.MaxBodyBytes, 10) + " bytes"})
			return
		}
		httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeParseError, Message: "Parse error: the body could not be read"})
		return
	}
	m, perr := parseMessage(body)
	// The key is looked for as written: a request that writes it with
	// escapes takes the session's way here (the session then reads it,
	// decoded, as modern); left as it always was.
	if perr == nil && m.kind == grader.KindRequest && bytes.Contains(m.params, []byte(MetaProtocolVersion)) {
		p, _ := m.decodedParams()
		if version, modern, _ := modernVersion(p); modern {
			h.postModern(w, r, m, p, version)
			return
		}
	}
	hs, created, rf := h.sessionFor(w, r, m, perr)
	if hs == nil {
		return
	}
	if perr != nil {
		if reply := hs.core.reject(m, perr); reply != nil {
			writeJSON(w, http.StatusBadRequest, "", reply)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch m.kind {
	case grader.KindNotification, grader.KindResponse:
		hs.core.exec(r.Context(), m)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if rf != 0 {
		h.refuse(w, r, m.id, rf, "requests")
		return
	}
	hs.serveRequest(w, r, m, created)
}

// sessionFor finds the session a POST belongs to, or starts one for an
// initialize (with that request already in flight: created is true). It
// writes the error response itself and returns nil when there is none. A
// request for an existing session is charged to it on the way (rf says
// why it could not be); nothing else is.
func (h *HTTPHandler) sessionFor(w http.ResponseWriter, r *http.Request, m *message, perr *rpcError) (hs *httpSession, created bool, rf refusal) {
	sid := r.Header.Get(HeaderSessionID)
	if sid != "" {
		v := r.Header.Get(HeaderProtocolVersion)
		badVersion := v != "" && !slices.Contains(headerRevisions, v)
		hs, rf = h.reg.getTaking(sid, !badVersion && perr == nil && m.kind == grader.KindRequest)
		if hs == nil {
			httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found: it ended or expired; start a new one with initialize"})
			return nil, false, 0
		}
		if badVersion {
			httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: unsupported MCP-Protocol-Version " + strconv.Quote(v)})
			return nil, false, 0
		}
		return hs, false, rf
	}
	if perr != nil {
		tmp := h.srv.NewSession(SessionOptions{})
		httpError(w, http.StatusBadRequest, m.id, tmp.explain(m, perr))
		return nil, false, 0
	}
	if m.kind != grader.KindRequest || m.method != "initialize" {
		httpError(w, http.StatusBadRequest, m.id, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: the Mcp-Session-Id header is required; start a session with initialize"})
		return nil, false, 0
	}
	hs, rf = h.newSession(ClientAddr(r), requestLang(r))
	if rf != 0 {
		h.refuse(w, r, m.id, rf, "sessions")
		return nil, false, 0
	}
	return hs, true, 0
}

// contentTypeJSON is the Content-Type of JSON replies, shared: net/http
// only reads it.
var contentTypeJSON = []string{"application/json"}

// writeJSON writes one JSON-RPC message as the response body.
func writeJSON(w http.ResponseWriter, status int, sessionID string, body []byte) {
	hd := w.Header()
	hd["Content-Type"] = contentTypeJSON
	if sessionID != "" {
		hd.Set(HeaderSessionID, sessionID)
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (h *HTTPHandler) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(HeaderSessionID)
	if sid == "" {
		httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: the Mcp-Session-Id header is required"})
		return
	}
	hs := h.reg.get(sid)
	if hs == nil || !h.reg.remove(hs) {
		httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found"})
		return
	}
	hs.close()
	w.WriteHeader(http.StatusNoContent)
}

func (h *HTTPHandler) get(w http.ResponseWriter, r *http.Request) {
	if !accepts(r, "text/event-stream") {
		httpError(w, http.StatusNotAcceptable, nil, &rpcError{Code: CodeInvalidRequest, Message: "Not Acceptable: the Accept header must list text/event-stream"})
		return
	}
	sid := r.Header.Get(HeaderSessionID)
	if sid == "" {
		httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: the Mcp-Session-Id header is required"})
		return
	}
	hs := h.reg.get(sid)
	if hs == nil {
		httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found"})
		return
	}
	if last := r.Header.Get(headerLastEventID); last != "" {
		st, seq, issued, rf := hs.resume(last)
		switch {
		case rf != 0:
			h.refuse(w, r, nil, rf, "streams")
		case st != nil:
			hs.stream(w, r, st, seq, false, true)
		case issued:
			// The stream ended (its reply was sent) or another connection
			// reads it: nothing remains to replay here.
			w.Header().Set("Content-Type", "text/event-stream")
			w.Header().Set("Cache-Control", "no-cache")
			w.WriteHeader(http.StatusOK)
		case hs.core.Revision() < Rev20251125:
			// 2025-06-18 has no error response without an id: the status
			// and a line of text say it.
			http.Error(w, "Bad Request: this session never sent the event "+strconv.Quote(last), http.StatusBadRequest)
		default:
			httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: this session never sent the event " + strconv.Quote(last)})
		}
		return
	}
	st, rf := hs.attachStandalone()
	switch {
	case rf != 0:
		h.refuse(w, r, nil, rf, "streams")
	case st == nil:
		httpError(w, http.StatusConflict, nil, &rpcError{Code: CodeInvalidRequest, Message: "Conflict: this session already has a GET stream open"})
	default:
		hs.stream(w, r, st, st.sent, true, true)
	}
}
