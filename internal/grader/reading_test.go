package grader

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// readingSeeds are texts at the edges of a reading: member names in other
// cases or escaped, duplicates, odd numbers and strings, nesting.
var readingSeeds = []string{
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`,
	` { "jsonrpc" : "2.0" , "id" : "a" , "method" : "ping" } `,
	`{"JsonRpc":"2.0","id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","ID":1,"method":"ping","id":2}`,
	`{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
	`{"jsonrpc":"2.0","\u0069d":1,"method":"p\u0069ng"}`,
	`{"jsonrpc":"2.0","ıd":1,"method":"ping","jſonrpc":"1.0","K":1}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping","extra":[1,{"a":null}]}`,
	`{"jsonrpc":"2.0","id":null,"result":{}}`,
	`{"jsonrpc":"2.0","id":1.5e3,"result":{"a":[true,false,null,-0.0,1E+2]}}`,
	`{"jsonrpc":"2.0","id":01,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1e0,"method":"ping"}`, `{"jsonrpc":"2.0","id":1e999,"method":"ping"}`, `{"jsonrpc":"2.0","id":-0,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":"a","method":"ping"}`, `{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}`, `{"jsonrpc":"2.0","id":true,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping",}`,
	`{"jsonrpc":"2.0","id":1,"method":"pi\u00e9ng\"\\\/\b\f\n\r\t\ud83d\ude00\ud800x"}`,
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"caf\xc3\xa9\xff\"}",
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","Name":"z","na\u006de2":"y","_meta":{"progressToken":"t","io.modelcontextprotocol/clientCapabilities":{"sampling":{}}}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"a":{"b":{"c":{"d":{}}}}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"a":{},"b":{"x":1},"c":{},"d":{"e":{"y":"z"},"f":{}},"g":{}}}`,
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1,2]}`,
	`{"jsonrpc":"2.0","id":1,"method":7,"params":null}`,
	`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
	`"text"`, `12`, `null`, `-1e999`, `{}`, `{"a":1e999}`, `{"a":"\u0000"}`, "\uFEFF{}", ``, `{`, `{"a"}`,
}

// An OK reading is what encoding/json reads of the text: the envelope as
// ReadMembers decodes it, the method and every string as json.Unmarshal
// decodes them, every object it holds as json.Unmarshal decodes it into a
// map; a text without one is a text the judge calls broken. The report is
// Check's.
func TestCheckReadAgreesWithEncodingJSON(t *testing.T) {
	texts := readingSeeds
	for _, c := range loadCorpus(t) {
		texts = append(texts, string(c.msg))
	}
	for _, text := range texts {
		agreeWithEncodingJSON(t, []byte(text))
	}
}

// FuzzCheckRead: whatever the text, CheckRead's report is Check's and its
// reading is encoding/json's (the corpus is TestCheckReadAgreesWithEncodingJSON's).
func FuzzCheckRead(f *testing.F) {
	for _, s := range readingSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		agreeWithEncodingJSON(t, src)
	})
}

func agreeWithEncodingJSON(t *testing.T, src []byte) {
	t.Helper()
	opts := Options{Sender: SenderClient}
	var rd Reading
	rep := CheckRead(src, opts, &rd)
	if d := cmp.Diff(Check(src, opts), rep, cmpopts.IgnoreUnexported(Diagnostic{})); d != "" {
		t.Fatalf("CheckRead's report of %q is not Check's (-Check +CheckRead):\n%s", src, d)
	}
	if !rd.OK {
		if !hasSyntaxError(rep) && len(src) <= MaxSize {
			t.Fatalf("no reading of %q, yet the judge finds nothing wrong with its text", src)
		}
		return
	}
	if hasSyntaxError(rep) || !json.Valid(src) {
		t.Fatalf("a reading of %q, which the judge or encoding/json calls broken", src)
	}
	want, err := ReadMembers(src)
	if FirstByte(src) != '{' {
		if !cmp.Equal(rd.Members, Members{}) || rd.objects.n > 0 {
			t.Fatalf("members read in %q, which is not an object", src)
		}
		return
	}
	if err != nil {
		t.Fatalf("ReadMembers(%q): %v", src, err)
	}
	if d := cmp.Diff(want, rd.Members, cmpopts.EquateEmpty()); d != "" {
		t.Fatalf("envelope of %q (-encoding/json +reading):\n%s", src, d)
	}
	if k := IDKeyOf(want.ID); k != rd.Key {
		t.Fatalf("id key of %q: %q, IDKeyOf gives %q", src, rd.Key, k)
	}
	var method string
	if json.Unmarshal(want.Method, &method) == nil && rd.Method != method {
		t.Fatalf("method of %q: %q, encoding/json reads %q", src, rd.Method, method)
	}
	if len(rd.Params) > 0 && rd.Params[0] == '{' {
		sameObjects(t, src, &rd, rd.Params, readingDepth)
	}
}

// sameObjects compares the object raw, and those it holds depth levels
// down, with encoding/json's reading of them.
func sameObjects(t *testing.T, src []byte, rd *Reading, raw []byte, depth int) {
	t.Helper()
	fields, ok := rd.Object(raw)
	if !ok {
		t.Fatalf("%q: the reading does not hold %s", src, raw)
	}
	sameObject(t, src, raw, fields)
	for _, f := range fields {
		if f.Value[0] != '{' {
			continue
		}
		if depth == 0 {
			if _, ok := rd.Object(f.Value); ok {
				t.Fatalf("%q: the reading goes deeper than %d levels under params", src, readingDepth)
			}
			continue
		}
		sameObjects(t, src, rd, f.Value, depth-1)
	}
}

// sameObject compares fields with json.Unmarshal's reading of raw into a
// map, names, values and strings.
func sameObject(t *testing.T, src, raw []byte, fields []Field) {
	t.Helper()
	var want map[string]json.RawMessage
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("%q: encoding/json does not read %s as an object: %v", src, raw, err)
	}
	got := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		got[f.Name] = f.Value
		if !bytes.Equal(bytes.TrimSpace(f.Value), f.Value) || len(f.Value) == 0 {
			t.Fatalf("%q: the value of %q is %q, not one JSON value as written", src, f.Name, f.Value)
		}
		var s string
		if f.IsString() && (json.Unmarshal(f.Value, &s) != nil || s != f.Str) {
			t.Fatalf("%q: the string %s reads %q, encoding/json reads %q", src, f.Value, f.Str, s)
		}
		if !f.IsString() && f.Str != "" {
			t.Fatalf("%q: %s is not a string, yet reads %q", src, f.Value, f.Str)
		}
	}
	if len(got) != len(fields) {
		t.Fatalf("%q: %s has a name twice, and still a reading", src, raw)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("%q: members of %s (-encoding/json +reading):\n%s", src, raw, d)
	}
}

// hasSyntaxError tells whether the judge found the text broken.
func hasSyntaxError(rep Report) bool {
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Code, "json.") && d.Severity == SeverityError {
			return true
		}
	}
	return false
}
