package mockserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Outbound is a message the server sends on its own initiative: a
// notification or a request to the client.
type Outbound struct {
	Raw    []byte
	Kind   grader.Kind // grader.KindNotification or grader.KindRequest
	Method string
	// Related is the id (grader.IDKey's text) of the client request this message
	// belongs to, "" when it belongs to none. Streamable HTTP sends related
	// messages on that request's stream.
	Related string
}

// SessionOptions tune one Session.
type SessionOptions struct {
	// Lang is the language of diagnostics in error.data ("" = server default).
	Lang i18n.Lang
	// Sink receives notifications and server requests. It must not block: a
	// transport queues with a bound. Nil drops them.
	Sink func(Outbound)
	// RequestTimeout bounds how long the session waits for the client's
	// answer to one of its requests; 0 is Config.ClientRequestTimeout.
	RequestTimeout time.Duration
	// shared is the state 2026-07-28 requests share when each one gets its
	// own Session (stateless HTTP); nil gives the session its own.
	shared *sharedState
}

// sharedState is what outlives one request: unlocked tools and open
// subscriptions/listen streams. A legacy session owns one; stateless HTTP
// requests share the handler's.
type sharedState struct {
	mu        sync.Mutex
	unlocked  bool
	listeners map[*listener]struct{}
}

// Session states of the legacy (initialize-based) lifecycle.
const (
	stateNew          uint8 = iota // nothing yet
	stateInitializing              // initialize answered, waiting for notifications/initialized
	stateReady                     // notifications/initialized received
)

// clientCaps is what the client declared it supports.
type clientCaps struct {
	sampling    bool
	elicitation bool
	roots       bool
}

type inflight struct {
	cancel    context.CancelFunc
	cancelled bool
}

// Session is one client's conversation with the server: the negotiated
// revision, lifecycle state, log level, unlocked tools, requests in flight and
// requests the server waits on. It is safe for concurrent use: blocking
// requests (the slow tool, a tool waiting for the client's answer) run while
// other messages are handled.
type Session struct {
	srv     *Server
	sink    func(Outbound)
	lang    i18n.Lang
	timeout time.Duration // for the client's answers

	mu       sync.Mutex
	rev      string // negotiated by initialize ("" before)
	state    uint8
	caps     clientCaps
	logLevel int8 // -1: logging/setLevel not called
	subs     map[string]struct{}
	inflight map[string]*inflight
	pending  map[string]chan *message
	nextID   int64
	closed   bool
	shared   *sharedState
	tasks    taskStore // 2025-11-25 tasks (tasks.go)
}

// NewSession starts a session. Transports use it; the console uses NewConsole.
func (s *Server) NewSession(opts SessionOptions) *Session {
	lang := opts.Lang
	if lang == "" {
		lang = s.cfg.Lang
	}
	shared := opts.shared
	if shared == nil {
		shared = &sharedState{}
	}
	timeout := opts.RequestTimeout
	if timeout <= 0 {
		timeout = s.cfg.ClientRequestTimeout
	}
	return &Session{srv: s, sink: opts.Sink, lang: lang, timeout: timeout, logLevel: -1, shared: shared}
}

// Revision returns the negotiated revision, "" before initialize.
func (s *Session) Revision() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rev
}

// Close cancels everything in flight; later requests are still answered but
// nothing waits for the client any more.
func (s *Session) Close() {
	s.mu.Lock()
	s.closed = true
	for _, f := range s.inflight {
		f.cancel()
	}
	for k, ch := range s.pending {
		close(ch)
		delete(s.pending, k)
	}
	s.mu.Unlock()
}

func (s *Session) emit(o Outbound) {
	if s.sink != nil {
		s.sink(s.srv.misnotify(o))
	}
}

// Handle processes one raw message and returns the immediate reply, or nil
// when there is none (notifications, responses, a cancelled request).
// Notifications and server requests go to the session's sink. Handle blocks
// for as long as the request runs.
func (s *Session) Handle(ctx context.Context, raw []byte) []byte {
	m, rerr := parseMessage(bytes.Clone(raw))
	if rerr != nil {
		return s.reject(m, rerr)
	}
	ctx, rerr = s.start(ctx, m)
	if rerr != nil {
		return s.reject(m, rerr)
	}
	return s.exec(ctx, m)
}

