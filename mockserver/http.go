package mockserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
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
	// MaxSessions bounds the live sessions (default 10000).
	MaxSessions int
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
	// running at once (default 1024); more are answered 429.
	MaxStateless int
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

	mu       sync.Mutex
	sessions map[string]*httpSession
	// stateless is what 2026-07-28 requests share (they have no session).
	stateless sharedState
	// statelessSlots bounds the 2026-07-28 requests running at once.
	statelessSlots chan struct{}

	stop     chan struct{}
	stopOnce sync.Once
}

// NewHTTPHandler returns the Streamable HTTP handler. Close it to end its
// sessions and its expiry loop.
func NewHTTPHandler(srv *Server, cfg HTTPConfig) *HTTPHandler {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = 10000
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
	h := &HTTPHandler{srv: srv, cfg: cfg, log: log, sessions: make(map[string]*httpSession), stop: make(chan struct{}),
		statelessSlots: make(chan struct{}, cfg.MaxStateless)}
	go h.expireLoop()
	return h
}

// Close ends every session and stops the expiry loop.
func (h *HTTPHandler) Close() {
	h.stopOnce.Do(func() { close(h.stop) })
	h.mu.Lock()
	all := h.sessions
	h.sessions = make(map[string]*httpSession)
	h.mu.Unlock()
	for _, hs := range all {
		hs.close()
	}
}

// SessionCount returns the number of live sessions.
func (h *HTTPHandler) SessionCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

func (h *HTTPHandler) expireLoop() {
	every := max(h.cfg.IdleTimeout/4, time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.sweep()
		}
	}
}

