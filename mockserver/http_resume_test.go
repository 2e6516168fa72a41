package mockserver

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// A 2025-06-18 client that resumes a stream it read to the end, with the
// last event id it was given, gets an empty stream (nothing remains), not
// an error; an id the session never sent is a 400 whose body is no
// JSON-RPC error without an id, which 2025-06-18 does not have.
func TestHTTPResumeAfterTheEnd20250618(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	resp := e.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	readAll(t, resp)
	sid := resp.Header.Get(HeaderSessionID)
	readAll(t, e.post(initialized, HeaderSessionID, sid, HeaderProtocolVersion, Rev20250618))
	readAll(t, e.post(`{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}`, HeaderSessionID, sid, HeaderProtocolVersion, Rev20250618))
	resp = e.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":50}}}`, HeaderSessionID, sid, HeaderProtocolVersion, Rev20250618)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("tools/call answered %s, want a stream (a log message, then the reply)", ct)
	}
	r := newSSEReader(resp.Body)
	last := ""
	for {
		ev, more := r.next(t)
		if !more {
			break
		}
		if ev.id != "" {
			last = ev.id
		}
	}
	resp.Body.Close()
	if last == "" {
		t.Fatal("the stream gave no event id")
	}
	get := func(id string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, e.ts.URL, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(HeaderSessionID, sid)
		req.Header.Set(HeaderProtocolVersion, Rev20250618)
		req.Header.Set("Last-Event-ID", id)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get(last)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" || body != "" {
		t.Errorf("resume after the end: %d %s %q, want an empty stream", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	resp, body = get("999_1")
	if resp.StatusCode != http.StatusBadRequest || strings.Contains(body, `"jsonrpc"`) {
		t.Errorf("never-sent id: %d %q, want a 400 without an id-less JSON-RPC error", resp.StatusCode, body)
	}
}
