package explain

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

const (
	initReq    = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	initRes    = `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`
	initDone   = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	toolsRes   = `{"tools":[]}`
	wrapClient = `{"direction":"client","message":%s}`
	wrapServer = `{"direction":"server","message":%s}`
)

func req(id, method string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q}`, id, method)
}

func res(id, result string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
}

// lines writes a JSON Lines log, each message wrapped with its sender:
// "c:" or "s:" before it.
func lines(msgs ...string) []byte {
	var b bytes.Buffer
	for _, m := range msgs {
		w := wrapClient
		if strings.HasPrefix(m, "s:") {
			w = wrapServer
		}
		fmt.Fprintf(&b, w+"\n", m[2:])
	}
	return b.Bytes()
}

// pairs lists, for each message, what it answers and what answers it (-1:
// nothing).
func pairs(r *Report) [][2]int {
	out := make([][2]int, len(r.Messages))
	for i, m := range r.Messages {
		out[i] = [2]int{-1, -1}
		if m.Answers != nil {
			out[i][0] = *m.Answers
		}
		if m.AnsweredBy != nil {
			out[i][1] = *m.AnsweredBy
		}
	}
	return out
}

func codes(r *Report) []string {
	out := []string{}
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%s %v", f.Code, f.Messages))
	}
	return out
}

func mustExplain(t *testing.T, src []byte, opts Options) *Report {
	t.Helper()
	r, err := Explain(src, opts)
	if err != nil {
		t.Fatalf("Explain: %v", err)
	}
	return r
}

func TestPairing(t *testing.T) {
	cases := []struct {
		name  string
		log   []byte
		pairs [][2]int
		finds []string
	}{
		{name: "answers out of order",
			log: lines("c:"+initReq, "s:"+initRes, "c:"+initDone, "c:"+req("2", "tools/list"), "c:"+req("3", "ping"),
				"s:"+res("3", "{}"), "s:"+res("2", toolsRes)),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, 6}, {-1, 5}, {4, -1}, {3, -1}},
			finds: []string{}},
		{name: "1 and \"1\" are two ids",
			log:   lines("c:"+initReq, "s:"+initRes, "c:"+initDone, "c:"+req(`"1"`, "tools/list"), "s:"+res(`"1"`, toolsRes)),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, 4}, {3, -1}},
			finds: []string{}},
		{name: "a string id answered by a number answers nothing",
			log:   lines("c:"+initReq, "s:"+initRes, "c:"+initDone, "c:"+req(`"7"`, "tools/list"), "s:"+res(`7`, toolsRes)),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, -1}, {-1, -1}},
			finds: []string{"session.request.unanswered [3]", "session.response.unknown-id [4]"}},
		{name: "each side numbers its own requests",
			log: lines("c:"+initReq, "s:"+initRes, "c:"+initDone, "s:"+req("2", "ping"), "c:"+req("2", "ping"),
				"s:"+res("2", "{}"), "c:"+res("2", "{}")),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, 6}, {-1, 5}, {4, -1}, {3, -1}},
			finds: []string{}},
		// A log merged from two captures: the checker pairs them, and so
		// does not call the request unanswered.
		{name: "a response logged before its request",
			log:   lines("s:"+res("5", "{}"), "c:"+req("5", "ping")),
			pairs: [][2]int{{1, -1}, {-1, 0}},
			finds: []string{}},
		{name: "a response logged before its request, whole session",
			log:   lines("c:"+initReq, "s:"+initRes, "c:"+initDone, "s:"+res("5", "{}"), "c:"+req("5", "ping")),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {4, -1}, {-1, 3}},
			finds: []string{}},
		{name: "an error with id null answers the message it could not read",
			log: lines("c:"+initReq, "s:"+initRes, "c:"+initDone, `c:{"jsonrpc":"2.0","id":4,"method":"ping",}`,
				`s:{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, 4}, {3, -1}},
			finds: []string{}},
		{name: "an error with an id answers a message that was no request",
			log: lines("c:"+initReq, "s:"+initRes, "c:"+initDone, `c:{"jsonrpc":"2.0","id":4,"method":7}`,
				`s:{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid Request"}}`),
			pairs: [][2]int{{-1, 1}, {0, -1}, {-1, -1}, {-1, 4}, {3, -1}},
			finds: []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mustExplain(t, c.log, Options{})
			if diff := cmp.Diff(c.pairs, pairs(r)); diff != "" {
				t.Errorf("pairs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.finds, codes(r)); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

// A log without a handshake starts mid-session: its first requests are
// not "before initialize"; one whose handshake comes late is judged whole.
func TestPartial(t *testing.T) {
	r := mustExplain(t, lines("c:"+req("9", "tools/list"), "s:"+res("9", toolsRes), "s:"+res("4", "{}")), Options{})
	if !r.Partial || len(r.Findings) != 0 {
		t.Errorf("partial log: partial %v, findings %v", r.Partial, codes(r))
	}
	r = mustExplain(t, lines(`c:{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`), Options{})
	if r.Partial {
		t.Errorf("a 2026-07-28 log has no handshake to miss, yet it is partial")
	}
	r = mustExplain(t, lines("c:"+req("9", "tools/list"), "c:"+initReq, "s:"+initRes), Options{})
	if diff := cmp.Diff([]string{"session.lifecycle.before-initialize [0]", "session.request.unanswered [0]", "session.lifecycle.initialized-missing [2]"}, codes(r)); r.Partial || diff != "" {
		t.Errorf("late handshake: partial %v, findings (-want +got):\n%s", r.Partial, diff)
	}
}

func TestRevisionSource(t *testing.T) {
	meta := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	cases := []struct {
		name, protocol string
		log            []byte
		want           [2]string
	}{
		{"handshake", "", lines("c:"+initReq, "s:"+initRes), [2]string{"2025-11-25", SourceHandshake}},
		{"handshake wins over the flag", "2025-06-18", lines("c:"+initReq, "s:"+initRes), [2]string{"2025-11-25", SourceHandshake}},
		{"_meta", "", lines("c:" + meta), [2]string{"2026-07-28", SourceMeta}},
		{"the flag", "2025-06-18", lines("c:" + req("1", "ping")), [2]string{"2025-06-18", SourceProtocol}},
		{"the default", "", lines("c:" + req("1", "ping")), [2]string{"2025-11-25", SourceDefault}},
	}
	for _, c := range cases {
		r := mustExplain(t, c.log, Options{Protocol: c.protocol})
		if got := [2]string{r.Protocol, r.ProtocolSource}; got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// A raw capture with no direction: senders are inferred and marked so.
func TestInferredSenders(t *testing.T) {
	src := []byte(initReq + "\r\n" + initRes + "\r\n" + initDone + "\r\n" + req("2", "tools/list") + "\r\n" + res("2", toolsRes) + "\r\n")
	r := mustExplain(t, src, Options{Format: logimport.FormatStdio})
	var got []string
	for _, m := range r.Messages {
		got = append(got, fmt.Sprintf("%s %v", m.From, m.Inferred))
	}
	want := []string{"client true", "server true", "client true", "client true", "server true"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("senders (-want +got):\n%s", diff)
	}
	if !r.OK() || r.Summary != (Summary{Messages: 5, Requests: 2, Notifications: 1, Responses: 2}) {
		t.Errorf("summary %+v, ok %v", r.Summary, r.OK())
	}
}

// Secrets are masked in the messages the report shows.
func TestMasking(t *testing.T) {
	secret := "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789"
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"apiKey":"` + secret + `","auth":"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"}}}`
	r := mustExplain(t, lines("c:"+initReq, "s:"+initRes, "c:"+call), Options{})
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{secret, "eyJhbGciOiJIUzI1NiJ9"} {
		if bytes.Contains(js, []byte(s)) {
			t.Errorf("the report shows the secret %q", s)
		}
	}
	if !strings.Contains(r.Messages[2].Raw, "•") {
		t.Errorf("no mask in %s", r.Messages[2].Raw)
	}
}

// One broken message does not stop the rest, and the log's own problems
// are findings on the messages they concern.
func TestBrokenMessagesDoNotStopTheRest(t *testing.T) {
	src := []byte(initReq + "\nStarting server on stdio...\n" + `{"jsonrpc":"2.0","id":1,"result":` + "\n" + req("2", "ping") + "\n" + res("2", "{}") + "\n")
	r := mustExplain(t, src, Options{Format: logimport.FormatStdio})
	if r.Summary.Messages != 4 || r.Summary.Invalid != 1 || r.OK() {
		t.Fatalf("summary %+v ok %v", r.Summary, r.OK())
	}
	if r.Messages[3].Answers == nil || *r.Messages[3].Answers != 2 {
		t.Errorf("ping not paired after a broken message: %v", pairs(r))
	}
	var log []string
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Code, "log.") {
			log = append(log, fmt.Sprintf("%s %v line %d", f.Code, f.Messages, f.Line))
		}
	}
	want := []string{"log.stdout-noise [] line 2", "log.truncated [1] line 3"}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("log findings (-want +got):\n%s", diff)
	}
	for fi, f := range r.Findings {
		for _, mi := range f.Messages {
			if !contains(r.Messages[mi].Findings, fi) {
				t.Errorf("finding %d (%s) not on message %d", fi, f.Code, mi)
			}
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// A Claude Desktop mcp.log interleaves servers: each is its own
// conversation, or only the one asked for.
func TestPeers(t *testing.T) {
	src, err := os.ReadFile("../logimport/testdata/claude-mcp.log")
	if err != nil {
		t.Fatal(err)
	}
	r := mustExplain(t, src, Options{})
	var peers []string
	for _, c := range r.Conversations {
		peers = append(peers, fmt.Sprintf("%s %v", c.Peer, c.Messages))
	}
	if diff := cmp.Diff([]string{"memory [0 2 4 5]", "weather [1 3 6]"}, peers); diff != "" {
		t.Errorf("conversations (-want +got):\n%s", diff)
	}
	one := mustExplain(t, src, Options{Peer: "weather"})
	if one.Summary.Messages != 3 || one.Conversations != nil {
		t.Errorf("one peer: %+v, %d conversations", one.Summary, len(one.Conversations))
	}
	for _, m := range one.Messages {
		if m.Peer != "weather" {
			t.Errorf("message %d belongs to %q", m.Index, m.Peer)
		}
	}
}

func TestFrench(t *testing.T) {
	r := mustExplain(t, lines("c:"+req("9", "tools/list"), "c:"+initReq), Options{Lang: i18n.FR})
	var b bytes.Buffer
	if err := WriteText(&b, r, i18n.FR); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 messages\u00a0: 2 requêtes", "Problèmes de la conversation", "Quelque chose ne va pas"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("French timeline lacks %q:\n%s", want, b.String())
		}
	}
}

// The text counts messages from 1, as the diagnostics that refer to them do:
// "#2" in a finding is the message printed as "#2".
func TestTextNumbersFromOne(t *testing.T) {
	r := mustExplain(t, lines("c:"+req("1", "tools/list"), "c:"+req("1", "tools/list")), Options{Lang: i18n.EN})
	var b bytes.Buffer
	if err := WriteText(&b, r, i18n.EN); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"\n#1  line 1", "\n#2  line 2", "already used by message #1", "session.id.reused [#1 #2]"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "#0") {
		t.Errorf("text counts from 0:\n%s", out)
	}
}

// A client's log without a message is explained by its lifecycle, said in
// one sentence a page can show, in both languages.
func TestLifecycleSummary(t *testing.T) {
	src := "2026-03-02 09:14:05.114 [info] Starting new stdio process with command: node gift.js\n" +
		"2026-03-02 09:14:05.902 [info] Successfully connected to stdio server\n"
	r, err := Explain([]byte(src), Options{})
	if err != nil || !r.OK() || len(r.Messages) != 0 {
		t.Fatalf("err %v, ok %v, %d messages", err, r.OK(), len(r.Messages))
	}
	en, fr := r.LifecycleSummary(i18n.EN), r.LifecycleSummary(i18n.FR)
	if !strings.Contains(en, "line 1: the client started the server (node gift.js)") || !strings.Contains(en, "line 2: the client connected") {
		t.Errorf("en: %s", en)
	}
	if !strings.Contains(fr, "le client a lancé le serveur") || !strings.Contains(fr, "\u00a0;") {
		t.Errorf("fr: %s", fr)
	}
}
