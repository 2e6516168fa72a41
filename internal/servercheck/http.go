package servercheck

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"
)

// Streamable HTTP headers.
const (
	headerSession  = "Mcp-Session-Id"
	headerProtocol = "MCP-Protocol-Version"
	headerMethod   = "Mcp-Method"
	headerName     = "Mcp-Name"
)

// httpTransport speaks Streamable HTTP to one endpoint: a POST per message
// (a JSON body or an SSE stream back), the session id minted by initialize,
// the protocol-version header after the handshake, the GET stream for what
// the server sends on its own, and DELETE at the end.
type httpTransport struct {
	url    string
	client *http.Client
	inbox  chan Incoming
	done   chan struct{}
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	once   sync.Once

	mu       sync.Mutex
	session  string
	reached  bool
	getAlive bool
	moved    *Move
	quiet    bool
}

// maxRedirects is how many redirects one request may follow.
const maxRedirects = 3

// NewHTTP returns a transport to the Streamable HTTP endpoint url. client
// may be nil (a plain client). Whatever the client's own redirect policy,
// only 307 and 308 are followed (they keep the POST and its body; 301, 302
// and 303 would turn it into a GET), at most maxRedirects times, each new
// address passing the client's policy too; later requests go where the
// endpoint really is.
func NewHTTP(url string, client *http.Client) Transport {
	return NewHTTPWith(url, HTTPOptions{Client: client})
}

// HTTPOptions tune an HTTP transport.
type HTTPOptions struct {
	Client *http.Client // nil: a plain client
	// Quiet never shows the bytes of an answer that is not MCP, only its
	// status and media type: a check asked from another host must not
	// read the services it reaches.
	Quiet bool
}

// NewHTTPWith is NewHTTP with options.
func NewHTTPWith(url string, o HTTPOptions) Transport {
	client := o.Client
	if client == nil {
		client = &http.Client{Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 4, IdleConnTimeout: 30 * time.Second}}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &httpTransport{url: url, client: postRedirects(client), quiet: o.Quiet, inbox: make(chan Incoming, inboxSize), done: make(chan struct{}), ctx: ctx, cancel: cancel}
}

// postRedirects is c following only 307 and 308, then asking c's policy.
func postRedirects(c *http.Client) *http.Client {
	cc := *c
	check := c.CheckRedirect
	cc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.Response == nil || (req.Response.StatusCode != http.StatusTemporaryRedirect && req.Response.StatusCode != http.StatusPermanentRedirect) {
			return http.ErrUseLastResponse
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("more than %d redirects", maxRedirects)
		}
		if check != nil {
			return check(req, via)
		}
		return nil
	}
	return &cc
}

func (t *httpTransport) Inbox() <-chan Incoming { return t.inbox }
func (t *httpTransport) Log() string            { return "" }

// Moved says where a redirect led, the first time one was followed.
func (t *httpTransport) Moved() (Move, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.moved == nil {
		return Move{}, false
	}
	return *t.moved, true
}

// endpoint is the URL requests go to (where a redirect led).
func (t *httpTransport) endpoint() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.url
}

// follow notes where resp's request really went.
func (t *httpTransport) follow(from string, resp *http.Response) {
	if resp.Request == nil || resp.Request.Response == nil || resp.Request.URL.String() == from {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.url = resp.Request.URL.String()
	if t.moved == nil {
		t.moved = &Move{From: from, To: t.url, Status: resp.Request.Response.StatusCode}
	}
}

// died tells a server that is gone (nothing listens any more, the
// connection dropped before any answer) from other failures.
func died(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

func (t *httpTransport) Send(ctx context.Context, raw []byte, info SendInfo) error {
	rctx, cancel := context.WithCancel(t.ctx)
	stopAfter := context.AfterFunc(ctx, cancel) // the step's end closes the stream
	url := t.endpoint()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		cancel()
		return &reachError{fmt.Errorf("the URL %q: %w", t.url, err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	t.mu.Lock()
	if t.session != "" {
		req.Header.Set(headerSession, t.session)
	}
	reached := t.reached
	t.mu.Unlock()
	if info.Revision != "" {
		req.Header.Set(headerProtocol, info.Revision)
	}
	if info.Stateless {
		req.Header.Set(headerMethod, info.Method)
		if info.Name != "" {
			req.Header.Set(headerName, headerValue(info.Name))
		}
	}
	resp, err := t.client.Do(req)
	if err != nil {
		cancel()
		stopAfter()
		switch {
		case !reached && ctx.Err() == nil:
			return &reachError{fmt.Errorf("POST %s: %w", url, err)}
		case ctx.Err() == nil && died(err):
			return fmt.Errorf("%w: POST %s: %w", ErrDied, url, err)
		}
		return fmt.Errorf("POST %s: %w", url, err)
	}
	t.follow(url, resp)
	t.mu.Lock()
	t.reached = true
	if sid := resp.Header.Get(headerSession); sid != "" && info.Method == "initialize" {
		t.session = sid
	}
	t.mu.Unlock()
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer cancel()
		defer stopAfter()
		defer resp.Body.Close()
		t.readResponse(resp, info.Request)
	}()
	return nil
}

// headerValue encodes a name that is not plain ASCII as the spec says.
func headerValue(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return "=?base64?" + base64.StdEncoding.EncodeToString([]byte(s)) + "?="
		}
	}
	return s
}

// readResponse delivers what one POST's response holds.
func (t *httpTransport) readResponse(resp *http.Response, request bool) {
	if resp.StatusCode == http.StatusAccepted {
		return
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		deliver(t.inbox, t.done, Incoming{Err: &RedirectError{Status: resp.StatusCode, Location: clip(resp.Header.Get("Location"))}})
		return
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		t.readJSON(resp, request)
	case "text/event-stream":
		t.readSSE(resp.Body, request)
	default:
		var snippet []byte
		if !t.quiet {
			snippet, _ = io.ReadAll(io.LimitReader(resp.Body, 200))
		}
		deliver(t.inbox, t.done, Incoming{Err: notMCP(resp, snippet), Status: resp.StatusCode})
	}
}

// readJSON delivers a JSON body. A body that is no JSON-RPC message at all
// is described, not delivered (what answered is not an MCP server); one
// that is not a response ends the request, which gets no other reply.
func (t *httpTransport) readJSON(resp *http.Response, request bool) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxMessageBytes+1))
	switch {
	case len(body) > MaxMessageBytes:
		deliver(t.inbox, t.done, Incoming{Err: ErrTooLarge})
	case err != nil:
		deliver(t.inbox, t.done, Incoming{Raw: body, Err: ErrPartial})
	case !looksJSONRPC(body):
		deliver(t.inbox, t.done, Incoming{Err: notMCP(resp, nil), Status: resp.StatusCode})
	default:
		deliver(t.inbox, t.done, Incoming{Raw: body})
		if request && !isResponse(body) {
			deliver(t.inbox, t.done, Incoming{Err: ErrNoReply})
		}
	}
}

