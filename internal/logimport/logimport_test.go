package logimport

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/mcpplayground/playground/internal/grader"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// view is what a golden file keeps of a Result: everything a reader of the
// explain page relies on, in a stable order.
type view struct {
	Format    Format        `json:"format"`
	Truncated bool          `json:"truncated,omitempty"`
	Entries   []entryView   `json:"entries"`
	Problems  []problemView `json:"problems"`
}

type entryView struct {
	Line     int             `json:"line"`
	From     string          `json:"from"`
	Inferred bool            `json:"inferred,omitempty"`
	Peer     string          `json:"peer,omitempty"`
	Time     string          `json:"time,omitempty"`
	Raw      json.RawMessage `json:"raw,omitempty"`
	Text     string          `json:"text,omitempty"` // a message that is not JSON
}

type problemView struct {
	Code   string `json:"code"`
	Line   int    `json:"line"`
	Entry  int    `json:"entry"`
	Detail string `json:"detail,omitempty"`
}

func viewOf(r Result) view {
	v := view{Format: r.Format, Truncated: r.Truncated, Entries: []entryView{}, Problems: []problemView{}}
	for _, e := range r.Entries {
		ev := entryView{Line: e.Line, From: e.From, Inferred: e.Inferred, Peer: e.Peer}
		if !e.Time.IsZero() {
			ev.Time = e.Time.UTC().Format("2006-01-02T15:04:05.000Z")
		}
		var buf bytes.Buffer
		if json.Compact(&buf, e.Raw) == nil {
			ev.Raw = buf.Bytes()
		} else {
			ev.Text = string(e.Raw)
		}
		v.Entries = append(v.Entries, ev)
	}
	for _, p := range r.Problems {
		v.Problems = append(v.Problems, problemView(p))
	}
	return v
}

// TestFixtures reads every fixture, shaped as the real tool writes it, in
// automatic mode, and compares what was found with its golden file.
func TestFixtures(t *testing.T) {
	cases := []struct {
		file string
		want Format
	}{
		{"console-export.jsonl", FormatJSONL},
		{"stdio-interleaved.txt", FormatStdio},
		{"inspector-protocol.json", FormatInspector},
		{"claude-mcp-server-gift.log", FormatClaude},
		{"claude-mcp.log", FormatClaude},
		{"gift-session.har", FormatHAR},
		{"modern-session.har", FormatHAR},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src := readFixture(t, c.file)
			if got := Detect(src); got != c.want {
				t.Fatalf("Detect = %q, want %q", got, c.want)
			}
			res, err := Read(src, FormatAuto, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.file+".golden.json", viewOf(res))
		})
	}
}

// TestPair reads a stdio capture kept as two files and merges them in the
// order the protocol imposes: the server's own request arrives while the
// client's call is open, and each answer after its request.
func TestPair(t *testing.T) {
	res, err := ReadPair(readFixture(t, "stdio-client.txt"), readFixture(t, "stdio-server.txt"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "stdio-pair.golden.json", viewOf(res))
	var order []string
	for _, e := range res.Entries {
		p := peek(e.Raw)
		order = append(order, e.From+":"+p.method+p.id)
	}
	want := []string{"client:initialize1", "server:1", "client:notifications/initialized", "client:tools/call2",
		`server:sampling/createMessage"s1"`, `client:"s1"`, "server:2", "client:ping3", "server:3"}
	if d := cmp.Diff(want, order); d != "" {
		t.Errorf("merged order (-want +got):\n%s", d)
	}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s (-want +got):\n%s", name, d)
	}
}