// start registers a request as in flight (so notifications/cancelled can reach
// it) and returns the context it runs in. Transports call it before running a
// blocking request on its own goroutine, so a cancellation read right after
// the request finds it.
func (s *Session) start(ctx context.Context, m *message) (context.Context, *rpcError) {
	if m.kind != grader.KindRequest {
		return ctx, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	key := m.idKey()
	if _, dup := s.inflight[key]; dup {
		return ctx, newError(CodeInvalidRequest, "Invalid Request: id %s is already used by a request still in flight; ids must be unique among requests in flight", key)
	}
	ctx, cancel := context.WithCancel(ctx)
	if s.inflight == nil {
		s.inflight = make(map[string]*inflight)
	}
	s.inflight[key] = &inflight{cancel: cancel}
	return ctx, nil
}

// exec runs a parsed message (after start for requests).
func (s *Session) exec(ctx context.Context, m *message) []byte {
	switch m.kind {
	case grader.KindNotification:
		s.notification(m)
		return nil
	case grader.KindResponse:
		s.response(m)
		return nil
	}
	reply := s.request(ctx, m)
	key := m.idKey()
	s.mu.Lock()
	f := s.inflight[key]
	delete(s.inflight, key)
	s.mu.Unlock()
	if f != nil {
		f.cancel()
		if f.cancelled {
			// The spec: the receiver SHOULD NOT answer a cancelled request.
			return nil
		}
	}
	return s.srv.misreply(reply)
}

// reject answers a message the core cannot accept, with the checker's
// diagnostics in error.data when the error calls for an explanation.
func (s *Session) reject(m *message, e *rpcError) []byte {
	if m != nil && m.kind == grader.KindResponse {
		return nil
	}
	if m != nil && m.kind == grader.KindNotification && e.Code != CodeParseError && e.Code != CodeInvalidRequest {
		return nil
	}
	var id json.RawMessage
	if m != nil {
		id = m.id
	}
	if id == nil && s.Revision() == Rev20250618 {
		id = nullID
	}
	e = s.localizeError(e)
	if e.explain && m != nil && len(m.raw) > 0 {
		e = s.explain(m, e)
	}
	return errorReply(id, e)
}

// explain adds the checker's findings about m to e.Data.
func (s *Session) explain(m *message, e *rpcError) *rpcError {
	diags := s.diagnostics(m)
	if len(diags) == 0 {
		return e
	}
	out := *e
	if e.judged != "" {
		out.Message = judgedMessage(e, diags, s.lang == i18n.FR)
	}
	switch d := e.Data.(type) {
	case nil:
		out.Data = map[string]any{"diagnostics": diags}
	case map[string]any:
		nd := make(map[string]any, len(d)+1)
		for k, v := range d {
			nd[k] = v
		}
		nd["diagnostics"] = diags
		out.Data = nd
	}
	return &out
}

// diagnostics are the checker's findings on a client message, by the
// revision it is answered under (a 2026-07-28 request names its own): the
// report parseMessage judged, in the session's language, when it is that
// revision's; it never panics.
func (s *Session) diagnostics(m *message) (diags []grader.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			s.srv.log.Error("checker panicked", "panic", r)
			diags = nil
		}
	}()
	rev := s.Revision()
	if statelessRequest(m.raw) {
		rev = Rev20260728
	} else if rev == "" {
		rev = grader.DefaultRevision
	}
	var rep grader.Report
	if m.rep.Protocol == rev {
		rep = m.rep.In(s.lang)
	} else {
		rep = grader.Check(m.raw, grader.Options{Protocol: rev, Lang: s.lang, Sender: grader.SenderClient})
	}
	for _, d := range rep.Diagnostics {
		if d.Severity == grader.SeverityError {
			diags = append(diags, d)
		}
	}
	if len(diags) == 0 {
		diags = rep.Diagnostics
	}
	return diags
}

// req is one request being dispatched.
type req struct {
	m      *message
	p      params
	rev    string // the revision this request is answered under
	modern bool   // a 2026-07-28 stateless request
	meta   params // params._meta
	caps   clientCaps
	// logLevel is the threshold for notifications/message sent for this
	// request (-1: none).
	logLevel int8
}

type handlerFunc func(s *Session, ctx context.Context, r *req) (any, *rpcError)

// legacyMethods are the client requests of 2025-06-18 and 2025-11-25.
var legacyMethods = map[string]handlerFunc{
	"initialize":               (*Session).initialize,
	"ping":                     (*Session).ping,
	"tools/list":               (*Session).toolsList,
	"tools/call":               (*Session).toolsCall,
	"resources/list":           (*Session).resourcesList,
	"resources/templates/list": (*Session).templatesList,
	"resources/read":           (*Session).resourcesRead,
	"resources/subscribe":      (*Session).resourcesSubscribe,
	"resources/unsubscribe":    (*Session).resourcesUnsubscribe,
	"prompts/list":             (*Session).promptsList,
	"prompts/get":              (*Session).promptsGet,
	"logging/setLevel":         (*Session).setLevel,
	"completion/complete":      (*Session).complete,
	"tasks/get":                (*Session).tasksGet,
	"tasks/result":             (*Session).tasksResult,
	"tasks/list":               (*Session).tasksList,
	"tasks/cancel":             (*Session).tasksCancel,
}

