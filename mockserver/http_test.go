package mockserver

import (
	"bufio"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// httpEnv is a real Streamable HTTP server on a loopback port.
type httpEnv struct {
	t      *testing.T
	h      *HTTPHandler
	ts     *httptest.Server
	clock  *fakeClock
	client *http.Client // nil: http.DefaultClient
}

func newHTTPEnv(t *testing.T, cfg Config, hcfg HTTPConfig) *httpEnv {
	t.Helper()
	clock := newFakeClock()
	if cfg.Clock == nil {
		cfg.Clock = clock
	}
	h := NewHTTPHandler(New(cfg), hcfg)
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ts.Close()
		h.Close()
	})
	return &httpEnv{t: t, h: h, ts: ts, clock: clock}
}

// post sends one message; headers are name, value pairs.
func (e *httpEnv) post(body string, headers ...string) *http.Response {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.ts.URL, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	c := e.client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp
}

func (e *httpEnv) initialize(caps string) string {
	e.t.Helper()
	resp := e.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":` + caps + `,"clientInfo":{"name":"t","version":"1"}}}`)
	body := readAll(e.t, resp)
	sid := resp.Header.Get(HeaderSessionID)
	if resp.StatusCode != http.StatusOK || sid == "" {
		e.t.Fatalf("initialize: %d %q %s", resp.StatusCode, sid, body)
	}
	resp = e.post(initialized, HeaderSessionID, sid)
	readAll(e.t, resp)
	return sid
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type sseEventRead struct{ id, data string }

// sseReader reads SSE events one at a time.
type sseReader struct {
	sc *bufio.Scanner
}

func newSSEReader(r io.Reader) *sseReader { return &sseReader{bufio.NewScanner(r)} }

func (r *sseReader) next(t *testing.T) (sseEventRead, bool) {
	t.Helper()
	var ev sseEventRead
	seen := false
	for r.sc.Scan() {
		line := r.sc.Text()
		switch {
		case line == "":
			if seen {
				return ev, true
			}
		case strings.HasPrefix(line, "id: "):
			ev.id, seen = strings.TrimPrefix(line, "id: "), true
		case strings.HasPrefix(line, "data: "):
			ev.data, seen = strings.TrimPrefix(line, "data: "), true
		}
	}
	return ev, false
}

func TestHTTPOriginAndHost(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{AllowedOrigins: []string{"https://tools.example"}})
	host := strings.TrimPrefix(e.ts.URL, "http://")
	ping := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	tests := []struct {
		name, host, origin string
		want               int
	}{
		{"no origin", "", "", http.StatusOK},
		{"same origin", "", "http://" + host, http.StatusOK},
		{"loopback origin on another port", "", "http://localhost:5173", http.StatusOK},
		{"allowed origin", "", "https://tools.example", http.StatusOK},
		{"foreign origin, valid host", "", "http://evil.example", http.StatusForbidden},
		{"foreign origin that looks local", "", "http://127.0.0.1.evil.example", http.StatusForbidden},
		{"rebinding host", "evil.example:" + strings.Split(host, ":")[1], "", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, e.ts.URL, strings.NewReader(ping))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			if tt.host != "" {
				req.Host = tt.host
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body := readAll(t, resp)
			if resp.StatusCode != tt.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.want, body)
			}
			if tt.want == http.StatusForbidden {
				var msg map[string]any
				if err := json.Unmarshal([]byte(body), &msg); err != nil {
					t.Fatalf("403 body is not JSON: %s", body)
				}
				if _, hasID := msg["id"]; hasID || msg["error"] == nil {
					t.Errorf("403 body should be a JSON-RPC error without id: %s", body)
				}
			}
		})
	}
}

