package mockserver

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"strings"
	"sync"
	"time"
)

// postModern answers a 2026-07-28 request: no session; the headers must
// mirror the body; closing the response stream cancels the request.
func (h *HTTPHandler) postModern(w http.ResponseWriter, r *http.Request, m *message, p params, version string) {
	if msg := checkModernHeaders(r, m, p, version); msg != "" {
		httpError(w, http.StatusBadRequest, m.id, &rpcError{Code: CodeHeaderMismatch, Message: msg})
		return
	}
	client := ClientAddr(r)
	if !h.statelessSlots.acquire(client) {
		h.refusals.note(h.log, h.srv.cfg.Clock.Now(), client, "stateless requests")
		w.Header().Set("Retry-After", "1")
		httpError(w, http.StatusTooManyRequests, m.id, &rpcError{Code: -32000, Message: "Too many requests in flight; try again shortly"})
		return
	}
	defer h.statelessSlots.release(client)
	out := &modernOutbox{max: h.cfg.MaxQueued, wake: make(chan struct{}, 1)}
	sess := h.srv.NewSession(SessionOptions{Sink: out.add, shared: &h.stateless, Lang: requestLang(r)})
	ctx, rerr := sess.start(r.Context(), m)
	if rerr != nil {
		writeJSON(w, http.StatusOK, "", sess.reject(m, rerr))
		return
	}
	if !sess.blocking(m) {
		reply := sess.exec(ctx, m)
		pending := out.take()
		if len(pending) == 0 {
			writeJSON(w, modernStatus(reply), "", reply)
			return
		}
		writeSSE(w, append(pending, reply))
		return
	}
	replyCh := make(chan []byte, 1)
	go func() { replyCh <- sess.exec(ctx, m) }()
	h.streamModern(w, r, out, replyCh)
}

// modernOutbox holds what a 2026-07-28 request sends before its reply, up
// to max messages over the request's life (later ones are dropped).
type modernOutbox struct {
	mu     sync.Mutex
	events [][]byte
	added  int
	max    int
	wake   chan struct{}
}

// add is the request's session sink.
func (o *modernOutbox) add(m Outbound) {
	o.mu.Lock()
	if o.added < o.max {
		o.events = append(o.events, m.Raw)
		o.added++
	}
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// take returns the messages added since the last take.
func (o *modernOutbox) take() [][]byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	batch := o.events
	o.events = nil
	return batch
}

// streamModern streams a blocking 2026-07-28 request's messages, then its
// reply, until the client closes the stream (which cancels the request).
func (h *HTTPHandler) streamModern(w http.ResponseWriter, r *http.Request, out *modernOutbox, replyCh <-chan []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	drain := func() error {
		for _, e := range out.take() {
			_ = rc.SetWriteDeadline(time.Now().Add(h.cfg.WriteTimeout))
			if _, err := w.Write(append(append([]byte("data: "), e...), '\n', '\n')); err != nil {
				return err
			}
		}
		return rc.Flush()
	}
	for {
		select {
		case <-out.wake:
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