// modernMethods are the client requests of 2026-07-28.
var modernMethods = map[string]handlerFunc{
	"server/discover":          (*Session).discover,
	"tools/list":               (*Session).toolsList,
	"tools/call":               (*Session).toolsCall,
	"resources/list":           (*Session).resourcesList,
	"resources/templates/list": (*Session).templatesList,
	"resources/read":           (*Session).resourcesRead,
	"prompts/list":             (*Session).promptsList,
	"prompts/get":              (*Session).promptsGet,
	"completion/complete":      (*Session).complete,
	"subscriptions/listen":     (*Session).subscriptionsListen,
}

// MetaProtocolVersion is the _meta key of a 2026-07-28 request's revision.
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaLogLevel           = "io.modelcontextprotocol/logLevel"
	metaServerInfo         = "io.modelcontextprotocol/serverInfo"
	metaSubscriptionID     = "io.modelcontextprotocol/subscriptionId"
	// MetaPageSize asks a list method for pages of at most that many items,
	// so learners can practise pagination.
	MetaPageSize = "mcpplayground/pageSize"
)

// statelessRequest reports whether raw is a 2026-07-28 request: its
// params._meta names that revision.
func statelessRequest(raw []byte) bool {
	var m struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	var v string
	return json.Unmarshal(raw, &m) == nil && json.Unmarshal(m.Params.Meta[MetaProtocolVersion], &v) == nil && v == Rev20260728
}

// modernVersion returns the revision named in params._meta, if any.
func modernVersion(p params) (string, bool, *rpcError) {
	f, ok := p.meta().field(MetaProtocolVersion)
	if !ok {
		return "", false, nil
	}
	if !f.IsString() {
		return "", true, newError(CodeInvalidParams, "Invalid params: _meta[%q] must be a string", MetaProtocolVersion)
	}
	return f.Str, true, nil
}

func (s *Session) request(ctx context.Context, m *message) []byte {
	p, perr := m.decodedParams()
	var version string
	var modern bool
	if perr == nil {
		var verr *rpcError
		version, modern, verr = modernVersion(p)
		if verr != nil {
			return s.reject(m, verr)
		}
	}
	if modern {
		return s.modernRequest(ctx, m, p, version)
	}
	h, ok := legacyMethods[m.method]
	if !ok {
		return s.reject(m, newError(CodeMethodNotFound, "Method not found: %s", m.method))
	}
	if perr != nil {
		return s.reject(m, perr)
	}
	s.mu.Lock()
	rev, state, caps, level := s.rev, s.state, s.caps, s.logLevel
	s.mu.Unlock()
	if state == stateNew && m.method != "initialize" && m.method != "ping" {
		return s.reject(m, newError(CodeInvalidRequest, "Invalid Request: the session is not initialized; send initialize first (only ping may come before it)"))
	}
	if rev == "" {
		rev = grader.DefaultRevision
	}
	r := &req{m: m, p: p, rev: rev, meta: p.meta(), caps: caps, logLevel: level}
	res, rerr := h(s, ctx, r)
	if rerr != nil {
		return s.reject(m, rerr)
	}
	if res == nil || (ctx.Err() != nil && s.wasCancelled(m)) {
		// Cancelled, or the connection went away: no reply.
		return nil
	}
	return resultReply(m.id, s.localizeResult(res))
}

func (s *Session) wasCancelled(m *message) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.inflight[m.idKey()]
	return f != nil && f.cancelled
}

// notification handles a client notification. Unknown notifications are
// ignored, as JSON-RPC requires (the console shows the checker's findings).
func (s *Session) notification(m *message) {
	switch m.method {
	case "notifications/initialized":
		s.mu.Lock()
		if s.state == stateInitializing {
			s.state = stateReady
		}
		s.mu.Unlock()
	case "notifications/cancelled":
		p, err := m.decodedParams()
		if err != nil {
			return
		}
		id, ok := p.get("requestId")
		if !ok {
			return
		}
		s.mu.Lock()
		if f := s.inflight[string(bytes.TrimSpace(id))]; f != nil {
			f.cancelled = true
			f.cancel()
		}
		s.mu.Unlock()
	}
}

// response delivers the client's answer to a server request. An answer to
// nothing is dropped (there is no one to tell).
func (s *Session) response(m *message) {
	s.mu.Lock()
	ch := s.pending[m.idKey()]
	delete(s.pending, m.idKey())
	s.mu.Unlock()
	if ch != nil {
		ch <- m
	}
}

// errNoAnswer is returned by askClient when the client never answers.
var errNoAnswer = errors.New("the client did not answer in time")