func TestHTTPSessionLifecycle(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	list := `{"jsonrpc":"2.0","id":1,"method":"prompts/list"}`

	resp := e.post(list)
	if body := readAll(t, resp); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("without a session: %d %s", resp.StatusCode, body)
	}
	resp = e.post(list, HeaderSessionID, "nope")
	if body := readAll(t, resp); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown session: %d %s", resp.StatusCode, body)
	}

	resp = e.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}`)
	if body := readAll(t, resp); resp.StatusCode != http.StatusOK || resp.Header.Get(HeaderSessionID) != "" || !strings.Contains(body, "-32602") || e.h.SessionCount() != 0 {
		t.Errorf("failed initialize: %d %q %s, %d sessions", resp.StatusCode, resp.Header.Get(HeaderSessionID), body, e.h.SessionCount())
	}

	sid := e.initialize(`{}`)
	resp = e.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, HeaderSessionID, sid)
	if body := readAll(t, resp); resp.StatusCode != http.StatusAccepted || body != "" {
		t.Errorf("notification: %d %q", resp.StatusCode, body)
	}
	resp = e.post(`{"jsonrpc":"2.0","id":99,"result":{}}`, HeaderSessionID, sid)
	if body := readAll(t, resp); resp.StatusCode != http.StatusAccepted || body != "" {
		t.Errorf("response: %d %q", resp.StatusCode, body)
	}
	resp = e.post(list, HeaderSessionID, sid, HeaderProtocolVersion, "2025-11-25")
	body := readAll(t, resp)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("prompts/list: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if !strings.Contains(body, `"gift_congrats_style"`) {
		t.Errorf("prompts/list body: %s", body)
	}
	resp = e.post(list, HeaderSessionID, sid, HeaderProtocolVersion, "1999-01-01")
	if body := readAll(t, resp); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad MCP-Protocol-Version: %d %s", resp.StatusCode, body)
	}
	resp = e.post(`{"jsonrpc":"2.0","id":2,"method":"ping"`, HeaderSessionID, sid)
	if body := readAll(t, resp); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "-32700") {
		t.Errorf("parse error: %d %s", resp.StatusCode, body)
	}

	req, _ := http.NewRequest(http.MethodDelete, e.ts.URL, nil)
	req.Header.Set(HeaderSessionID, sid)
	dresp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, dresp)
	if dresp.StatusCode != http.StatusNoContent {
		t.Errorf("DELETE: %d", dresp.StatusCode)
	}
	resp = e.post(list, HeaderSessionID, sid)
	if body := readAll(t, resp); resp.StatusCode != http.StatusNotFound {
		t.Errorf("after DELETE: %d %s", resp.StatusCode, body)
	}
	if n := e.h.SessionCount(); n != 0 {
		t.Errorf("%d sessions left", n)
	}

	req, _ = http.NewRequest(http.MethodPut, e.ts.URL, nil)
	presp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, presp)
	if presp.StatusCode != http.StatusMethodNotAllowed || presp.Header.Get("Allow") == "" {
		t.Errorf("PUT: %d allow %q", presp.StatusCode, presp.Header.Get("Allow"))
	}
}

// TestHTTPProgressOnSSE: the slow tool streams a priming event, its progress
// notifications, then the reply, each with an event id.
func TestHTTPProgressOnSSE(t *testing.T) {
	e := newHTTPEnv(t, Config{ProgressInterval: time.Second}, HTTPConfig{})
	sid := e.initialize(`{}`)
	resp := e.post(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":2},"_meta":{"progressToken":7}}}`, HeaderSessionID, sid)
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := newSSEReader(resp.Body)
	var got []sseEventRead
	prime, _ := r.next(t)
	got = append(got, prime)
	for i := 0; i < 2; i++ {
		e.clock.waitForTimers(t, 1)
		e.clock.Advance(time.Second)
		ev, ok := r.next(t)
		if !ok {
			t.Fatal("stream ended early")
		}
		got = append(got, ev)
	}
	ev, _ := r.next(t)
	got = append(got, ev)
	if _, more := r.next(t); more {
		t.Error("the stream goes on after the reply")
	}
	want := []sseEventRead{
		{"2_0", ""},
		{"2_1", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,"total":2,"message":"Step 1 of 2: choosing the box"}}`},
		{"2_2", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":2,"total":2,"message":"Step 2 of 2: adding tissue paper"}}`},
		{"2_3", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"The gifts are packed and ready to ship (2 steps)."}],"isError":false}}`},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(sseEventRead{})); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// TestHTTPLogsThenReply: a quick request that logs answers with an SSE
// stream carrying the log messages first.
func TestHTTPLogsThenReply(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	sid := e.initialize(`{}`)
	readAll(t, e.post(`{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}`, HeaderSessionID, sid))
	resp := e.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":25}}}`, HeaderSessionID, sid)
	defer resp.Body.Close()
	r := newSSEReader(resp.Body)
	log, _ := r.next(t)
	reply, _ := r.next(t)
	if !strings.Contains(log.data, `"notifications/message"`) || !strings.Contains(reply.data, `"id":2,"result"`) {
		t.Errorf("log %q then reply %q", log.data, reply.data)
	}
}

