package console

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/mockserver"
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

// The page only renders what the console offers: the next draft after a
// message sent (OfferNext, kept as the session's Draft) and a template
// filled in for the session as it is, or for none yet.
func TestOfferNextAndTemplateText(t *testing.T) {
	if text, ok := TemplateText(nil, "initialize", 0, grader.Rev20250618); !ok || !strings.Contains(text, `"protocolVersion": "2025-06-18"`) || !strings.Contains(text, `"id": 1,`) {
		t.Errorf("initialize with no session, for a 2025-06-18 exercise: %q, %v", text, ok)
	}
	if text, ok := TemplateText(nil, ReplyKey, 0, ""); ok || text != "" {
		t.Errorf("a reply with no session: %q, %v; want none", text, ok)
	}

	c := Start(mockserver.New(mockserver.Config{Clock: instantClock{}}), Options{})
	defer c.Close()
	c.Handshake("")
	sent := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	c.Send(sent)
	want := `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`
	if got := c.OfferNext(sent, ""); got != want || c.Draft() != want {
		t.Errorf("after tools/list #2, offered %q, draft %q; want %q", got, c.Draft(), want)
	}
	if text, ok := TemplateText(c, "ping", 0, ""); !ok || text != `{ "jsonrpc": "2.0", "id": 3, "method": "ping" }` {
		t.Errorf("ping in the session: %q, %v", text, ok)
	}
	if _, ok := TemplateText(c, "no-such-template", 0, ""); ok {
		t.Error("a template that does not exist was found")
	}
}
