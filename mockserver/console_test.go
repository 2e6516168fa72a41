package mockserver

import (
	"strings"
	"sync"
	"testing"
)

// rawOut collects what a console transport hands back.
type rawOut struct {
	mu  sync.Mutex
	got []string
}

func (r *rawOut) add(raw []byte) {
	r.mu.Lock()
	r.got = append(r.got, string(raw))
	r.mu.Unlock()
}

func (r *rawOut) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	got := r.got
	r.got = nil
	return got
}

// The console transport hands raw messages only: a reply before Send
// returns, nothing for a notification, a refusal for what is too large or
// not JSON-RPC, and the revision the handshake negotiated.
func TestConsoleTransportHandsRawMessages(t *testing.T) {
	var out rawOut
	tr := newTestServer(Config{}).NewConsoleTransport("", out.add)
	defer tr.Close()
	if tr.Revision() != "" {
		t.Errorf("revision before initialize: %q", tr.Revision())
	}
	steps := []struct {
		send string
		want []string // substrings of each message handed back, in order
	}{
		{initMsg, []string{`"id":0,"result":{`}},
		{initialized, nil},
		{`{"jsonrpc":"2.0","id":"p","method":"ping"}`, []string{`{"jsonrpc":"2.0","id":"p","result":{}}`}},
		{`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 1<<20) + `"}}`, []string{`"code":-32600`}},
		{`not json`, []string{`"code":-32700`}},
	}
	for _, st := range steps {
		tr.Send([]byte(st.send))
		got := out.take()
		if len(got) != len(st.want) {
			t.Fatalf("after %.60s: %d messages, want %d: %q", st.send, len(got), len(st.want), got)
		}
		for i, w := range st.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("after %.60s: %s, want %s in it", st.send, got[i], w)
			}
		}
	}
	if tr.Revision() != Rev20251125 {
		t.Errorf("revision: %q", tr.Revision())
	}
}