func TestSenderWords(t *testing.T) {
	cases := map[string]string{
		"client": grader.SenderClient, "Server": grader.SenderServer, "client→server": grader.SenderClient, "server -> client": grader.SenderServer,
		"c2s": grader.SenderClient, "s2c": grader.SenderServer, "in": grader.SenderClient, "out": grader.SenderServer,
		"send": "", "incoming": "", "": "", "sideways": "",
	}
	for word, want := range cases {
		if got := senderOf(word); got != want {
			t.Errorf("senderOf(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestMask(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"headers":{"Authorization":"Bearer abcdefghijkl"}}`, `{"headers":{"Authorization":"Bearer abcd••••••••"}}`},
		{`{"text":"use Bearer abcdefghijkl please"}`, `{"text":"use Bearer abcd•••••••• please"}`},
		{`{"api_key":"k-12345678"}`, `{"api_key":"k-12••••••"}`},
		{`{"key":"sk-ant-api03-abcdefghijklmnop"}`, `{"key":"sk-a•••••••••••••••••••••••••"}`},
		{`{"token":"ghp_abcdefghijklmnopqrstuvwxyz0123"}`, `{"token":"ghp_••••••••••••••••••••••••••••••"}`},
		{`{"progressToken":"abcdefgh","cursor":"c"}`, `{"progressToken":"abcdefgh","cursor":"c"}`},
	}
	for _, c := range cases {
		if got := string(Mask([]byte(c.in))); got != c.want {
			t.Errorf("Mask(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
		if strings.Count(string(Mask([]byte(c.in))), "") != strings.Count(c.in, "") {
			t.Errorf("Mask(%s) changed the number of characters", c.in)
		}
	}
}

func TestLimits(t *testing.T) {
	if _, err := Read(bytes.Repeat([]byte("x"), 101), FormatAuto, Limits{MaxBytes: 100}); err == nil || !strings.Contains(err.Error(), "limit 100") {
		t.Errorf("over MaxBytes: err = %v, want ErrTooLarge naming the limit", err)
	}
	if _, err := Read([]byte("\x00\x01\x02PNG"), FormatAuto, Limits{}); err != ErrBinary {
		t.Errorf("binary: err = %v, want ErrBinary", err)
	}
	many := bytes.Repeat([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"), 50)
	res, err := Read(many, FormatAuto, Limits{MaxMessages: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Entries) != 10 || !res.Truncated || len(res.Problems) != 1 || res.Problems[0].Code != codeTooMany || res.Problems[0].Line != 11 {
		t.Errorf("over MaxMessages: %d entries, truncated %v, problems %+v; want 10, true, one %s at line 11", len(res.Entries), res.Truncated, res.Problems, codeTooMany)
	}
	noise := bytes.Repeat([]byte("not json\n"), 1000)
	res, _ = Read(noise, FormatStdio, Limits{})
	if len(res.Problems) != maxProblems {
		t.Errorf("1,000 noise lines raised %d problems, want the cap %d", len(res.Problems), maxProblems)
	}
}

// TestPrettyPrinted reads messages pasted pretty-printed, one after the
// other, each from the line where it starts.
func TestPrettyPrinted(t *testing.T) {
	src := "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"tools/list\"\n}\n{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {}\n}\n"
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range res.Entries {
		got = append(got, e.From+"@"+string(rune('0'+e.Line)))
	}
	if d := cmp.Diff([]string{"client@1", "server@6"}, got); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
}

// TestEveryCodeExplained holds every problem code to an explanation in
// both languages, French typography included.
func TestEveryCodeExplained(t *testing.T) {
	for _, c := range Codes() {
		if c.Message[i18n.EN] == "" || c.Message[i18n.FR] == "" || c.Lesson == "" {
			t.Errorf("%s lacks a message or a lesson: %+v", c.Code, c)
		}
		fr := c.Message[i18n.FR]
		if strings.Contains(fr, "'") || strings.Contains(fr, " :") || strings.Contains(fr, " ;") {
			t.Errorf("%s: French text breaks typography: %q", c.Code, fr)
		}
		switch c.Severity {
		case "error", "warning", "info":
		default:
			t.Errorf("%s: severity %q", c.Code, c.Severity)
		}
	}
}

// Every fixture reads the same with Windows line ends and a byte order
// mark, as an editor on Windows saves it: same messages, senders, lines,
// times and problems.
func TestWindowsLineEndsAndBOM(t *testing.T) {
	for _, name := range []string{"console-export.jsonl", "stdio-interleaved.txt", "inspector-protocol.json",
		"claude-mcp-server-gift.log", "claude-mcp.log", "gift-session.har", "modern-session.har"} {
		t.Run(name, func(t *testing.T) {
			src := readFixture(t, name)
			windows := append([]byte("\xef\xbb\xbf"), bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))...)
			want, err := Read(src, FormatAuto, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Read(windows, FormatAuto, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(viewOf(want), viewOf(got)); diff != "" {
				t.Errorf("with CRLF and a BOM (-want +got):\n%s", diff)
			}
		})
	}
}
