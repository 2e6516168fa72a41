package mockserver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

// jsonfastSeeds are texts at the edges of what the fast reader reads
// itself: other cases, escapes, duplicates, odd numbers and strings.
var jsonfastSeeds = []string{
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`,
	` { "jsonrpc" : "2.0" , "id" : "a" , "method" : "ping" } `,
	`{"JsonRpc":"2.0","id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","ID":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
	`{"jsonrpc":"2.0","\u0069d":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","ıd":1,"method":"ping","jſonrpc":"1.0"}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping","K":1,"extra":[1,{"a":null}]}`,
	`{"jsonrpc":"2.0","id":null,"result":{}}`,
	`{"jsonrpc":"2.0","id":1.5e3,"result":{"a":[true,false,null,-0.0,1E+2]}}`,
	`{"jsonrpc":"2.0","id":01,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":-,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1.,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1e,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping",}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping"} x`,
	`{"jsonrpc":"2.0","id":1,"method":"pi\ng"}`,
	`{"jsonrpc":"2.0","id":1,"method":"pi\u00e9ng\"\\\/\b\f\n\r\t"}`,
	`{"jsonrpc":"2.0","id":1,"method":"\u12"}`,
	`{"jsonrpc":"2.0","id":1,"method":"\x"}`,
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"caf\xc3\xa9\xff\"}",
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\x11b\"}", "\"a\tb\"", "\"a\x7fb\"",
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"n\xffme\":1}}",
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","name":"y","Name":"z"}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"na\u006de":"x"}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1,2]}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":null}`,
	`{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`,
	`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
	`"text"`, `12`, `-1e999`, `1e999`, `0.1`, `-0`, ` "a\u0041" `, `"é"`, `nul`, `true`, ``, `{`, `{"a"}`, `{"a":}`, `{,}`, `[,]`, `[1,]`,
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

// agreeWithEncodingJSON fails when a fast reading of text differs from
// encoding/json's, on the text and on every member value in it.
func agreeWithEncodingJSON(t *testing.T, text string) {
	raw := []byte(text)
	if env, ok := readEnvelopeFast(raw); ok {
		want, err := grader.ReadMembers(raw)
		if err != nil {
			t.Fatalf("fast envelope read %q, encoding/json refuses it: %v", text, err)
		}
		if d := cmp.Diff(want, env); d != "" {
			t.Fatalf("envelope of %q (-encoding/json +fast):\n%s", text, d)
		}
	}
	agreeParams(t, raw)
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) == nil {
		for _, v := range members {
			agreeParams(t, v)
			agreeScalars(t, v)
		}
	}
	agreeScalars(t, raw)
}

func agreeParams(t *testing.T, raw []byte) {
	p, ok := decodeParamsFast(raw)
	if !ok {
		return
	}
	var want params
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("fast params read %q, encoding/json refuses it: %v", raw, err)
	}
	if d := cmp.Diff(want, p); d != "" {
		t.Fatalf("params %q (-encoding/json +fast):\n%s", raw, d)
	}
	for _, v := range p {
		agreeScalars(t, v)
	}
}

func agreeScalars(t *testing.T, raw []byte) {
	if s, ok := stringFast(raw); ok {
		var want string
		if err := json.Unmarshal(raw, &want); err != nil || want != s {
			t.Fatalf("string %q: fast %q, encoding/json %q (%v)", raw, s, want, err)
		}
	}
	if plainString(raw) {
		var want string
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatalf("plainString(%q) is true, encoding/json refuses it: %v", raw, err)
		}
	}
	if f, ok := numberFast(raw); ok {
		var want float64
		if err := json.Unmarshal(raw, &want); err != nil || want != f {
			t.Fatalf("number %q: fast %v, encoding/json %v (%v)", raw, f, want, err)
		}
	}
	// The fast validator accepts only what encoding/json accepts.
	if i := skipJSONSpace(raw, 0); i < len(raw) {
		if end := scanValue(raw, i, 0); end >= 0 && skipJSONSpace(raw, end) == len(raw) && !json.Valid(raw) {
			t.Fatalf("fast scan accepts %q, encoding/json does not", raw)
		}
	}
}

// TestFastReaderAgreesWithEncodingJSON holds the fast reader to
// encoding/json on the seeds and the checker's whole corpus, and checks
// that it reads the common messages itself.
func TestFastReaderAgreesWithEncodingJSON(t *testing.T) {
	texts := append(corpusTexts(t), jsonfastSeeds...)
	for _, text := range texts {
		agreeWithEncodingJSON(t, text)
	}
	for _, text := range []string{string(benchCall), initMsg, initialized} {
		if _, ok := readEnvelopeFast([]byte(text)); !ok {
			t.Errorf("the fast reader gives up on %s", text)
		}
	}
	if _, ok := readEnvelopeFast([]byte(`{"JsonRpc":"2.0","id":1,"method":"ping"}`)); ok {
		t.Error("the fast reader reads a member name in another case itself; encoding/json must")
	}
}

// FuzzFastReader compares the fast reader with encoding/json on random
// texts.
func FuzzFastReader(f *testing.F) {
	for _, s := range jsonfastSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 || strings.Count(text, "[")+strings.Count(text, "{") > 2000 {
			return
		}
		agreeWithEncodingJSON(t, text)
	})
}

// TestSingleSpacedIsFieldsJoin: an occasion singleSpaced lets through is
// what strings.Fields and strings.Join would give back.
func TestSingleSpacedIsFieldsJoin(t *testing.T) {
	for _, s := range []string{"", "birthday", "thank you", " birthday", "birthday ", "thank  you", "thank\tyou", "a\u00a0b", "a\u0085b", "noël", "x\vy", "x\fy", "x\ry", "x\ny", " ", "a b c"} {
		joined := strings.Join(strings.Fields(s), " ")
		if singleSpaced(s) && joined != s {
			t.Errorf("singleSpaced(%q) is true, Fields and Join give %q", s, joined)
		}
		if !singleSpaced(s) && joined == s && strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) < 0 {
			t.Errorf("singleSpaced(%q) is false for an ASCII text Fields and Join leave alone", s)
		}
	}
}
