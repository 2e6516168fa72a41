package mockserver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

// readingSeeds are texts at the edges of what the judge's reading serves
// itself: other cases, escapes, duplicates, odd numbers and strings,
// nesting, what is not an object.
var readingSeeds = []string{
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`,
	` { "jsonrpc" : "2.0" , "id" : "a" , "method" : "ping" } `,
	`{"JsonRpc":"2.0","id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","ID":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"ID":2,"method":"nope"}`,
	`{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
	`{"jsonrpc":"2.0","\u0069d":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","ıd":1,"method":"ping","jſonrpc":"1.0"}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping","K":1,"extra":[1,{"a":null}]}`,
	`{"jsonrpc":"2.0","id":null,"result":{}}`,
	`{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}`,
	`{"jsonrpc":"2.0","id":1.5e3,"result":{"a":[true,false,null,-0.0,1E+2]}}`,
	`{"jsonrpc":"2.0","id":01,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":"\u0061","method":"ping"}`, `{"jsonrpc":"2.0","id":1e0,"method":"ping"}`, `{"jsonrpc":"2.0","id":-0,"result":{}}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping",}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping"} x`,
	`{"jsonrpc":"2.0","id":1,"method":"pi\u00e9ng\"\\\/\b\f\n\r\t"}`,
	`{"jsonrpc":"2.0","id":1,"method":"\u12"}`,
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"caf\xc3\xa9\xff\"}",
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\x11b\"}",
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"n\xffme\":1}}",
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","name":"y","Name":"z"}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"na\u006de":"x","arguments":{"budget":null,"occasion":"\u00e9"}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"progressToken":1,"io.modelcontextprotocol/clientCapabilities":{"roots":{"x":{}}}}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"a":{},"b":{"x":1},"c":{},"d":{"e":{"y":"z"},"f":{}},"g":{}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1,2]}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":null}`,
	`{"jsonrpc":"2.0","id":1,"method":7}`,
	`{"jsonrpc":"2.0","id":{},"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"result":1,"error":{}}`,
	`{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`,
	`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, `[1,]`, "[{\"a\":\"\xff\"}]",
	`"text"`, `12`, `null`, `-1e999`, `true`, ``, `{`, `{"a"}`, `{,}`, "\uFEFF{}",
}

// corpusTexts are the checker's corpus messages (testdata of
// internal/grader), read from the repository.
func corpusTexts(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("..", "internal", "grader", "testdata", "corpus", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the checker's corpus: %v (%d files)", err, len(files))
	}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// sameAsEncodingJSON fails when the message decoded from the judge's
// reading of text differs from the one decoded by encoding/json alone (no
// reading): its members, the error that answers it, and params with the
// objects in it, down to what the server reads.
func sameAsEncodingJSON(t *testing.T, text []byte) {
	t.Helper()
	got, want := &message{raw: text, kind: grader.KindInvalid}, &message{raw: text, kind: grader.KindInvalid}
	grader.CheckRead(text, grader.Options{Sender: grader.SenderClient}, &got.rd)
	gotErr, wantErr := got.decode(), want.decode()
	type decoded struct {
		Kind                       grader.Kind
		ID, Params, Result, ErrObj string
		Method, Key                string
		Err                        *rpcError
	}
	view := func(m *message, e *rpcError) decoded {
		return decoded{m.kind, string(m.id), string(m.params), string(m.result), string(m.errObj), m.method, m.idKey(), e}
	}
	if d := cmp.Diff(view(want, wantErr), view(got, gotErr), cmp.AllowUnexported(rpcError{})); d != "" {
		t.Fatalf("%q decodes otherwise from the judge's reading (-encoding/json +reading):\n%s", text, d)
	}
	if gotErr != nil {
		return
	}
	gp, gerr := got.decodedParams()
	wp, werr := decodeParams(want.params, nil)
	if d := cmp.Diff(werr, gerr, cmp.AllowUnexported(rpcError{})); d != "" {
		t.Fatalf("%q: params' error (-encoding/json +reading):\n%s", text, d)
	}
	sameParams(t, text, wp, gp, 3)
}

// sameParams compares two readings of one object, and of the objects in
// it depth levels down.
func sameParams(t *testing.T, text []byte, want, got params, depth int) {
	t.Helper()
	if d := cmp.Diff(want.asMap(), got.asMap()); d != "" {
		t.Fatalf("%q: an object reads otherwise (-encoding/json +reading):\n%s", text, d)
	}
	for _, wf := range want.fields {
		gf, _ := got.field(wf.Name)
		if gf.Str != wf.Str || gf.IsString() != wf.IsString() {
			t.Fatalf("%q: the string %s reads %q, encoding/json reads %q", text, wf.Value, gf.Str, wf.Str)
		}
		if wn, wok := number(wf.Value); wok {
			var f float64
			if json.Unmarshal(wf.Value, &f) != nil || f != wn {
				t.Fatalf("%q: number(%s) = %v, encoding/json reads %v", text, wf.Value, wn, f)
			}
		} else if json.Unmarshal(wf.Value, new(float64)) == nil {
			t.Fatalf("%q: number(%s) fails, encoding/json reads it", text, wf.Value)
		}
		if depth == 0 {
			continue
		}
		wo, wok, werr := want.object(wf.Name, false)
		gobj, gok, gerr := got.object(wf.Name, false)
		if wok != gok || (werr == nil) != (gerr == nil) {
			t.Fatalf("%q: %q is an object for one reading only", text, wf.Name)
		}
		if wok {
			sameParams(t, text, wo, gobj, depth-1)
		}
	}
}

// TestReadingAgreesWithEncodingJSON holds the decoding from the judge's
// reading to encoding/json's on the seeds and the checker's whole corpus,
// and checks that the common messages come from the reading itself.
func TestReadingAgreesWithEncodingJSON(t *testing.T) {
	for _, text := range append(corpusTexts(t), readingSeeds...) {
		sameAsEncodingJSON(t, []byte(text))
	}
	for _, text := range []string{string(benchCall), initMsg, initialized} {
		m, err := parseMessage([]byte(text))
		if !m.rd.OK || err != nil {
			t.Fatalf("%s: no reading (%v)", text, err)
		}
		if p, _ := m.decodedParams(); len(m.params) > 0 && p.rd == nil {
			t.Errorf("%s: params are not the judge's reading", text)
		}
	}
}

// FuzzReadMessage compares the decoding from the judge's reading with
// encoding/json's on random texts.
func FuzzReadMessage(f *testing.F) {
	for _, s := range readingSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<16 {
			return
		}
		sameAsEncodingJSON(t, text)
	})
}
