package explain

import (
	"slices"
	"testing"
)

// A log without initialize starts mid-session, unless its server said
// the request came before any handshake: then the request is the
// client's mistake, not a handshake the log left out.
func TestServerSaysNoHandshake(t *testing.T) {
	const req = `echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | uv run gift_server.py` + "\n"
	const res = `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid request parameters","data":""}}` + "\n"
	const warn = "[08/14/25 10:05:39] WARNING  Failed to validate request: Received request before initialization was complete    session.py:363\n"
	r, err := Explain([]byte(req+res), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Partial || len(problems(r)) != 0 {
		t.Errorf("without the warning: partial %v, problems %v; want a partial log, nothing wrong", r.Partial, problems(r))
	}
	r, err = Explain([]byte(req+warn+res), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Partial || !slices.Equal(problems(r), []string{"session.lifecycle.before-initialize"}) {
		t.Errorf("with the warning: partial %v, problems %v; want session.lifecycle.before-initialize", r.Partial, problems(r))
	}
}
