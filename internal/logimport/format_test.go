package logimport

import (
	"bytes"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// readmeTable is the table of formats in docs/learners.md, as the registry writes it.
func readmeTable() string {
	var b strings.Builder
	b.WriteString("| `-format` | log |\n| --- | --- |\n")
	for _, f := range Known() {
		fmt.Fprintf(&b, "| `%s` | %s |\n", f.Name, f.LabelIn(i18n.EN))
	}
	return b.String()
}

// TestREADMEListsTheFormats holds the table of docs/learners.md to the registry (run
// with -update to rewrite it).
func TestREADMEListsTheFormats(t *testing.T) {
	const path, open, end = "../../docs/learners.md", "<!-- formats -->\n", "<!-- /formats -->"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(src, []byte(open)), bytes.Index(src, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no %q … %q block", path, open, end)
	}
	got, want := string(src[i+len(open):j]), readmeTable()
	if *update {
		out := append(append(append([]byte{}, src[:i+len(open)]...), want...), src[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("docs/learners.md's formats (-registry +docs), run with -update:\n%s", d)
	}
}

// TestEveryFormatReadsItsSample holds each format to its own sample: it
// is detected as that format (the JSON samples, cut with "…", aside) and
// names itself in both languages.
func TestEveryFormatReadsItsSample(t *testing.T) {
	names := map[Format]bool{}
	for _, f := range Known() {
		if names[f.Name] {
			t.Errorf("%s is registered twice", f.Name)
		}
		names[f.Name] = true
		if f.Sample == "" || f.LabelIn(i18n.FR) == f.LabelIn(i18n.EN) && f.Name != FormatCursor && f.Name != FormatGemini {
			t.Errorf("%s: a sample and a French name are needed", f.Name)
		}
		if strings.HasPrefix(strings.TrimSpace(f.Sample), "{") || strings.HasPrefix(strings.TrimSpace(f.Sample), "[") || f.Name == FormatStdio {
			continue
		}
		if got := Detect([]byte(f.Sample)); got != f.Name {
			t.Errorf("the sample of %s is detected as %s", f.Name, got)
		}
	}
	if _, err := ParseFormat("nosuch"); err == nil || !strings.Contains(err.Error(), strings.Join(Names(), ", ")) {
		t.Errorf("ParseFormat(nosuch) = %v, want the list of names", err)
	}
}

// TestPrefixWords reads the sender from the words before a message.
func TestPrefixWords(t *testing.T) {
	cases := map[string]sender{
		"[Client Says] ": {from: grader.SenderClient}, "[Server Says] ": {from: grader.SenderServer},
		"Message from client: ": {from: grader.SenderClient}, "Message from server: ": {from: grader.SenderServer},
		"[editor -> server] ": {from: grader.SenderClient}, "[server -> editor] ": {from: grader.SenderServer},
		"[Local→Remote] ": {from: grader.SenderClient}, "[Remote→Local] ": {from: grader.SenderServer},
		"SERVER >>> ": {from: grader.SenderServer}, "SERVER <<< ": {from: grader.SenderClient}, "CLIENT >>> ": {from: grader.SenderClient},
		"[server] ": {from: grader.SenderServer}, "to server: ": {from: grader.SenderClient},
		"Sending: ": {persp: 1}, "Received: ": {persp: -1}, "read: ": {persp: -1}, "write: ": {persp: 1},
		"outgoing message: ": {persp: 1}, "incoming message: ": {persp: -1}, "→ ": {persp: 1}, "← ": {persp: -1},
		"msg ": {}, "[gift-server] ": {}, "2025-06-01 10:00:00 ": {},
	}
	for prefix, want := range cases {
		if got := senderWords(prefix); got != want {
			t.Errorf("senderWords(%q) = %+v, want %+v", prefix, got, want)
		}
	}
}

// TestEncodings reads the same capture as PowerShell, an old Mac editor
// and a twice-converted file save it: the same messages on the same lines.
func TestEncodings(t *testing.T) {
	const a, b = `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,"result":{}}`
	want := []int{1, 2}
	utf16 := []byte{0xff, 0xfe}
	for _, r := range a + "\r\n" + b + "\r\n" {
		utf16 = append(utf16, byte(r), 0)
	}
	for name, src := range map[string][]byte{
		"utf-16": utf16, "utf-8 bom": []byte("\xef\xbb\xbf" + a + "\n" + b),
		"lone cr": []byte(a + "\r" + b + "\r"), "cr cr lf": []byte(a + "\r\r\n" + b + "\r\r\n"), "mixed": []byte(a + "\r\n" + b + "\n"),
	} {
		res, err := Read(src, FormatAuto, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []int
		for _, e := range res.Entries {
			got = append(got, e.Line)
		}
		if d := cmp.Diff(want, got); d != "" || res.Format != FormatStdio || len(res.Problems) > 0 {
			t.Errorf("%s: format %s, problems %v, lines (-want +got):\n%s", name, res.Format, res.Problems, d)
		}
	}
}

// TestNoBatchBehindABracket: "[12] {…}" and "[2025-06-01 …] {…}" are a
// prefix and a message, not a broken batch.
func TestNoBatchBehindABracket(t *testing.T) {
	src := "[2025-06-01 10:00:00] {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n[12] {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatPrefixed || len(res.Entries) != 2 || len(res.Problems) > 0 || string(res.Entries[0].Raw[:1]) != "{" {
		t.Errorf("format %s, %d entries, problems %v; want prefixed, 2, none", res.Format, len(res.Entries), res.Problems)
	}
}
