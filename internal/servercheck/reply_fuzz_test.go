package servercheck

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"testing"
)

// FuzzReadResponse gives the HTTP transport any reply, as JSON, as an
// event stream or as anything else: reading it never panics, every message
// it delivers is bounded, a JSON body it delivers looks like JSON-RPC, and
// a quiet transport (a check asked from another host) never shows the
// bytes of a reply that is not MCP.
func FuzzReadResponse(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), uint8(0), uint16(200), false)
	f.Add([]byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n"), uint8(1), uint16(200), true)
	f.Add([]byte("data: {\"jsonrpc\":\ndata: \"2.0\"}\n\ndata: partial"), uint8(1), uint16(200), false)
	f.Add([]byte("<html>secret admin page</html>"), uint8(2), uint16(200), true)
	f.Add([]byte(""), uint8(3), uint16(302), false)
	types := []string{"application/json", "text/event-stream; charset=utf-8", "text/html", "", "application/json; charset=\"x"}
	f.Fuzz(func(t *testing.T, body []byte, kind uint8, status uint16, quiet bool) {
		tr := NewHTTPWith("http://127.0.0.1:1/mcp", HTTPOptions{Quiet: quiet}).(*httpTransport)
		defer tr.cancel()
		code := 200 + int(status)%400
		resp := &http.Response{StatusCode: code, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body))}
		if ct := types[int(kind)%len(types)]; ct != "" {
			resp.Header.Set("Content-Type", ct)
		}
		got := make(chan []Incoming)
		go func() {
			var all []Incoming
			for in := range tr.inbox {
				all = append(all, in)
			}
			got <- all
		}()
		tr.readResponse(resp, kind%2 == 0)
		close(tr.inbox)
		for _, in := range <-got {
			if len(in.Raw) > 2*MaxMessageBytes+1 {
				t.Fatalf("a delivered message of %d bytes", len(in.Raw))
			}
			var nm *NotMCPError
			if errors.As(in.Err, &nm) && quiet && nm.Snippet != "" {
				t.Fatalf("a quiet transport showed the reply's bytes: %q", nm.Snippet)
			}
			if in.Err == nil && resp.Header.Get("Content-Type") == "application/json" && !looksJSONRPC(in.Raw) {
				t.Fatalf("delivered JSON that is no JSON-RPC: %q", in.Raw)
			}
		}
	})
}
