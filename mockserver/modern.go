package mockserver

import (
	"context"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"slices"
	"strings"
)

// cacheHints are the cacheScope and ttlMs of the 2026-07-28 results that
// require them. tools/list is private: unlocking changes it.
var cacheHints = map[string]string{
	"server/discover":          `"cacheScope":"public","ttlMs":60000`,
	"tools/list":               `"cacheScope":"private","ttlMs":0`,
	"resources/list":           `"cacheScope":"public","ttlMs":60000`,
	"resources/templates/list": `"cacheScope":"public","ttlMs":60000`,
	"resources/read":           `"cacheScope":"public","ttlMs":60000`,
	"prompts/list":             `"cacheScope":"public","ttlMs":60000`,
}

// modernRequest answers a 2026-07-28 stateless request: the revision,
// capabilities and log level come with the request itself.
func (s *Session) modernRequest(ctx context.Context, m *message, p params, version string) []byte {
	h, ok := modernMethods[m.method]
	if version != Rev20260728 {
		return errorReply(m.id, &rpcError{
			Code:    CodeUnsupportedProtocolVersion,
			Message: "Unsupported protocol version",
			Data:    map[string]any{"requested": version, "supported": supportedRevisions},
		})
	}
	if !ok {
		return s.reject(m, newError(CodeMethodNotFound, "Method not found: %q is not a %s method", m.method, Rev20260728))
	}
	meta := p.meta()
	capsP, _, err := meta.object(metaClientCapabilities, true)
	if err != nil {
		return s.reject(m, newError(CodeInvalidParams, "Invalid params: _meta[%q] is required and must be an object", metaClientCapabilities))
	}
	level := int8(-1)
	if lv, present, lerr := meta.str(metaLogLevel, false); lerr != nil || (present && levelIndex(lv) < 0) {
		return s.reject(m, newError(CodeInvalidParams, "Invalid params: _meta[%q] must be a log level (debug … emergency)", metaLogLevel))
	} else if present {
		level = levelIndex(lv)
	}
	r := &req{m: m, p: p, rev: Rev20260728, modern: true, meta: meta, caps: parseCaps(capsP), logLevel: level}
	res, rerr := h(s, ctx, r)
	if rerr != nil {
		return s.reject(m, rerr)
	}
	if res == nil || (ctx.Err() != nil && s.wasCancelled(m)) {
		return nil
	}
	return resultReply(m.id, s.modernResult(m.method, res))
}

// modernResult adds resultType, the cache hints and serverInfo to a result.
func (s *Session) modernResult(method string, res any) json.RawMessage {
	body, ok := res.(json.RawMessage)
	if !ok {
		body = marshal(res)
	}
	prefix := `"_meta":{"` + metaServerInfo + `":` + string(marshal(s.srv.serverInfo)) + `}`
	if _, input := res.(inputRequired); !input {
		prefix = `"resultType":"complete",` + prefix
	}
	if hint, ok := cacheHints[method]; ok {
		prefix += "," + hint
	}
	out := make([]byte, 0, len(body)+len(prefix)+2)
	out = append(out, '{')
	out = append(out, prefix...)
	if len(body) > 2 {
		out = append(out, ',')
		out = append(out, body[1:]...)
	} else {
		out = append(out, '}')
	}
	return out
}

// discover answers server/discover.
func (s *Session) discover(context.Context, *req) (any, *rpcError) {
	return struct {
		SupportedVersions []string        `json:"supportedVersions"`
		Capabilities      json.RawMessage `json:"capabilities"`
		Instructions      string          `json:"instructions,omitempty"`
	}{supportedRevisions, s.srv.capabilitiesRaw, s.srv.instructions}, nil
}

// subscriptionFilter is the SubscriptionFilter of subscriptions/listen.
type subscriptionFilter struct {
	ToolsListChanged      bool     `json:"toolsListChanged,omitempty"`
	PromptsListChanged    bool     `json:"promptsListChanged,omitempty"`
	ResourcesListChanged  bool     `json:"resourcesListChanged,omitempty"`
	ResourceSubscriptions []string `json:"resourceSubscriptions,omitempty"`
}

type listener struct {
	id     json.RawMessage
	filter subscriptionFilter
	s      *Session // whose sink carries the stream
}

// subscriptionsListen opens a 2026-07-28 notification stream: it acknowledges
// what it will send, then waits until the client closes the stream.
func (s *Session) subscriptionsListen(ctx context.Context, r *req) (any, *rpcError) {
	raw, ok := r.p.get("notifications")
	if !ok {
		return nil, newError(CodeInvalidParams, `Invalid params: "notifications" is required`)
	}
	var asked subscriptionFilter
	if grader.FirstByte(raw) != '{' || json.Unmarshal(raw, &asked) != nil {
		return nil, newError(CodeInvalidParams, `Invalid params: "notifications" must be a SubscriptionFilter object`)
	}
	// Prompts and resources never change here: only tools and resource
	// subscriptions are honoured.
	granted := subscriptionFilter{ToolsListChanged: asked.ToolsListChanged, ResourceSubscriptions: asked.ResourceSubscriptions}
	l := &listener{id: r.m.id, filter: granted, s: s}
	key := r.m.idKey()
	sh := s.shared
	sh.mu.Lock()
	if sh.listeners == nil {
		sh.listeners = make(map[*listener]struct{})
	}
	sh.listeners[l] = struct{}{}
	sh.mu.Unlock()
	defer func() {
		sh.mu.Lock()
		delete(sh.listeners, l)
		sh.mu.Unlock()
	}()
	s.emit(Outbound{
		Raw: notification("notifications/subscriptions/acknowledged", map[string]any{
			"notifications": granted,
			"_meta":         map[string]any{metaSubscriptionID: l.id},
		}),
		Kind: grader.KindNotification, Method: "notifications/subscriptions/acknowledged", Related: key,
	})
	<-ctx.Done()
	return nil, nil
}

// notifyListeners sends a list-changed notification on every listen stream
// whose filter wants it.
func (s *Session) notifyListeners(wants func(subscriptionFilter) bool, method string) {
	sh := s.shared
	sh.mu.Lock()
	var targets []*listener
	for l := range sh.listeners {
		if wants(l.filter) {
			targets = append(targets, l)
		}
	}
	sh.mu.Unlock()
	slices.SortFunc(targets, func(a, b *listener) int { return strings.Compare(string(a.id), string(b.id)) })
	for _, l := range targets {
		l.s.emit(Outbound{
			Raw:  notification(method, map[string]any{"_meta": map[string]any{metaSubscriptionID: l.id}}),
			Kind: grader.KindNotification, Method: method, Related: grader.IDKeyOf(l.id).String(),
		})
	}
}