// sweep ends the sessions idle for longer than IdleTimeout.
func (h *HTTPHandler) sweep() int {
	now := h.srv.cfg.Clock.Now()
	var idle []*httpSession
	h.mu.Lock()
	for id, hs := range h.sessions {
		if hs.idleSince(now) > h.cfg.IdleTimeout {
			delete(h.sessions, id)
			idle = append(idle, hs)
		}
	}
	h.mu.Unlock()
	for _, hs := range idle {
		hs.close()
	}
	if len(idle) > 0 {
		h.log.Info("mcp sessions expired", "count", len(idle))
	}
	return len(idle)
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
var headerRevisions = []string{"2025-03-26", Rev20250618, Rev20251125}

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

// checkOrigin protects local servers from DNS rebinding: the Host must be a
// loopback name when the request reached a loopback address (or one of
// AllowedHosts), and an Origin, when present, must be the request's own
// origin, a loopback origin on a loopback server, or an allowed one.
func (h *HTTPHandler) checkOrigin(r *http.Request) (string, bool) {
	host := r.Host
	loopbackServer := false
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if ta, ok := la.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
			loopbackServer = true
		}
	}
	if len(h.cfg.AllowedHosts) > 0 {
		if !slices.Contains(h.cfg.AllowedHosts, host) && !slices.Contains(h.cfg.AllowedHosts, hostOnly(host)) {
			return "Forbidden: unexpected Host header " + strconv.Quote(host), false
		}
	} else if loopbackServer && !isLoopbackHost(hostOnly(host)) {
		return "Forbidden: this local server only answers requests addressed to localhost, 127.0.0.1 or [::1]", false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return "", true
	}
	if slices.Contains(h.cfg.AllowedOrigins, origin) {
		return "", true
	}
	u, err := url.Parse(origin)
	if err == nil && u.Host != "" {
		if strings.EqualFold(u.Host, host) {
			return "", true
		}
		if loopbackServer && isLoopbackHost(hostOnly(u.Host)) {
			return "", true
		}
	}
	return "Forbidden: origin " + strconv.Quote(origin) + " is not allowed", false
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
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
	if perr == nil && m.kind == KindRequest && bytes.Contains(m.params, []byte(MetaProtocolVersion)) {
		p, _ := decodeParams(m.params)
		if version, modern, _ := modernVersion(p); modern {
			h.postModern(w, r, m, p, version)
			return
		}
	}
	sid := r.Header.Get(HeaderSessionID)
	var hs *httpSession
	if sid == "" {
		if perr != nil {
			tmp := h.srv.NewSession(SessionOptions{})
			httpError(w, http.StatusBadRequest, m.id, tmp.explain(body, perr))
			return
		}
		if m.kind != KindRequest || m.method != "initialize" {
			httpError(w, http.StatusBadRequest, m.id, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: the Mcp-Session-Id header is required; start a session with initialize"})
			return
		}
		hs = h.newSession()
		if hs == nil {
			w.Header().Set("Retry-After", "60")
			httpError(w, http.StatusServiceUnavailable, m.id, &rpcError{Code: -32000, Message: "Server busy: too many sessions; try again later"})
			return
		}
	} else {
		hs = h.session(sid)
		if hs == nil {
			httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found: it ended or expired; start a new one with initialize"})
			return
		}
		if v := r.Header.Get(HeaderProtocolVersion); v != "" && !slices.Contains(headerRevisions, v) {
			httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: unsupported MCP-Protocol-Version " + strconv.Quote(v)})
			return
		}
	}
	hs.touch()
	if perr != nil {
		if reply := hs.core.reject(m, perr); reply != nil {
			writeJSON(w, http.StatusBadRequest, "", reply)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch m.kind {
	case KindNotification, KindResponse:
		hs.core.exec(r.Context(), m)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !hs.acquire() {
		w.Header().Set("Retry-After", "1")
		httpError(w, http.StatusTooManyRequests, m.id, &rpcError{Code: -32000, Message: "Too many requests in flight in this session; wait for replies before sending more"})
		return
	}
	hs.serveRequest(w, r, m, sid == "")
}

// writeJSON writes one JSON-RPC message as the response body.
func writeJSON(w http.ResponseWriter, status int, sessionID string, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	if sessionID != "" {
		hd.Set(HeaderSessionID, sessionID)
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (h *HTTPHandler) newSession() *httpSession {
	var b [16]byte
	_, _ = rand.Read(b[:])
	hs := &httpSession{id: hex.EncodeToString(b[:]), h: h}
	hs.core = h.srv.NewSession(SessionOptions{Sink: hs.deliver})
	hs.ctx, hs.cancel = context.WithCancel(context.Background())
	hs.lastActive = h.srv.cfg.Clock.Now().UnixNano()
	h.mu.Lock()
	if len(h.sessions) >= h.cfg.MaxSessions {
		h.mu.Unlock()
		if h.sweep() == 0 {
			hs.cancel()
			return nil
		}
		h.mu.Lock()
	}
	h.sessions[hs.id] = hs
	h.mu.Unlock()
	return hs
}

func (h *HTTPHandler) session(id string) *httpSession {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sessions[id]
}

func (h *HTTPHandler) delete(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(HeaderSessionID)
	if sid == "" {
		httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: the Mcp-Session-Id header is required"})
		return
	}
	h.mu.Lock()
	hs := h.sessions[sid]
	delete(h.sessions, sid)
	h.mu.Unlock()
	if hs == nil {
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
	hs := h.session(sid)
	if hs == nil {
		httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found"})
		return
	}
	hs.touch()
	if last := r.Header.Get(headerLastEventID); last != "" {
		st, seq, ok := hs.resume(last)
		if !ok {
			httpError(w, http.StatusBadRequest, nil, &rpcError{Code: CodeInvalidRequest, Message: "Bad Request: unknown Last-Event-ID " + strconv.Quote(last)})
			return
		}
		hs.stream(w, r, st, seq, false)
		return
	}
	st := hs.attachStandalone()
	if st == nil {
		httpError(w, http.StatusConflict, nil, &rpcError{Code: CodeInvalidRequest, Message: "Conflict: this session already has a GET stream open"})
		return
	}
	hs.stream(w, r, st, st.sent, true)
}

// httpSession is one Streamable HTTP session: a core session and its SSE
// streams.
type httpSession struct {
	id   string
	h    *HTTPHandler
	core *Session
	// ctx is the session's lifetime: requests run in it, not in their HTTP
	// request's, because a disconnection is not a cancellation (2025-11-25).
	ctx    context.Context
	cancel context.CancelFunc

	lastActive int64 // unix nanoseconds, guarded by mu

	mu         sync.Mutex
	streams    map[int64]*sseStream // by stream id, lazily made
	byRequest  map[string]*sseStream
	standalone *sseStream
	nextStream int64
	// abandoned lists finished streams nobody was reading, kept for a
	// resume with Last-Event-ID; only the newest maxAbandoned are kept.
	abandoned []int64
	inFlight  int
	attached  int
	closed    bool
	done      chan struct{}
}

// sseStream is one SSE stream: the events written or waiting, kept (up to
// MaxQueued) so a client can resume with Last-Event-ID.
type sseStream struct {
	id       int64
	events   []sseEvent
	first    int // seq of events[0]
	nextSeq  int
	final    bool // the reply is queued: the stream ends after it
	detached bool // the transport was asked to close it (test_reconnection)
	attached bool
	dropped  int
	sent     int // seq of the last event written to a client
	wake     chan struct{}
}

// maxAbandoned bounds the finished, unread streams a session keeps.
const maxAbandoned = 16

type sseEvent struct {
	seq  int
	data []byte
}

func (hs *httpSession) touch() {
	hs.mu.Lock()
	hs.lastActive = hs.h.srv.cfg.Clock.Now().UnixNano()
	hs.mu.Unlock()
}

// idleSince is how long the session has done nothing (0 while busy).
func (hs *httpSession) idleSince(now time.Time) time.Duration {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.inFlight > 0 || hs.attached > 0 {
		return 0
	}
	return now.Sub(time.Unix(0, hs.lastActive))
}

func (hs *httpSession) acquire() bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.inFlight >= hs.h.cfg.MaxInFlight {
		return false
	}
	hs.inFlight++
	return true
}

func (hs *httpSession) release() {
	hs.mu.Lock()
	hs.inFlight--
	hs.lastActive = hs.h.srv.cfg.Clock.Now().UnixNano()
	hs.mu.Unlock()
}

func (hs *httpSession) close() {
	hs.mu.Lock()
	if hs.closed {
		hs.mu.Unlock()
		return
	}
	hs.closed = true
	if hs.done != nil {
		close(hs.done)
	}
	hs.mu.Unlock()
	hs.cancel()
	hs.core.Close()
}

// doneChan is closed when the session ends.
func (hs *httpSession) doneChan() chan struct{} {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.done == nil {
		hs.done = make(chan struct{})
		if hs.closed {
			close(hs.done)
		}
	}
	return hs.done
}

// newStream registers a stream (under a request id when there is one).
func (hs *httpSession) newStream(requestKey string) *sseStream {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	hs.nextStream++
	st := &sseStream{id: hs.nextStream, nextSeq: 1, first: 1, wake: make(chan struct{}, 1)}
	if hs.streams == nil {
		hs.streams = make(map[int64]*sseStream)
		hs.byRequest = make(map[string]*sseStream)
	}
	hs.streams[st.id] = st
	if requestKey != "" {
		hs.byRequest[requestKey] = st
	}
	return st
}

// push appends an event to a stream (hs.mu held), dropping the oldest beyond
// the bound.
func (hs *httpSession) push(st *sseStream, data []byte) {
	st.events = append(st.events, sseEvent{st.nextSeq, data})
	st.nextSeq++
	if over := len(st.events) - hs.h.cfg.MaxQueued; over > 0 {
		st.events = slices.Delete(st.events, 0, over)
		st.first = st.events[0].seq
		st.dropped += over
		if st.dropped == over {
			hs.h.log.Warn("mcp stream queue full, dropping oldest messages", "session", hs.id, "stream", st.id)
		}
	}
	select {
	case st.wake <- struct{}{}:
	default:
	}
}

// deliver is the core session's sink: a message related to a request goes
// on that request's stream while it is open, anything else on the GET
// stream (queued until one is open).
func (hs *httpSession) deliver(o Outbound) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	var st *sseStream
	if o.Related != "" {
		st = hs.byRequest[o.Related]
	}
	if st == nil || st.final {
		st = hs.standaloneLocked()
	}
	hs.push(st, o.Raw)
}

// standaloneLocked returns the GET stream, made on first use (hs.mu held).
func (hs *httpSession) standaloneLocked() *sseStream {
	if hs.standalone == nil {
		hs.nextStream++
		hs.standalone = &sseStream{id: hs.nextStream, nextSeq: 1, first: 1, wake: make(chan struct{}, 1)}
		if hs.streams == nil {
			hs.streams = make(map[int64]*sseStream)
			hs.byRequest = make(map[string]*sseStream)
		}
		hs.streams[hs.standalone.id] = hs.standalone
	}
	return hs.standalone
}

// attachStandalone marks the GET stream as read by a client; nil when one
// already is. Messages queued before the GET are then delivered.
func (hs *httpSession) attachStandalone() *sseStream {
	hs.mu.Lock()
	st := hs.standaloneLocked()
	if st.attached {
		hs.mu.Unlock()
		return nil
	}
	st.attached = true
	hs.attached++
	hs.mu.Unlock()
	return st
}

// resume finds the stream and position of a Last-Event-ID ("<stream>_<seq>").
func (hs *httpSession) resume(last string) (*sseStream, int, bool) {
	a, b, ok := strings.Cut(last, "_")
	sid, err1 := strconv.ParseInt(a, 10, 64)
	seq, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return nil, 0, false
	}
	hs.mu.Lock()
	defer hs.mu.Unlock()
	st := hs.streams[sid]
	if st == nil || st.attached || seq >= st.nextSeq {
		return nil, 0, false
	}
	st.attached = true
	st.detached = false
	hs.attached++
	return st, seq, true
}

// serveRequest answers one request of the session: as application/json when
// it is quick and sends nothing else, as an SSE stream otherwise. It releases
// the request's slot (acquire) when the request ends, which for a blocking
// request may be after its client went away.
func (hs *httpSession) serveRequest(w http.ResponseWriter, r *http.Request, m *message, created bool) {
	key := m.idKey()
	sessionHeader := ""
	if created {
		sessionHeader = hs.id
	}
	ctx, rerr := hs.core.start(hs.ctx, m)
	if rerr != nil {
		hs.release()
		writeJSON(w, http.StatusOK, sessionHeader, hs.core.reject(m, rerr))
		return
	}
	st := hs.newStream(key)
	if !hs.core.blocking(m) {
		reply := hs.core.exec(ctx, m)
		hs.release()
		if created && hs.core.Revision() == "" {
			// initialize failed: the session never started.
			hs.h.mu.Lock()
			delete(hs.h.sessions, hs.id)
			hs.h.mu.Unlock()
			hs.close()
			sessionHeader = ""
		}
		hs.mu.Lock()
		delete(hs.byRequest, key)
		delete(hs.streams, st.id)
		events := st.events
		hs.mu.Unlock()
		if len(events) == 0 {
			if reply == nil {
				w.WriteHeader(http.StatusAccepted)
				return
			}
			writeJSON(w, http.StatusOK, sessionHeader, reply)
			return
		}
		// Notifications came first (log messages): an SSE stream carries
		// them, then the reply.
		sw := hs.startSSE(w, sessionHeader, st, false)
		for _, e := range events {
			sw.event(st.id, e.seq, e.data)
		}
		if reply != nil {
			sw.event(st.id, st.nextSeq, reply)
		}
		sw.flush()
		return
	}
	ctx = context.WithValue(ctx, streamControlKey{}, func() {
		hs.mu.Lock()
		st.detached = true
		hs.mu.Unlock()
		select {
		case st.wake <- struct{}{}:
		default:
		}
	})
	hs.mu.Lock()
	st.attached = true
	hs.attached++
	hs.mu.Unlock()
	go func() {
		reply := hs.core.exec(ctx, m)
		hs.release()
		hs.mu.Lock()
		if reply != nil {
			hs.push(st, reply)
		}
		st.final = true
		delete(hs.byRequest, key)
		if !st.attached {
			hs.abandoned = append(hs.abandoned, st.id)
			if over := len(hs.abandoned) - maxAbandoned; over > 0 {
				for _, id := range hs.abandoned[:over] {
					delete(hs.streams, id)
				}
				hs.abandoned = slices.Delete(hs.abandoned, 0, over)
			}
		}
		select {
		case st.wake <- struct{}{}:
		default:
		}
		hs.mu.Unlock()
	}()
	hs.stream(w, r, st, 0, true)
}

// sseWriter writes SSE events to one response.
type sseWriter struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	hs  *httpSession
	err error
}

func (hs *httpSession) startSSE(w http.ResponseWriter, sessionHeader string, st *sseStream, prime bool) *sseWriter {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	if sessionHeader != "" {
		hd.Set(HeaderSessionID, sessionHeader)
	}
	w.WriteHeader(http.StatusOK)
	sw := &sseWriter{w: w, rc: http.NewResponseController(w), hs: hs}
	if prime && hs.core.Revision() >= Rev20251125 {
		// SEP-1699: an event with an id and empty data primes resumption,
		// and retry tells the client how soon to come back.
		sw.write([]byte("id: " + strconv.FormatInt(st.id, 10) + "_0\nretry: " + strconv.Itoa(hs.h.cfg.RetryMillis) + "\ndata: \n\n"))
	}
	return sw
}

func (sw *sseWriter) write(b []byte) {
	if sw.err != nil {
		return
	}
	_ = sw.rc.SetWriteDeadline(time.Now().Add(sw.hs.h.cfg.WriteTimeout))
	_, sw.err = sw.w.Write(b)
}

func (sw *sseWriter) event(stream int64, seq int, data []byte) {
	buf := make([]byte, 0, len(data)+32)
	buf = append(buf, "id: "...)
	buf = strconv.AppendInt(buf, stream, 10)
	buf = append(buf, '_')
	buf = strconv.AppendInt(buf, int64(seq), 10)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	sw.write(buf)
}

func (sw *sseWriter) flush() {
	if sw.err == nil {
		sw.err = sw.rc.Flush()
	}
}

// stream writes a stream's events after seq until its reply is written, the
// transport is asked to close it, the client goes away or the session ends.
func (hs *httpSession) stream(w http.ResponseWriter, r *http.Request, st *sseStream, seq int, prime bool) {
	defer func() {
		hs.mu.Lock()
		st.attached = false
		hs.attached--
		hs.lastActive = hs.h.srv.cfg.Clock.Now().UnixNano()
		hs.mu.Unlock()
	}()
	sw := hs.startSSE(w, "", st, prime)
	sw.flush()
	done := hs.doneChan()
	keepAlive := time.NewTicker(25 * time.Second)
	defer keepAlive.Stop()
	for {
		hs.mu.Lock()
		var batch []sseEvent
		for _, e := range st.events {
			if e.seq > seq {
				batch = append(batch, e)
			}
		}
		final, last, detached := st.final, st.nextSeq-1, st.detached
		hs.mu.Unlock()
		for _, e := range batch {
			sw.event(st.id, e.seq, e.data)
			seq = e.seq
		}
		if len(batch) > 0 {
			sw.flush()
			if sw.err == nil {
				hs.mu.Lock()
				st.sent = max(st.sent, seq)
				hs.mu.Unlock()
			}
		}
		if sw.err != nil {
			return
		}
		if final && seq >= last {
			hs.mu.Lock()
			delete(hs.streams, st.id)
			hs.mu.Unlock()
			return
		}
		if detached {
			return
		}
		select {
		case <-st.wake:
		case <-keepAlive.C:
			sw.write([]byte(": keep-alive\n\n"))
			sw.flush()
		case <-r.Context().Done():
			return
		case <-done:
			return
		}
	}
}

// streamControlKey carries, in a blocking request's context, the function
// that closes its SSE stream early (the client then resumes with
// Last-Event-ID). Only the conformance fixture test_reconnection uses it.
type streamControlKey struct{}

func closeStream(ctx context.Context) bool {
	f, ok := ctx.Value(streamControlKey{}).(func())
	if ok {
		f()
	}
	return ok
}

// postModern answers a 2026-07-28 request: no session; the headers must
// mirror the body; closing the response stream cancels the request.
func (h *HTTPHandler) postModern(w http.ResponseWriter, r *http.Request, m *message, p params, version string) {
	if msg := checkModernHeaders(r, m, p, version); msg != "" {
		httpError(w, http.StatusBadRequest, m.id, &rpcError{Code: CodeHeaderMismatch, Message: msg})
		return
	}
	select {
	case h.statelessSlots <- struct{}{}:
		defer func() { <-h.statelessSlots }()
	default:
		w.Header().Set("Retry-After", "1")
		httpError(w, http.StatusTooManyRequests, m.id, &rpcError{Code: -32000, Message: "Too many requests in flight; try again shortly"})
		return
	}
	var (
		mu     sync.Mutex
		events [][]byte
		wake   = make(chan struct{}, 1)
	)
	sink := func(o Outbound) {
		mu.Lock()
		if len(events) < h.cfg.MaxQueued {
			events = append(events, o.Raw)
		}
		mu.Unlock()
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	sess := h.srv.NewSession(SessionOptions{Sink: sink, shared: &h.stateless})
	ctx, rerr := sess.start(r.Context(), m)
	if rerr != nil {
		writeJSON(w, http.StatusOK, "", sess.reject(m, rerr))
		return
	}
	if !sess.blocking(m) {
		reply := sess.exec(ctx, m)
		mu.Lock()
		pending := events
		mu.Unlock()
		if len(pending) == 0 {
			writeJSON(w, modernStatus(reply), "", reply)
			return
		}
		writeSSE(w, append(pending, reply))
		return
	}
	replyCh := make(chan []byte, 1)
	go func() { replyCh <- sess.exec(ctx, m) }()
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	var sent int
	drain := func() error {
		mu.Lock()
		batch := events[sent:]
		sent = len(events)
		mu.Unlock()
		for _, e := range batch {
			_ = rc.SetWriteDeadline(time.Now().Add(h.cfg.WriteTimeout))
			if _, err := w.Write(append(append([]byte("data: "), e...), '\n', '\n')); err != nil {
				return err
			}
		}
		return rc.Flush()
	}
	for {
		select {
		case <-wake:
			if drain() != nil {
				return
			}
		case reply := <-replyCh:
			if drain() != nil || reply == nil {
				return
			}
			_, _ = w.Write(append(append([]byte("data: "), reply...), '\n', '\n'))
			_ = rc.Flush()
			return
		case <-r.Context().Done():
			return
		}
	}
}

// modernStatus is the HTTP status of a 2026-07-28 reply: 404 for an unknown
// method, 400 for the errors the transport spec sends with 400.
func modernStatus(reply []byte) int {
	if reply == nil {
		return http.StatusAccepted
	}
	i := bytes.Index(reply, []byte(`"error":{"code":`))
	if i < 0 {
		return http.StatusOK
	}
	code, _, _ := bytes.Cut(reply[i+len(`"error":{"code":`):], []byte(","))
	switch string(code) {
	case "-32601":
		return http.StatusNotFound
	case "-32020", "-32021", "-32022":
		return http.StatusBadRequest
	}
	return http.StatusOK
}

func writeSSE(w http.ResponseWriter, msgs [][]byte) {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	for _, m := range msgs {
		if m == nil {
			continue
		}
		_, _ = w.Write(append(append([]byte("data: "), m...), '\n', '\n'))
	}
}

// checkModernHeaders checks that MCP-Protocol-Version, Mcp-Method and
// Mcp-Name mirror the body; it returns what is wrong, or "".
func checkModernHeaders(r *http.Request, m *message, p params, version string) string {
	hv := r.Header.Get(HeaderProtocolVersion)
	switch {
	case hv == "":
		return "Header mismatch: the MCP-Protocol-Version header is required"
	case hv != version:
		return "Header mismatch: MCP-Protocol-Version header value '" + hv + "' does not match body value '" + version + "'"
	}
	hm := r.Header.Get(headerMethod)
	switch {
	case hm == "":
		return "Header mismatch: the Mcp-Method header is required"
	case hm != m.method:
		return "Header mismatch: Mcp-Method header value '" + hm + "' does not match body value '" + m.method + "'"
	}
	var field string
	switch m.method {
	case "tools/call", "prompts/get":
		field = "name"
	case "resources/read":
		field = "uri"
	default:
		return ""
	}
	body, _, _ := p.str(field, false)
	hn, present := r.Header[http.CanonicalHeaderKey(headerName)]
	if !present || len(hn) == 0 {
		return "Header mismatch: the Mcp-Name header is required for " + m.method
	}
	name := hn[0]
	if inner, ok := strings.CutPrefix(name, "=?base64?"); ok && strings.HasSuffix(inner, "?=") {
		dec, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(inner, "?="))
		if err != nil {
			return "Header mismatch: the Mcp-Name header is not valid base64"
		}
		name = string(dec)
	}
	if name != body {
		return "Header mismatch: Mcp-Name header value '" + name + "' does not match body value '" + body + "'"
	}
	return ""
}
