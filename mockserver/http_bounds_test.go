package mockserver

import (
	"bytes"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// from is a client whose connections leave from one loopback address
// (127.0.0.2, …): the handler counts it as another client.
func (e *httpEnv) from(ip string) *httpEnv {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	e.t.Cleanup(c.CloseIdleConnections)
	return &httpEnv{t: e.t, h: e.h, ts: e.ts, clock: e.clock, client: c}
}

const initializeBody = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// status is the HTTP status of a ping in session sid.
func (e *httpEnv) status(sid string) int {
	e.t.Helper()
	resp := e.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, HeaderSessionID, sid)
	readAll(e.t, resp)
	return resp.StatusCode
}

// held is what the sessions hold (requests in flight and GET streams),
// their count and how many of them are busy.
func (e *httpEnv) held() (units, sessions, busy int) {
	e.h.reg.mu.Lock()
	defer e.h.reg.mu.Unlock()
	return e.h.reg.units, len(e.h.reg.sessions), len(e.h.reg.sessions) - e.h.reg.idle.n
}

// waitIdle waits until the sessions hold nothing and none is busy: a
// request's slot is given back, and its stream let go, by goroutines that
// finish after the client read the reply. The registry says when it holds
// less; only the test's deadline turns a hang into a failure.
func (e *httpEnv) waitIdle() {
	e.t.Helper()
	g := e.h.reg
	var units, busy int
	idle := func() bool {
		units, busy = g.units, len(g.sessions)-g.idle.n
		return units == 0 && busy == 0
	}
	if !waitCond(e.t, &g.mu, g.lighter, idle) {
		e.t.Fatalf("the sessions hold %d units and %d are busy, want none", units, busy)
	}
}

// waitCond waits until ok holds, reading it with mu held each time cond
// is broadcast; false when the test's deadline (30 s before the binary's)
// came first, so the failure still names what was awaited.
func waitCond(t *testing.T, mu *sync.Mutex, cond *sync.Cond, ok func() bool) bool {
	t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	if d, has := t.Deadline(); has {
		deadline = d.Add(-30 * time.Second)
	}
	late := false
	timer := time.AfterFunc(time.Until(deadline), func() {
		mu.Lock()
		late = true
		cond.Broadcast()
		mu.Unlock()
	})
	defer timer.Stop()
	mu.Lock()
	defer mu.Unlock()
	for !ok() {
		if late {
			return false
		}
		cond.Wait()
	}
	return true
}

