package mockserver

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

// serveOnce sends one POST through the handler, without a network, as
// client from.
func serveOnce(h http.Handler, from, sid string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/mcp", bytes.NewReader(body))
	req.RemoteAddr = from + ":40000"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set(HeaderSessionID, sid)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// BenchmarkHTTPToolsCall is one tools/call through the Streamable HTTP
// handler (session lookup, slots, reply), 64 sessions of one client at once:
// mcpload's load without the network.
func BenchmarkHTTPToolsCall(b *testing.B) {
	h := NewHTTPHandler(New(Config{}), HTTPConfig{})
	defer h.Close()
	const sessions = 64
	ids := make(chan string, sessions)
	for range sessions {
		w := serveOnce(h, "127.0.0.1", "", []byte(initMsg))
		sid := w.Header().Get(HeaderSessionID)
		if sid == "" {
			b.Fatalf("initialize: %d %s", w.Code, w.Body)
		}
		serveOnce(h, "127.0.0.1", sid, []byte(initialized))
		ids <- sid
	}
	b.ReportAllocs()
	b.SetParallelism(sessions / 2)
	b.RunParallel(func(pb *testing.PB) {
		sid := <-ids
		for pb.Next() {
			if w := serveOnce(h, "127.0.0.1", sid, benchCall); w.Code != http.StatusOK {
				b.Errorf("tools/call: %d %s", w.Code, w.Body)
				return
			}
		}
	})
}

// BenchmarkHTTPInitialize is an accepted initialize then its DELETE, from
// many addresses.
func BenchmarkHTTPInitialize(b *testing.B) {
	h := NewHTTPHandler(New(Config{}), HTTPConfig{})
	defer h.Close()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		from := "10.0." + strconv.Itoa(i>>8&255) + "." + strconv.Itoa(i&255)
		w := serveOnce(h, from, "", []byte(initMsg))
		sid := w.Header().Get(HeaderSessionID)
		if sid == "" {
			b.Fatalf("initialize: %d %s", w.Code, w.Body)
		}
		req := httptest.NewRequest(http.MethodDelete, "/mcp", nil)
		req.RemoteAddr = from + ":40000"
		req.Header.Set(HeaderSessionID, sid)
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
}