// TestHTTPServerRequest: elicitation/create goes out on the tool call's
// stream; the client POSTs its answer (202) and the reply follows.
func TestHTTPServerRequest(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	sid := e.initialize(`{"elicitation":{}}`)
	resp := e.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, HeaderSessionID, sid)
	defer resp.Body.Close()
	r := newSSEReader(resp.Body)
	r.next(t) // priming
	ask, _ := r.next(t)
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal([]byte(ask.data), &req); err != nil || req.Method != "elicitation/create" {
		t.Fatalf("expected elicitation/create, got %q", ask.data)
	}
	answer := e.post(`{"jsonrpc":"2.0","id":`+string(req.ID)+`,"result":{"action":"decline"}}`, HeaderSessionID, sid)
	readAll(t, answer)
	if answer.StatusCode != http.StatusAccepted {
		t.Errorf("answer: %d", answer.StatusCode)
	}
	reply, _ := r.next(t)
	want := `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"No preferences given (decline): nothing to suggest."}],"isError":false}}`
	if reply.data != want {
		t.Errorf("reply %s\nwant  %s", reply.data, want)
	}
}

// TestHTTPStandaloneStream: messages tied to no request wait for the GET
// stream; a second GET stream is refused.
func TestHTTPStandaloneStream(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	sid := e.initialize(`{}`)
	hs := e.h.reg.get(sid)
	hs.deliver(Outbound{Raw: []byte(`{"jsonrpc":"2.0","method":"notifications/resources/list_changed"}`), Kind: grader.KindNotification})

	get := func() *http.Response {
		req, _ := http.NewRequest(http.MethodGet, e.ts.URL, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(HeaderSessionID, sid)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := get()
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET: %d", resp.StatusCode)
	}
	r := newSSEReader(resp.Body)
	r.next(t) // priming
	ev, _ := r.next(t)
	if ev.data != `{"jsonrpc":"2.0","method":"notifications/resources/list_changed"}` {
		t.Errorf("queued message: %q", ev.data)
	}
	second := get()
	readAll(t, second)
	if second.StatusCode != http.StatusConflict {
		t.Errorf("second GET: %d", second.StatusCode)
	}
	hs.deliver(Outbound{Raw: []byte(`{"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}`), Kind: grader.KindNotification})
	ev, _ = r.next(t)
	if ev.data != `{"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}` {
		t.Errorf("live message: %q", ev.data)
	}
}

// TestHTTPResume: test_reconnection closes its stream mid-call; the reply
// arrives on a GET that resumes with Last-Event-ID.
func TestHTTPResume(t *testing.T) {
	e := newHTTPEnv(t, Config{Fixtures: FixturesConformance}, HTTPConfig{})
	sid := e.initialize(`{}`)
	resp := e.post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"test_reconnection"}}`, HeaderSessionID, sid)
	r := newSSEReader(resp.Body)
	prime, _ := r.next(t)
	e.clock.waitForTimers(t, 1)
	e.clock.Advance(time.Second) // the tool closes the stream
	if ev, more := r.next(t); more {
		t.Fatalf("stream should close, got %+v", ev)
	}
	resp.Body.Close()
	e.clock.waitForTimers(t, 1)
	e.clock.Advance(time.Second) // the tool finishes
	req, _ := http.NewRequest(http.MethodGet, e.ts.URL, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(HeaderSessionID, sid)
	req.Header.Set("Last-Event-ID", prime.id)
	gresp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer gresp.Body.Close()
	gr := newSSEReader(gresp.Body)
	ev, _ := gr.next(t)
	if ev.data == "" {
		ev, _ = gr.next(t) // priming of the resumed stream
	}
	if !strings.Contains(ev.data, `"id":1,"result"`) || !strings.Contains(ev.data, "Reconnection test completed") {
		t.Errorf("resumed event %+v", ev)
	}
}

func TestHTTPExpiry(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{IdleTimeout: time.Minute})
	a := e.initialize(`{}`)
	e.clock.Advance(30 * time.Second)
	if n := e.h.sweep(); n != 0 {
		t.Errorf("swept %d sessions after 30s", n)
	}
	b := e.initialize(`{}`)
	e.clock.Advance(45 * time.Second)
	if n := e.h.sweep(); n != 1 {
		t.Errorf("swept %d sessions after 75s, want the first one", n)
	}
	for sid, want := range map[string]int{a: http.StatusNotFound, b: http.StatusOK} {
		resp := e.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, HeaderSessionID, sid)
		if body := readAll(t, resp); resp.StatusCode != want {
			t.Errorf("session %s: %d %s, want %d", sid, resp.StatusCode, body, want)
		}
	}
	if n := e.h.SessionCount(); n != 1 {
		t.Errorf("%d sessions, want 1", n)
	}
}

// TestHTTPLimits: a huge body, a flood of requests and a client that never
// reads are each contained to their own session.
func TestHTTPLimits(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxBodyBytes: 1024, MaxInFlight: 2, MaxQueued: 8})
	flooder := e.initialize(`{}`)
	other := e.initialize(`{}`)

	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"` + strings.Repeat("x", 2000) + `","budget":1}}}`
	resp := e.post(big, HeaderSessionID, flooder)
	if body := readAll(t, resp); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("huge body: %d %s", resp.StatusCode, body)
	}

	// Two slow calls hold the flooder's slots (the fake clock never moves),
	// even after the flooder hangs up: the calls still run.
	for i := 0; i < 2; i++ {
		resp := e.post(`{"jsonrpc":"2.0","id":`+string(rune('5'+i))+`,"method":"tools/call","params":{"name":"prepare_delivery"}}`, HeaderSessionID, flooder)
		resp.Body.Close()
	}
	e.clock.waitForTimers(t, 2)
	resp = e.post(`{"jsonrpc":"2.0","id":9,"method":"ping"}`, HeaderSessionID, flooder)
	if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("third request in flight: %d %s", resp.StatusCode, body)
	}
	resp = e.post(`{"jsonrpc":"2.0","id":9,"method":"ping"}`, HeaderSessionID, other)
	if body := readAll(t, resp); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"result":{}`) {
		t.Errorf("other session: %d %s", resp.StatusCode, body)
	}

	// Nobody reads the GET stream: the queue stays bounded and delivery
	// never blocks.
	hs := e.h.reg.get(other)
	for i := 0; i < 1000; i++ {
		hs.deliver(Outbound{Raw: []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)})
	}
	hs.mu.Lock()
	queued, dropped := len(hs.standalone.events), hs.standalone.dropped
	hs.mu.Unlock()
	if queued != 8 || dropped != 992 {
		t.Errorf("queued %d dropped %d", queued, dropped)
	}
}

// TestHTTPStatelessLimit: requests without a session share a bound.
func TestHTTPStatelessLimit(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxStateless: 1})
	listen := e.post(`{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},`+modernMeta+`}}`,
		HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "subscriptions/listen")
	r := newSSEReader(listen.Body)
	if ack, _ := r.next(t); !strings.Contains(ack.data, "notifications/subscriptions/acknowledged") {
		t.Fatalf("listen: %+v", ack)
	}
	discover := `{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{` + modernMeta + `}}`
	resp := e.post(discover, HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "server/discover")
	if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("second stateless request: %d %s", resp.StatusCode, body)
	}
	listen.Body.Close()
	// The listen stream's handler gives its slot back once it sees the
	// client gone: wait for that, then the next request gets in.
	slots := e.h.statelessSlots
	if !waitCond(t, &slots.mu, slots.freed, func() bool { return slots.total == 0 }) {
		t.Fatal("the slot never came back")
	}
	resp = e.post(discover, HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "server/discover")
	if body := readAll(t, resp); resp.StatusCode != http.StatusOK {
		t.Errorf("once the slot is back: %d %s", resp.StatusCode, body)
	}
}

func TestHTTPStateless(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":40},` + modernMeta + `}}`
	tests := []struct {
		name    string
		body    string
		headers []string
		status  int
		has     string
	}{
		{"ok", call, []string{HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "suggest_gifts"}, 200, `"resultType":"complete"`},
		{"base64 name", call, []string{HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "=?base64?c3VnZ2VzdF9naWZ0cw==?="}, 200, `"structuredContent"`},
		{"no version header", call, []string{"Mcp-Method", "tools/call", "Mcp-Name", "suggest_gifts"}, 400, `-32020`},
		{"name mismatch", call, []string{HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "wrap_gift"}, 400, `-32020`},
		{"unknown method", `{"jsonrpc":"2.0","id":2,"method":"tools/run","params":{` + modernMeta + `}}`, []string{HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "tools/run"}, 404, `-32601`},
		{"unsupported version", `{"jsonrpc":"2.0","id":3,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2030-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}`, []string{HeaderProtocolVersion, "2030-01-01", "Mcp-Method", "server/discover"}, 400, `-32022`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := e.post(tt.body, tt.headers...)
			body := readAll(t, resp)
			if resp.StatusCode != tt.status || !strings.Contains(body, tt.has) {
				t.Errorf("%d %s; want %d with %s", resp.StatusCode, body, tt.status, tt.has)
			}
			if resp.Header.Get(HeaderSessionID) != "" {
				t.Error("a stateless request got a session id")
			}
		})
	}
}
