// Package hostiletest is a hostile MCP server: an HTTP handler that
// answers every JSON-RPC request with one long, dense, valid reply, as a
// learner's "server" might, to show that the server check stays bounded
// in memory and in the page it sends whatever a server answers. It is the
// one such server the tests of the check (web, cmd/playground) and the
// load program cmd/loadtest/checkserver share; nothing else imports it.
//
// It does not import package testing, so the load program can serve it;
// each caller listens where it needs to (httptest, every address, its own
// http.Server).
package hostiletest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// Huge is the list size that makes each reply just under 1 MiB (the
// envelope around the list is under 200 bytes): the hostile server of the
// page bound and of the load program's -hostile.
const Huge = 1<<20 - 200

// item is one tool of the list: 230 bytes.
var item = `{"name":"x","description":"` + strings.Repeat("d", 200) + `"},`

// Handler answers at any path. A request that is a JSON-RPC message with an
// id (initialize, tools/list or any other method alike) gets 200 with
// Content-Type application/json, Mcp-Session-Id "s" and one result that
// would do for initialize (protocolVersion 2025-11-25, the tools
// capability, serverInfo h 1) and for tools/list at once: a tools list of
// as many whole 230-byte tools as fit in listBytes, then {"name":"y"}.
// Anything else (a notification, a body that is not JSON, an empty GET)
// gets 202 with no body. The request body is read up to 1 MiB.
func Handler(listBytes int) http.Handler {
	list := strings.Repeat(item, max(listBytes, 0)/len(item))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&m) != nil || m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"h","version":"1"},"tools":[`+list+`{"name":"y"}]}}`)
	})
}
