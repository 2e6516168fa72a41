package grader

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParsePositionsAndPointers(t *testing.T) {
	src := []byte("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 7,\n  \"method\": \"tools/call\",\n  \"params\": {\"name\": \"café\", \"arguments\": {\"a/b\": [1, \"été\", {\"~k\": true}]}}\n}\n")
	root, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ptr        string
		kind       ValueKind
		line, col  int
		wantRaw    string
		wantString string
	}{
		{"", Object, 1, 1, "", ""},
		{"/id", Number, 3, 9, "7", ""},
		{"/method", String, 4, 13, `"tools/call"`, "tools/call"},
		{"/params/name", String, 5, 22, `"café"`, "café"},
		{"/params/arguments/a~1b", Array, 5, 51, "", ""},
		{"/params/arguments/a~1b/1", String, 5, 55, `"été"`, "été"},
		{"/params/arguments/a~1b/2/~0k", Bool, 5, 69, "true", ""},
	}
	for _, tt := range tests {
		v, ok := root.At(tt.ptr)
		if !ok {
			t.Errorf("At(%q) found nothing", tt.ptr)
			continue
		}
		if v.Kind != tt.kind || v.Pos.Line != tt.line || v.Pos.Column != tt.col {
			t.Errorf("At(%q) = %v at %d:%d, want %v at %d:%d", tt.ptr, v.Kind, v.Pos.Line, v.Pos.Column, tt.kind, tt.line, tt.col)
		}
		if tt.wantRaw != "" && v.Raw != tt.wantRaw {
			t.Errorf("At(%q).Raw = %q, want %q", tt.ptr, v.Raw, tt.wantRaw)
		}
		if tt.wantString != "" && v.Str != tt.wantString {
			t.Errorf("At(%q).Str = %q, want %q", tt.ptr, v.Str, tt.wantString)
		}
		if string(src[v.Pos.Offset:v.End]) != v.Raw {
			t.Errorf("At(%q): Offset/End do not delimit Raw", tt.ptr)
		}
	}
	for _, missing := range []string{"/nope", "/params/arguments/a~1b/3", "/params/arguments/a~1b/01", "/id/x", "params", "/params/arguments/a~1b/-"} {
		if _, ok := root.At(missing); ok {
			t.Errorf("At(%q) found something", missing)
		}
	}
}

func TestInterface(t *testing.T) {
	src := []byte(`{"a": [1, 2.5, "x\n\u00e9\ud83c\udf81", true, false, null], "b": {"c": {}}, "a": "dup"}`)
	root, err := Parse(src)
	if !errors.Is(err, ErrSyntax) {
		t.Fatalf("a duplicate key is a syntax problem, got %v", err)
	}
	var se *SyntaxError
	if !errors.As(err, &se) || se.Code != codeDuplicateKey || se.Line != 1 || se.Column != 77 || !strings.Contains(se.Message, "line 1, column 2") {
		t.Errorf("error = %#v, want the duplicate key at 1:77, first seen at 1:2", err)
	}
	want := map[string]any{
		"a": []any{json.Number("1"), json.Number("2.5"), "x\né🎁", true, false, nil},
		"b": map[string]any{"c": map[string]any{}},
	}
	if diff := cmp.Diff(want, root.Interface()); diff != "" {
		t.Errorf("Interface() (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src       string
		code      string
		line, col int
		recovered bool // a tree is still given
	}{
		{"", codeEmpty, 1, 1, false},
		{`{"a": 1,}`, codeTrailingComma, 1, 8, true},
		{"{\n  \"a\": [1, 2\n", codeUnclosedArray, 3, 1, false},
		{`{'a': 1}`, codeSingleQuotes, 1, 2, true},
		{`{"a": 1} x`, codeTrailingText, 1, 10, true},
		{`{"a": “b”}`, codeTypoQuotes, 1, 7, true},
	}
	for _, tt := range tests {
		v, err := Parse([]byte(tt.src))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) error = %v, want a *SyntaxError", tt.src, err)
			continue
		}
		if se.Code != tt.code || se.Line != tt.line || se.Column != tt.col {
			t.Errorf("Parse(%q) = %s at %d:%d, want %s at %d:%d", tt.src, se.Code, se.Line, se.Column, tt.code, tt.line, tt.col)
		}
		if (v != nil) != tt.recovered {
			t.Errorf("Parse(%q) tree = %v, want recovered=%v", tt.src, v, tt.recovered)
		}
		if se.Message == "" || se.Error() == "" {
			t.Errorf("Parse(%q): empty message", tt.src)
		}
	}
}

func TestParseDoesNotAliasInput(t *testing.T) {
	src := []byte(`{"method": "tools/list"}`)
	root, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	copy(src, `{"method": "XXXXXXXXXX"}`)
	if m := root.Get("method"); m.Str != "tools/list" {
		t.Errorf("the tree changed with the input: %q", m.Str)
	}
}
