package console

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// After each message sent, the editor offers the next one with the next
// free id: the same request renumbered (its layout kept), or the step
// that follows.
func TestNext(t *testing.T) {
	st := State{nextID: 4, inFlight: "3", protocol: "2025-11-25"}
	tests := []struct {
		name, sent, want string
	}{
		{"a request, renumbered in place", "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 3,\n  \"method\": \"tools/list\",\n  \"params\": {\"_meta\": {\"id\": 3}}\n}",
			"{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 4,\n  \"method\": \"tools/list\",\n  \"params\": {\"_meta\": {\"id\": 3}}\n}"},
		{"a string id becomes the next free number", `{"jsonrpc":"2.0","id":"a-1","method":"ping"}`, `{"jsonrpc":"2.0","id":4,"method":"ping"}`},
		{"initialize is followed by initialized", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, `{ "jsonrpc": "2.0", "method": "notifications/initialized" }`},
		{"a notification is followed by tools/list", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{ "jsonrpc": "2.0", "id": 4, "method": "tools/list" }`},
		{"a response is followed by tools/list", `{"jsonrpc":"2.0","id":0,"result":{}}`, `{ "jsonrpc": "2.0", "id": 4, "method": "tools/list" }`},
		{"not JSON is followed by tools/list", `{"jsonrpc":`, `{ "jsonrpc": "2.0", "id": 4, "method": "tools/list" }`},
		{"a null id is not renumbered", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, `{ "jsonrpc": "2.0", "id": 4, "method": "tools/list" }`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Next(tt.sent, st)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
