package servercheck

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
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
}

// NewHTTP returns a transport to the Streamable HTTP endpoint url. client
// may be nil (a client that follows no redirect).
func NewHTTP(url string, client *http.Client) Transport {
	if client == nil {
		client = &http.Client{
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
			Transport:     &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 4, IdleConnTimeout: 30 * time.Second},
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &httpTransport{url: url, client: client, inbox: make(chan Incoming, inboxSize), done: make(chan struct{}), ctx: ctx, cancel: cancel}
}

func (t *httpTransport) Inbox() <-chan Incoming { return t.inbox }
func (t *httpTransport) Log() string            { return "" }

func (t *httpTransport) Send(ctx context.Context, raw []byte, info SendInfo) error {
	rctx, cancel := context.WithCancel(t.ctx)
	stopAfter := context.AfterFunc(ctx, cancel) // the step's end closes the stream
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, t.url, bytes.NewReader(raw))
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
		if !reached && ctx.Err() == nil {
			return &reachError{fmt.Errorf("POST %s: %w", t.url, err)}
		}
		return fmt.Errorf("POST %s: %w", t.url, err)
	}
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
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		body, err := io.ReadAll(io.LimitReader(resp.Body, MaxMessageBytes+1))
		switch {
		case len(body) > MaxMessageBytes:
			deliver(t.inbox, t.done, Incoming{Err: ErrTooLarge})
		case err != nil:
			deliver(t.inbox, t.done, Incoming{Raw: body, Err: ErrPartial})
		default:
			deliver(t.inbox, t.done, Incoming{Raw: body})
		}
	case "text/event-stream":
		t.readSSE(resp.Body, request)
	default:
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		deliver(t.inbox, t.done, Incoming{Err: httpStatusError(resp, snippet), Status: resp.StatusCode})
	}
}

func httpStatusError(resp *http.Response, snippet []byte) error {
	msg := fmt.Sprintf("HTTP %s, Content-Type %q", resp.Status, resp.Header.Get("Content-Type"))
	if s := strings.TrimSpace(string(snippet)); s != "" && utf8.ValidString(s) {
		msg += ": " + s
	}
	return errors.New(msg)
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
	req, err := http.NewRequestWithContext(t.ctx, http.MethodGet, t.url, nil)
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
			if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, t.url, nil); err == nil {
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
