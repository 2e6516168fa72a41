package logimport

import (
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The Python SDK's JSON-RPC objects are read back into the JSON it sent;
// what cannot be read back honestly is not read.
func TestPyMessage(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"a request", `Sending client message: root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=7)`,
			`{"method":"ping","jsonrpc":"2.0","id":7}`},
		{"wrapped twice", `SessionMessage(message=JSONRPCMessage(root=JSONRPCNotification(method='notifications/progress', params={'progressToken': 'a', 'progress': 0.5, 'total': None}, jsonrpc='2.0')), metadata=None)`,
			`{"method":"notifications/progress","params":{"progressToken":"a","progress":0.5,"total":null},"jsonrpc":"2.0"}`},
		{"an error", `root=JSONRPCError(jsonrpc='2.0', id='x-1', error=ErrorData(code=-32601, message='Method not found', data=None))`,
			`{"jsonrpc":"2.0","id":"x-1","error":{"code":-32601,"message":"Method not found"}}`},
		{"escapes and quotes", `root=JSONRPCResponse(jsonrpc='2.0', id=1, result={'content': [{'type': 'text', 'text': "it's <b>\"ok\"</b>\n\u00e9\x41"}], 'isError': False})`,
			`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"it's <b>\"ok\"</b>\néA"}],"isError":false}}`},
		{"a list and a tuple", `root=JSONRPCResponse(jsonrpc='2.0', id=2, result={'a': [1, 2,], 'b': (True, None)})`,
			`{"jsonrpc":"2.0","id":2,"result":{"a":[1,2],"b":[true,null]}}`},
	}
	for _, c := range cases {
		at, raw, ok := pyMessage([]byte(c.line))
		if !ok || at < 0 {
			t.Errorf("%s: not read", c.name)
			continue
		}
		if diff := cmp.Diff(c.want, string(raw)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	for _, line := range []string{
		`Built request: ListToolsRequest(method='tools/list', params=None)`,                                      // a typed model
		`root=JSONRPCRequest(method='resources/read', params={'uri': AnyUrl('file:///a')}, jsonrpc='2.0', id=3)`, // an object inside
		`root=JSONRPCRequest(method='x', params={1: 'a'}, jsonrpc='2.0', id=3)`,                                  // a key that is no string
		`root=JSONRPCRequest(method='x', params={'a': float('nan')}, jsonrpc='2.0', id=3)`,
		`root=JSONRPCRequest(method='unterminated`,
	} {
		if _, raw, ok := pyMessage([]byte(line)); ok {
			t.Errorf("%s: read as %s, want not read", line, raw)
		}
	}
}

// A log that prints its messages only as objects that cannot be read back
// says so, rather than "no MCP message" alone.
func TestSDKObjectsNamed(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/rust-debug-objects.log")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(src, FormatAuto, Limits{}); !errors.Is(err, ErrSDKObjects) || !errors.Is(err, ErrNoMessages) {
		t.Errorf("a Rust Debug log: %v, want ErrNoMessages and ErrSDKObjects", err)
	}
	src, err = os.ReadFile("testdata/corpus/python-sdk-objects.log")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Read(src, FormatAuto, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, c := range res.Context {
		kinds[c.Kind]++
	}
	if len(res.Entries) != 5 || kinds[ContextSDKObject] != 1 {
		t.Errorf("%d messages, context %v: want 5 messages and the typed model named an SDK object", len(res.Entries), kinds)
	}
}
