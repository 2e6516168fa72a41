package grader

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Ids are keyed by value: two spellings of one value are one key, a string
// and a number never are.
func TestIDKeyOf(t *testing.T) {
	long := strings.Repeat("x", maxKeyLen+1)
	tests := []struct {
		a, b string
		same bool
	}{
		{`"a"`, `"\u0061"`, true},
		{`"a"`, ` "a" `, true},
		{`1`, `"1"`, false},
		{`1`, `1.0`, true},
		{`1`, `1e0`, true},
		{`-0`, `0`, true},
		{`1.5`, `1.50`, true},
		{`7`, `8`, false},
		{`"` + long + `"`, `"` + long + `"`, true},
		{`"` + long + `"`, `"` + long + `y"`, false},
	}
	for _, tt := range tests {
		ka, kb := IDKeyOf([]byte(tt.a)), IDKeyOf([]byte(tt.b))
		if ka.IsZero() || kb.IsZero() {
			t.Errorf("%s, %s: a key is zero", tt.a, tt.b)
		}
		if (ka == kb) != tt.same || (ka.String() == kb.String()) != tt.same {
			t.Errorf("%s and %s: same key %v (%q, %q), want %v", tt.a, tt.b, ka == kb, ka, kb, tt.same)
		}
	}
	for _, raw := range []string{``, `null`, `{}`, `[1]`, `true`, `"open`, `01`, `1.`, `"a"x"`} {
		if k := IDKeyOf([]byte(raw)); !k.IsZero() {
			t.Errorf("IDKeyOf(%s) = %q, want no id", raw, k)
		}
	}
}

func TestReadEnvelope(t *testing.T) {
	type got struct {
		Kind            Kind
		Method, ID, Key string
		NullID          bool
		Cancels, Code   string
	}
	tests := []struct {
		raw  string
		want got
	}{
		{`{"jsonrpc":"2.0","id": 1,"method":"ping"}`, got{Kind: KindRequest, Method: "ping", ID: "1", Key: "1"}},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"\u0061"}}`,
			got{Kind: KindNotification, Method: "notifications/cancelled", Cancels: `"a"`}},
		{`{"jsonrpc":"2.0","id":"a","result":{}}`, got{Kind: KindResponse, ID: `"a"`, Key: `"a"`}},
		{`{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"x"}}`, got{Kind: KindError, ID: "2", Key: "2", Code: "-32601"}},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, got{Kind: KindError, NullID: true, Code: "-32700"}},
		{`{"jsonrpc":"2.0","id":{},"method":"ping"}`, got{Kind: KindInvalid, Method: "ping"}},
		{`{"jsonrpc":"1.0","id":3,"method":"ping"}`, got{Kind: KindInvalid, ID: "3", Key: "3"}},
		{`{"jsonrpc":"2.0","id":4,"method":"ping",}`, got{Kind: KindInvalid}},
		{`[1]`, got{Kind: KindInvalid}},
		// One reading with the report: a text with a JSON error is
		// invalid, whichever duplicate a decoder would keep.
		{`{"jsonrpc":"2.0","id":5,"id":6,"method":"ping"}`, got{Kind: KindInvalid}},
		{`{"jsonrpc":"2.0","id":5,"method":null}`, got{Kind: KindInvalid, ID: "5", Key: "5"}},
		{`{"jsonrpc":"2.0","id":5,"method":"ping","result":{}}`, got{Kind: KindInvalid, ID: "5", Key: "5"}},
		{`{"jsonrpc":"2.0","id":5,"error":{"code":"x"}}`, got{Kind: KindError, ID: "5", Key: "5"}},
		{`{"jsonrpc":"2.0","error":{"code":-32600.0}}`, got{Kind: KindError, NullID: true, Code: "-32600.0"}},
		{` {"jsonrpc" : "2.0", "id" : "a b", "method" : "x/y"} `, got{Kind: KindRequest, Method: "x/y", ID: `"a b"`, Key: `"a b"`}},
	}
	for _, tt := range tests {
		e := ReadEnvelope([]byte(tt.raw))
		g := got{Kind: e.Kind, Method: e.Method, ID: string(e.ID), Key: e.Key.String(), NullID: e.NullID,
			Cancels: e.Cancels.String(), Code: e.ErrorCode}
		if diff := cmp.Diff(tt.want, g); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.raw, diff)
		}
	}
}
