package mockserver

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mcpplayground/playground/internal/grader"
)

// The gift server is as strict as the judge: what /api/validate calls an
// error in a message's text or envelope, /mcp refuses, with the checker's
// diagnostics in error.data exactly as the checker reports them, its
// message, and an id only where the id itself was readable. The reply is
// always valid JSON.
func TestHTTPAsStrictAsTheJudge(t *testing.T) {
	e := newHTTPEnv(t, Config{}, HTTPConfig{})
	sid := e.initialize(`{}`)
	for _, tt := range []struct {
		name, msg string
		code      int
		id        string // the id of the reply, as written; "" for none or null
		judged    string
	}{
		{"jsonrpc in the wrong case", `{"JsonRpc":"2.0","id":1,"method":"ping"}`, CodeInvalidRequest, "1", "jsonrpc.field.wrong-case"},
		{"id in the wrong case", `{"jsonrpc":"2.0","ID":1,"method":"ping"}`, CodeInvalidRequest, "", "jsonrpc.field.wrong-case"},
		{"method in the wrong case", `{"jsonrpc":"2.0","id":2,"METHOD":"ping"}`, CodeInvalidRequest, "2", "jsonrpc.field.wrong-case"},
		{"duplicate method", `{"jsonrpc":"2.0","id":3,"method":"ping","method":"tools/list"}`, CodeParseError, "", "json.duplicate-key"},
		{"duplicate key in params", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"suggest_gifts","name":"x"}}`, CodeParseError, "", "json.duplicate-key"},
		{"invalid UTF-8 in the id", "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}", CodeParseError, "", "json.invalid-utf8"},
		{"id of a huge exponent", `{"jsonrpc":"2.0","id":1e999999,"method":"ping"}`, CodeInvalidRequest, "", "jsonrpc.id.fraction"},
		{"id with a fraction", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, CodeInvalidRequest, "", "jsonrpc.id.fraction"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := e.post(tt.msg, HeaderSessionID, sid)
			body := readAll(t, resp)
			var reply struct {
				ID    json.RawMessage `json:"id"`
				Error struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
					Data    struct {
						Diagnostics []grader.Diagnostic `json:"diagnostics"`
					} `json:"data"`
				} `json:"error"`
			}
			if resp.StatusCode != http.StatusBadRequest || !json.Valid([]byte(body)) || json.Unmarshal([]byte(body), &reply) != nil {
				t.Fatalf("reply %d %q, want 400 with a JSON-RPC error", resp.StatusCode, body)
			}
			if id := string(reply.ID); reply.Error.Code != tt.code || (id != tt.id && !(tt.id == "" && id == "null")) {
				t.Errorf("error %d with id %s, want %d with id %q", reply.Error.Code, id, tt.code, tt.id)
			}
			var want []grader.Diagnostic
			for _, d := range grader.Check([]byte(tt.msg), grader.Options{Sender: grader.SenderClient}).Diagnostics {
				if d.Severity == grader.SeverityError {
					want = append(want, d)
				}
			}
			if diff := cmp.Diff(want, reply.Error.Data.Diagnostics, cmpopts.IgnoreUnexported(grader.Diagnostic{})); diff != "" {
				t.Errorf("error.data.diagnostics differ from the checker's (-checker +server):\n%s", diff)
			}
			if len(want) == 0 || want[0].Code != tt.judged {
				t.Fatalf("the checker says %+v, want %s first", want, tt.judged)
			}
			if reply.Error.Message == "" || !json.Valid([]byte(body)) {
				t.Errorf("message %q", reply.Error.Message)
			}
		})
	}
	// The session is still there, and a right message is answered.
	if resp := e.post(`{"jsonrpc":"2.0","id":9,"method":"ping"}`, HeaderSessionID, sid); resp.StatusCode != http.StatusOK {
		t.Errorf("a right ping after the refusals = %d %s", resp.StatusCode, readAll(t, resp))
	}
}
