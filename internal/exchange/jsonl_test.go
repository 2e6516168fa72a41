package exchange

import (
	"bytes"
	"errors"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The export reads back as the same exchange: senders, messages (text that
// is not JSON included), times, pairing; its own export is byte for byte
// the first one.
func TestJSONLinesRoundTrip(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC)
	x := New(Options{})
	for i, m := range []sent{
		{grader.SenderClient, initReq},
		{grader.SenderServer, initRes},
		{grader.SenderClient, "this is not JSON"},
		{grader.SenderServer, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`},
		{grader.SenderClient, "null"},
		{"", `{ "jsonrpc": "2.0",  "method": "notifications/initialized" }`},
	} {
		x.Add(Message{Raw: []byte(m.raw), From: m.from, Time: at.Add(time.Duration(i) * time.Millisecond)})
	}
	var first bytes.Buffer
	if err := x.WriteJSONLines(&first); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first.String(), `"from":"client"`) || !strings.Contains(first.String(), `"text":"this is not JSON"`) {
		t.Errorf("export:\n%s", first.String())
	}
	y, err := ReadJSONLines(bytes.NewReader(first.Bytes()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	if err := y.WriteJSONLines(&second); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first.String(), second.String()); diff != "" {
		t.Errorf("the import exports differently (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(placements(x.Events(0)), placements(y.Events(0))); diff != "" {
		t.Errorf("pairing after import (-want +got):\n%s", diff)
	}
	if got := y.Events(0); got[2].Line != 3 || got[2].Raw != "this is not JSON" || !got[5].Time.Equal(at.Add(5*time.Millisecond)) {
		t.Errorf("imported #3: line %d raw %q; #6 time %v", got[2].Line, got[2].Raw, got[5].Time)
	}
}

// A line that is not a message is refused with its number.
func TestReadJSONLinesErrors(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"not JSON", `{"from":"client","message":{}}` + "\n\nnope\n", "line 3: not a message line"},
		{"old words", `{"direction":"in","from":"in","message":{}}`, `line 1: not a message line: from is "in"`},
		{"neither", `{"from":"server"}`, "line 1: not a message line: no message or text"},
		{"both", `{"from":"server","message":1,"text":"1"}`, "line 1: not a message line: both"},
		{"too long", `{"from":"client","text":"` + strings.Repeat("a", maxLineBytes) + `"}`, "line 1: read the exchange"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadJSONLines(strings.NewReader(tt.in), Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want it to begin %q", err, tt.want)
			}
			if tt.name != "too long" && !errors.Is(err, ErrFormat) {
				t.Errorf("%v is not ErrFormat", err)
			}
		})
	}
	many := strings.Repeat(`{"from":"client","message":{}}`+"\n", MaxImportMessages+1)
	if _, err := ReadJSONLines(strings.NewReader(many), Options{}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d messages: %v", MaxImportMessages+1, err)
	}
}

// The diagram's data: the latest messages, how many are left out, and
// which arrows are invalid or unanswered, and which result says its tool
// failed.
func TestDiagram(t *testing.T) {
	x := New(Options{})
	add(x, grader.SenderClient, initReq)
	add(x, grader.SenderServer, initRes)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":"a","method":"tools/list"}`)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}`)
	add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"x"}}`)
	add(x, grader.SenderClient, `oops`)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"x"}}`)
	add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"no"}],"isError":true}}`)
	got := x.Diagram(7)
	want := Diagram{Skipped: 1, Arrows: []Arrow{
		{Seq: 2, From: grader.SenderServer, Kind: grader.KindResponse, ID: "1"},
		{Seq: 3, From: grader.SenderClient, Kind: grader.KindRequest, Method: "tools/list", ID: `"a"`, Unanswered: true},
		{Seq: 4, From: grader.SenderClient, Kind: grader.KindRequest, Method: "tools/call", ID: "7"},
		{Seq: 5, From: grader.SenderServer, Kind: grader.KindError, ID: "7", ErrorCode: "-32602"},
		{Seq: 6, From: grader.SenderClient, Kind: grader.KindInvalid, Invalid: true},
		{Seq: 7, From: grader.SenderClient, Kind: grader.KindRequest, Method: "tools/call", ID: "8"},
		{Seq: 8, From: grader.SenderServer, Kind: grader.KindResponse, ID: "8", ToolFailed: true},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagram (-want +got):\n%s", diff)
	}
}
