package main

import (
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The gift server's requestState is sealed with the database's key: a
// retry reaching another instance on the same database, or the same one
// after a restart, is accepted; an instance on another database refuses
// it.
func TestServeSharesTheRequestStateKey(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}`
	call := func(base, extra string) string {
		t.Helper()
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + `,"name":"ask_gift_preferences","arguments":{}` + extra + `}}`
		req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", "ask_gift_preferences")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	first := startServe(t, serveConfig{addr: "127.0.0.1:0", db: db})
	m := regexp.MustCompile(`"requestState":"([^"]+)"`).FindStringSubmatch(call(first.base, ""))
	if m == nil {
		t.Fatal("no requestState in the input_required result")
	}
	retry := `,"inputResponses":{"preferences":{"action":"decline"}},"requestState":"` + m[1] + `"`
	if err := first.stop(); err != nil {
		t.Fatal(err)
	}
	if got := call(startServe(t, serveConfig{addr: "127.0.0.1:0", db: db}).base, retry); !strings.Contains(got, `"resultType":"complete"`) {
		t.Errorf("another instance on the same database: %s", got)
	}
	if got := call(startServe(t, serveConfig{addr: "127.0.0.1:0"}).base, retry); !strings.Contains(got, `"code":-32602`) {
		t.Errorf("an instance on another database: %s", got)
	}
}