// errNotReady is returned by askClient before notifications/initialized:
// until then the server sends no requests but pings.
var errNotReady = errors.New("the server sends no request before notifications/initialized; send it first")

// errClientError wraps an error response from the client.
type clientError struct{ raw json.RawMessage }

func (e *clientError) Error() string { return "the client answered with an error: " + string(e.raw) }

// askClient sends a request to the client (legacy sessions) and waits for
// its answer, the cancellation of the request it serves, or the timeout.
func (s *Session) askClient(ctx context.Context, related, method string, params any) (json.RawMessage, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errNoAnswer
	}
	if s.state != stateReady {
		s.mu.Unlock()
		return nil, errNotReady
	}
	s.nextID++
	id := json.RawMessage(strconv.FormatInt(s.nextID, 10))
	ch := make(chan *message, 1)
	if s.pending == nil {
		s.pending = make(map[string]chan *message)
	}
	s.pending[string(id)] = ch
	s.mu.Unlock()
	s.emit(Outbound{Raw: request(id, method, params), Kind: grader.KindRequest, Method: method, Related: related})
	forget := func() {
		s.mu.Lock()
		delete(s.pending, string(id))
		s.mu.Unlock()
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return nil, errNoAnswer
		}
		if m.errObj != nil {
			return nil, &clientError{m.errObj}
		}
		return m.result, nil
	case <-ctx.Done():
		forget()
		s.emit(Outbound{
			Raw:    notification("notifications/cancelled", map[string]any{"requestId": id, "reason": "the request that needed this answer was cancelled"}),
			Kind:   grader.KindNotification,
			Method: "notifications/cancelled",
		})
		return nil, ctx.Err()
	case <-s.srv.cfg.Clock.After(s.timeout):
		forget()
		return nil, errNoAnswer
	}
}

// logLevels are the syslog severities of logging/setLevel, lowest first.
var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

func levelIndex(level string) int8 {
	return int8(slices.Index(logLevels, level))
}

// initialize negotiates the revision (legacy lifecycle).
func (s *Session) initialize(_ context.Context, r *req) (any, *rpcError) {
	version, _, err := r.p.str("protocolVersion", true)
	if err != nil {
		return nil, err
	}
	capsP, _, err := r.p.object("capabilities", true)
	if err != nil {
		return nil, err
	}
	info, _, err := r.p.object("clientInfo", true)
	if err != nil {
		return nil, err
	}
	if _, _, err := info.str("name", true); err != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "clientInfo.name" is required and must be a string`)
	}
	if _, _, err := info.str("version", true); err != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "clientInfo.version" is required and must be a string`)
	}
	negotiated := Rev20251125
	if slices.Contains(legacyRevisions, version) {
		negotiated = version
	}
	s.mu.Lock()
	if s.state != stateNew {
		s.mu.Unlock()
		return nil, newError(CodeInvalidRequest, "Invalid Request: this session is already initialized; initialize is sent once per session")
	}
	s.rev = negotiated
	s.state = stateInitializing
	s.caps = parseCaps(capsP)
	s.mu.Unlock()
	return initializeResult{
		ProtocolVersion: negotiated,
		Capabilities:    s.srv.capabilitiesFor(negotiated),
		ServerInfo:      s.localInfo(),
		Instructions:    s.say(s.srv.instructions),
	}, nil
}

type initializeResult struct {
	ProtocolVersion string          `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
	ServerInfo      implementation  `json:"serverInfo"`
	Instructions    string          `json:"instructions,omitempty"`
}

func parseCaps(p params) clientCaps {
	return clientCaps{sampling: p.has("sampling"), elicitation: p.has("elicitation"), roots: p.has("roots")}
}

var emptyResult = json.RawMessage("{}")

func (s *Session) ping(context.Context, *req) (any, *rpcError) {
	if s.srv.mistake() == MistakeNoPingAnswer {
		return nil, nil
	}
	return emptyResult, nil
}

func (s *Session) setLevel(_ context.Context, r *req) (any, *rpcError) {
	level, _, err := r.p.str("level", true)
	if err != nil {
		return nil, err
	}
	i := levelIndex(level)
	if i < 0 {
		return nil, newError(CodeInvalidParams, "Invalid params: unknown log level %q; use one of debug, info, notice, warning, error, critical, alert, emergency", level)
	}
	s.mu.Lock()
	s.logLevel = i
	s.mu.Unlock()
	return emptyResult, nil
}

// pageSize is the page size asked for with _meta, or the server's default.
func (s *Session) pageSize(r *req) int {
	if raw, ok := r.meta.get(MetaPageSize); ok {
		if n, err := strconv.Atoi(string(bytes.TrimSpace(raw))); err == nil && n > 0 {
			return n
		}
	}
	return s.srv.cfg.PageSize
}
