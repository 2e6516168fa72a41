package capture

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
)

// MaxBody bounds one HTTP request or JSON reply the recorder reads.
const MaxBody = 4 << 20

// hopHeaders are not forwarded by a proxy (RFC 9110 §7.6.1).
var hopHeaders = []string{"Connection", "Keep-Alive", "Proxy-Connection", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

// Recorder is a reverse proxy for one Streamable HTTP endpoint: every request
// goes to Upstream, and every message on the way is recorded: the client's
// POST bodies, the server's JSON replies, and the events of its SSE streams
// (from POST replies and from a standalone GET stream).
type Recorder struct {
	Log      *Log
	Upstream *url.URL     // the server's endpoint, for example http://127.0.0.1:3001/mcp
	Client   *http.Client // nil means a client with no timeout of its own (streams last)
	Logger   *slog.Logger // nil means slog.Default()
	n        atomic.Int64
}

func (rec *Recorder) logger() *slog.Logger {
	if rec.Logger != nil {
		return rec.Logger
	}
	return slog.Default()
}

// ServeHTTP records and forwards one request and its reply.
func (rec *Recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	exchange := int(rec.n.Add(1))
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	if err != nil || len(body) > MaxBody {
		http.Error(w, "capture: request body unreadable or over 4 MiB", http.StatusRequestEntityTooLarge)
		return
	}
	if len(bytes.TrimSpace(body)) > 0 {
		h := &HTTP{Exchange: exchange, Method: r.Method, ContentType: r.Header.Get("Content-Type"), Accept: r.Header.Get("Accept"),
			SessionID: r.Header.Get("Mcp-Session-Id"), ProtocolVersion: r.Header.Get("Mcp-Protocol-Version")}
		if err := rec.Log.Add(grader.SenderClient, TransportHTTP, body, h); err != nil {
			http.Error(w, err.Error(), http.StatusInsufficientStorage)
			return
		}
	}
	resp, err := rec.forward(r, body)
	if err != nil {
		rec.logger().Error("capture: forward", "exchange", exchange, "err", err)
		http.Error(w, "capture: the server did not answer", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	removeHop(w.Header())
	w.WriteHeader(resp.StatusCode)
	h := HTTP{Exchange: exchange, Method: r.Method, Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"),
		SessionID: resp.Header.Get("Mcp-Session-Id"), ProtocolVersion: r.Header.Get("Mcp-Protocol-Version")}
	switch mediaType(h.ContentType) {
	case "text/event-stream":
		err = rec.relayEvents(w, resp.Body, h)
	case "application/json":
		err = rec.relayJSON(w, resp.Body, h)
	default:
		_, err = io.Copy(w, io.LimitReader(resp.Body, MaxBody))
	}
	if err != nil && !errors.Is(err, r.Context().Err()) {
		rec.logger().Warn("capture: relay", "exchange", exchange, "err", err)
	}
}

// forward sends r, with body, to the upstream endpoint.
func (rec *Recorder) forward(r *http.Request, body []byte) (*http.Response, error) {
	target := *rec.Upstream
	target.RawQuery = r.URL.RawQuery
	out, err := http.NewRequestWithContext(r.Context(), r.Method, target.String(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("capture: build the upstream request: %w", err)
	}
	out.Header = r.Header.Clone()
	removeHop(out.Header)
	out.ContentLength = int64(len(body))
	client := rec.Client
	if client == nil {
		client = &http.Client{}
	}
	resp, err := client.Do(out)
	if err != nil {
		return nil, fmt.Errorf("capture: %s %s: %w", r.Method, target.Redacted(), err)
	}
	return resp, nil
}

// relayJSON records a JSON reply, then passes it on.
func (rec *Recorder) relayJSON(w io.Writer, body io.Reader, h HTTP) error {
	b, err := io.ReadAll(io.LimitReader(body, MaxBody+1))
	if err != nil {
		return fmt.Errorf("capture: read a JSON reply: %w", err)
	}
	if len(b) > MaxBody {
		return fmt.Errorf("capture: a JSON reply over %d bytes", MaxBody)
	}
	if len(bytes.TrimSpace(b)) > 0 {
		if err := rec.Log.Add(grader.SenderServer, TransportHTTP, b, &h); err != nil {
			return err
		}
	}
	_, err = w.Write(b)
	return err
}

func removeHop(h http.Header) {
	for _, k := range hopHeaders {
		h.Del(k)
	}
}

func mediaType(contentType string) string {
	t, _, _ := strings.Cut(contentType, ";")
	return strings.ToLower(strings.TrimSpace(t))
}