// askHanging calls ask_gift_preferences and reads until elicitation/create
// arrives; the caller reads the rest (or not).
func (e *httpEnv) askHanging(sid, id string) *sseReader {
	e.t.Helper()
	resp := e.post(`{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, HeaderSessionID, sid)
	e.t.Cleanup(func() { resp.Body.Close() })
	r := newSSEReader(resp.Body)
	for {
		ev, ok := r.next(e.t)
		if !ok {
			e.t.Fatalf("the ask's stream ended before elicitation/create")
		}
		if strings.Contains(ev.data, `"elicitation/create"`) {
			return r
		}
	}
}

// TestHTTPEvictsIdleSessionsOldestFirst: a client at its bound loses its own
// oldest idle session; a full server loses the oldest idle session of
// anyone; a new initialize is then served, not refused.
func TestHTTPEvictsIdleSessionsOldestFirst(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxSessions: 3, MaxSessionsPerClient: 2})
	b := e.from("127.0.0.2")
	a1 := e.initialize(`{}`)
	e.clock.Advance(time.Second)
	a2 := e.initialize(`{}`)
	e.clock.Advance(time.Second)
	e.status(a1) // a1 is now more recent than a2
	e.clock.Advance(time.Second)
	a3 := e.initialize(`{}`) // the client's bound: a2 goes
	e.clock.Advance(time.Second)
	b1 := b.initialize(`{}`) // three sessions: the server's bound
	e.clock.Advance(time.Second)
	b2 := b.initialize(`{}`) // a1 is the oldest idle session: it goes
	got := map[string]int{}
	for name, sid := range map[string]string{"a1": a1, "a2": a2, "a3": a3, "b1": b1, "b2": b2} {
		got[name] = e.status(sid)
	}
	want := map[string]int{"a1": 404, "a2": 404, "a3": 200, "b1": 200, "b2": 200}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sessions alive (-want +got):\n%s", diff)
	}
}

// TestHTTPBusySessionsAreKept: a session with a request in flight is not
// evicted, so a client at its bound is refused, cheaply and with 429; when
// the unanswered request times out (the injected clock), its slot is freed
// and the session becomes idle, hence evictable.
func TestHTTPBusySessionsAreKept(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxSessionsPerClient: 1, RequestTimeout: 45 * time.Second})
	sid := e.initialize(`{"elicitation":{}}`)
	ask := e.askHanging(sid, "7")
	resp := e.post(initializeBody)
	if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("initialize while the only session is busy: %d %s", resp.StatusCode, body)
	}
	if other := e.from("127.0.0.2"); other.status(other.initialize(`{}`)) != http.StatusOK {
		t.Error("another client was refused")
	}
	e.clock.waitForTimers(t, 1)
	e.clock.Advance(45 * time.Second)
	reply, _ := ask.next(t)
	if !strings.Contains(reply.data, `"id":7,"result"`) || !strings.Contains(reply.data, "did not answer in time") {
		t.Errorf("the timed-out ask's reply: %s", reply.data)
	}
	e.waitIdle()
	fresh := e.initialize(`{}`)
	if got := []int{e.status(sid), e.status(fresh)}; !cmp.Equal(got, []int{404, 200}) {
		t.Errorf("old and new session: %v, want [404 200]", got)
	}
}

// TestHTTPDeleteFreesEverything: DELETE ends the unanswered requests of the
// session at once, and gives back what they held.
func TestHTTPDeleteFreesEverything(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxHeldPerClient: 3})
	sid := e.initialize(`{"elicitation":{}}`)
	asks := []*sseReader{e.askHanging(sid, "1"), e.askHanging(sid, "2"), e.askHanging(sid, "3")}
	resp := e.post(`{"jsonrpc":"2.0","id":4,"method":"ping"}`, HeaderSessionID, sid)
	if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a fourth request from the client: %d %s", resp.StatusCode, body)
	}
	req, _ := http.NewRequest(http.MethodDelete, e.ts.URL, nil)
	req.Header.Set(HeaderSessionID, sid)
	del, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, del)
	for _, r := range asks {
		for {
			if _, ok := r.next(t); !ok {
				break
			}
		}
	}
	e.waitIdle()
	if units, sessions, _ := e.held(); units != 0 || sessions != 0 {
		t.Errorf("after DELETE: %d units, %d sessions", units, sessions)
	}
}

// TestHTTPStatelessFairShare: one client holding listen streams takes at
// most its share of the 2026-07-28 slots; another client is still served.
func TestHTTPStatelessFairShare(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxStateless: 8, MaxStatelessPerClient: 3})
	listen := func(c *httpEnv, id string) int {
		resp := c.post(`{"jsonrpc":"2.0","id":`+id+`,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},`+modernMeta+`}}`,
			HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "subscriptions/listen")
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode == http.StatusOK {
			if ack, _ := newSSEReader(resp.Body).next(t); !strings.Contains(ack.data, "acknowledged") {
				t.Fatalf("listen: %+v", ack)
			}
		}
		return resp.StatusCode
	}
	list := func(c *httpEnv) int {
		resp := c.post(`{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{`+modernMeta+`}}`, HeaderProtocolVersion, "2026-07-28", "Mcp-Method", "tools/list")
		readAll(t, resp)
		return resp.StatusCode
	}
	other := e.from("127.0.0.2")
	// The other client's requests may hold their slot a moment after their
	// reply (the handler returns after writing it): its share leaves room.
	got := []int{listen(e, "1"), listen(e, "2"), listen(e, "3"), listen(e, "4"), list(e), list(other), listen(other, "1"), list(other)}
	want := []int{200, 200, 200, 429, 429, 200, 200, 200}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
}

// TestHTTPGoneClientIsFreed: a client that hangs up on its unanswered ask
// and never comes back: the ask times out, the session goes idle, expires,
// and nothing of it is left.
func TestHTTPGoneClientIsFreed(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{IdleTimeout: 10 * time.Minute, RequestTimeout: time.Minute})
	sid := e.initialize(`{"elicitation":{}}`)
	resp := e.post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, HeaderSessionID, sid)
	r := newSSEReader(resp.Body)
	for ev, ok := r.next(t); !strings.Contains(ev.data, `"elicitation/create"`); ev, ok = r.next(t) {
		if !ok {
			t.Fatal("no elicitation/create")
		}
	}
	resp.Body.Close()
	e.clock.waitForTimers(t, 1)
	e.clock.Advance(time.Minute)
	e.waitIdle()
	if n := e.h.sweep(); n != 0 {
		t.Errorf("swept %d sessions right after the timeout", n)
	}
	e.clock.Advance(11 * time.Minute)
	if n := e.h.sweep(); n != 1 {
		t.Errorf("swept %d sessions after the idle timeout, want 1", n)
	}
	if units, sessions, busy := e.held(); units+sessions+busy != 0 {
		t.Errorf("left: %d units, %d sessions, %d busy", units, sessions, busy)
	}
	e.h.reg.mu.Lock()
	defer e.h.reg.mu.Unlock()
	if n := len(e.h.reg.clients); n != 0 {
		t.Errorf("%d client entries left", n)
	}
}

// syncLog is a log destination that tests read while servers write.
type syncLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// TestHTTPRefusalsAreLoggedOncePerMinute: the first refusal is a warning;
// the next ones wait for a minute to pass, and the next warning counts
// them (four from the first burst, then the first of the second).
func TestHTTPRefusalsAreLoggedOncePerMinute(t *testing.T) {
	logs := &syncLog{}
	e := newHTTPEnv(t, Config{}, HTTPConfig{MaxSessionsPerClient: 1, RequestTimeout: time.Hour, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	sid := e.initialize(`{"elicitation":{}}`)
	e.askHanging(sid, "1")
	refuse := func(n int) {
		for range n {
			resp := e.post(initializeBody)
			if body := readAll(t, resp); resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("initialize: %d %s", resp.StatusCode, body)
			}
		}
	}
	refuse(5)
	e.clock.Advance(time.Minute)
	refuse(3)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if strings.Contains(line, "refusing clients") {
			_, after, _ := strings.Cut(line, "refused=")
			got = append(got, after)
		}
	}
	want := []string{"1 latest_client=127.0.0.1 what=sessions", "5 latest_client=127.0.0.1 what=sessions"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s\n%s", diff, logs.String())
	}
}