// looksJSONRPC says whether body is meant as JSON-RPC: an object (or a
// batch of them) with one of its members, however wrong.
func looksJSONRPC(body []byte) bool {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		var batch []json.RawMessage
		return json.Unmarshal(body, &batch) == nil && len(batch) > 0 && looksJSONRPC(batch[0])
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	for _, k := range []string{"jsonrpc", "id", "method", "result", "error"} {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

// NotMCPError is an HTTP answer that holds no MCP message: described by
// its status and media type, with its first bytes only when they may be
// shown (Snippet, never for a check asked from another host).
type NotMCPError struct {
	Status  int
	Type    string
	Snippet string
}

func (e *NotMCPError) Error() string {
	t := e.Type
	if t == "" {
		t = "no Content-Type"
	}
	msg := fmt.Sprintf("HTTP %d %s, %s", e.Status, http.StatusText(e.Status), t)
	if e.Snippet != "" {
		msg += ": " + e.Snippet
	}
	return msg
}

func notMCP(resp *http.Response, snippet []byte) error {
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	e := &NotMCPError{Status: resp.StatusCode, Type: mt}
	if s := strings.TrimSpace(string(snippet)); s != "" && utf8.ValidString(s) {
		e.Snippet = s
	}
	return e
}

// RedirectError is a redirect the check does not follow (not 307 or 308,
// or past maxRedirects).
type RedirectError struct {
	Status   int
	Location string
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("HTTP %d %s to %q", e.Status, http.StatusText(e.Status), e.Location)
}

// readSSE delivers the data of each event. On a request's stream it stops
// after the first response: the reply ends the stream.
func (t *httpTransport) readSSE(body io.Reader, request bool) {
	lr := newLineReader(body, MaxMessageBytes)
	var data []byte
	tooLarge := false
	for {
		line, err := lr.next()
		if errors.Is(err, ErrTooLarge) {
			tooLarge = true
			continue
		}
		if err != nil {
			if len(data) > 0 || len(bytes.TrimSpace(line)) > 0 {
				deliver(t.inbox, t.done, Incoming{Raw: append(data, line...), Err: ErrPartial})
			}
			return
		}
		if len(line) == 0 { // end of an event
			switch {
			case tooLarge:
				deliver(t.inbox, t.done, Incoming{Err: ErrTooLarge})
			case len(data) > 0:
				if !deliver(t.inbox, t.done, Incoming{Raw: data}) {
					return
				}
				if request && isResponse(data) {
					return
				}
			}
			data, tooLarge = nil, false
			continue
		}
		if v, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			v = bytes.TrimPrefix(v, []byte(" "))
			if len(data)+len(v) > MaxMessageBytes {
				tooLarge = true
				continue
			}
			if len(data) > 0 {
				data = append(data, '\n')
			}
			data = append(data, v...)
		}
	}
}

// Handshaken opens the GET stream of a session: what the server sends on
// its own arrives there. A server without one answers 405, which is fine.
func (t *httpTransport) Handshaken(revision string) {
	t.mu.Lock()
	sid := t.session
	if sid == "" || t.getAlive {
		t.mu.Unlock()
		return
	}
	t.getAlive = true
	t.mu.Unlock()
	req, err := http.NewRequestWithContext(t.ctx, http.MethodGet, t.endpoint(), nil)
	if err != nil {
		return
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(headerSession, sid)
	req.Header.Set(headerProtocol, revision)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		resp, err := t.client.Do(req)
		if err != nil {
			return
		}
		defer resp.Body.Close()
		if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); resp.StatusCode == http.StatusOK && mt == "text/event-stream" {
			t.readSSE(resp.Body, false)
		}
	}()
}

// Close ends the session (DELETE), every request and stream, and waits for
// their goroutines.
func (t *httpTransport) Close() error {
	t.once.Do(func() {
		t.mu.Lock()
		sid := t.session
		t.mu.Unlock()
		if sid != "" {
			ctx, cancel := context.WithTimeout(context.Background(), stopGrace)
			if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, t.endpoint(), nil); err == nil {
				req.Header.Set(headerSession, sid)
				if resp, err := t.client.Do(req); err == nil {
					_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
					resp.Body.Close()
				}
			}
			cancel()
		}
		t.cancel()
		close(t.done)
	})
	t.wg.Wait()
	t.client.CloseIdleConnections()
	return nil
}
