package console

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The handshake's messages, and the _meta of a 2026-07-28 request.
const (
	initMsg     = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	modernMeta  = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

// consoleScript drives a console session: each step is a message to send,
// or an answer to the server request waiting for one.
type consoleStep struct {
	send string
	// answer, when set, is the result the learner sends to the pending
	// server request (its id is filled in).
	answer string
}

// runScript sends each step and waits until every request of the learner
// is answered, or the server waits for the learner, before the next step,
// so the timeline is deterministic.
func runScript(t *testing.T, c *Session, steps []consoleStep) {
	t.Helper()
	for _, st := range steps {
		if st.answer != "" {
			pending := waitFor(t, c, func() []exchange.Event { return c.Pending() })
			st.send = `{"jsonrpc":"2.0","id":` + string(pending[0].ID) + `,"result":` + st.answer + `}`
		}
		c.Send(st.send)
		waitFor(t, c, func() []exchange.Event {
			if len(c.Pending()) > 0 {
				return []exchange.Event{{}}
			}
			for _, e := range c.Events(0) {
				if e.From == grader.SenderClient && e.Kind == "request" && !hasReply(c, e.Seq) {
					return nil
				}
			}
			return []exchange.Event{{}}
		})
	}
}

func hasReply(c *Session, seq int) bool {
	for _, e := range c.Events(seq) {
		if e.Answers == seq {
			return true
		}
	}
	return false
}

// waitFor waits until f returns something: the console answers blocking
// requests on its own goroutines, and tells its subscribers each time it
// records a message. It subscribes before it looks, so no update falls
// between the look and the wait; only the test's own deadline ends it.
func waitFor(t *testing.T, c *Session, f func() []exchange.Event) []exchange.Event {
	t.Helper()
	updates, stop := c.Subscribe()
	defer stop()
	var deadline <-chan time.Time
	if d, ok := t.Deadline(); ok {
		deadline = time.After(time.Until(d) - 30*time.Second)
	}
	for {
		if got := f(); len(got) > 0 {
			return got
		}
		select {
		case _, open := <-updates:
			if !open {
				t.Fatalf("the console closed while waiting; timeline:\n%s", transcript(c))
			}
		case <-deadline:
			t.Fatalf("timed out; timeline:\n%s", transcript(c))
		}
	}
}

// transcript renders the timeline for a golden file: one message a line.
func transcript(c *Session) string {
	var b strings.Builder
	for _, e := range c.Events(0) {
		arrow := "->"
		if e.From == grader.SenderServer {
			arrow = "<-"
		}
		pair := ""
		if e.Answers > 0 {
			pair = fmt.Sprintf(" (answers #%d)", e.Answers)
		}
		fmt.Fprintf(&b, "#%d %s %s%s\n%s\n", e.Seq, arrow, e.Kind, pair, withCodes(e.Raw))
	}
	return b.String()
}

// withCodes replaces the checker's diagnostics in error.data by their codes:
// the checker's wording is its own tests' business.
func withCodes(raw string) string {
	var msg map[string]any
	if json.Unmarshal([]byte(raw), &msg) != nil {
		return raw
	}
	e, _ := msg["error"].(map[string]any)
	data, _ := e["data"].(map[string]any)
	diags, ok := data["diagnostics"].([]any)
	if !ok {
		return raw
	}
	codes := []string{}
	for _, d := range diags {
		if m, ok := d.(map[string]any); ok {
			codes = append(codes, fmt.Sprint(m["code"]))
		}
	}
	data["diagnostics"] = codes
	out, _ := json.Marshal(msg)
	return string(out) + " (diagnostics: codes only)"
}

// quickClock fires short waits at once and never fires long ones: the slow
// tool runs instantly and the server waits for the learner's answer.
type quickClock struct{ now time.Time }

func (c quickClock) Now() time.Time { return c.now }
func (c quickClock) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	if d < time.Minute {
		ch <- c.now
	}
	return ch
}

// instantClock fires every wait at once.
type instantClock struct{ now time.Time }

func (c instantClock) Now() time.Time { return c.now }
func (c instantClock) After(time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

// stoppedClock never fires a wait: a server request waits for the
// learner's answer for as long as the test needs.
type stoppedClock struct{}

func (stoppedClock) Now() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
func (stoppedClock) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- stoppedClock{}.Now()
	}
	return ch
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run with -update to create it): %v", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

func TestConsoleTranscripts(t *testing.T) {
	scripts := consoleScripts()
	for name, steps := range scripts {
		t.Run(name, func(t *testing.T) {
			// A fixed key: the requestState of a 2026-07-28 question is
			// the same in every run, and the retry can echo it.
			srv := mockserver.New(mockserver.Config{Clock: quickClock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}, StateKey: []byte(transcriptStateKey)})
			c := Start(srv, Options{})
			defer c.Close()
			runScript(t, c, steps)
			checkGolden(t, name, transcript(c))
		})
	}
}

// transcriptStateKey seals the requestState of the golden transcripts.
const transcriptStateKey = "the console's golden transcripts"

// consoleScripts are the scripted sessions of the golden transcripts.
func consoleScripts() map[string][]consoleStep {
	return map[string][]consoleStep{
		"session-2025-11-25.golden": {
			{send: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`},
			{send: `{"jsonrpc":"2.0","id":2,"method":"ping"}`},
			{send: `{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{},"sampling":{}},"clientInfo":{"name":"learner","version":"1.0"}}}`},
			{send: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
			{send: `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"mcpplayground/pageSize":3}}}`},
			{send: `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"cursor":"eyJvZmZzZXQiOjN9","_meta":{"mcpplayground/pageSize":3}}}`},
			{send: `{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"info"}}`},
			{send: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"housewarming","budget":50,"recipient":"a couple who love cooking"}}}`},
			{send: `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"graduation","budget":10}}}`},
			{send: `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday"}}}`},
			{send: `{"jsonrpc":"2.0","id":"9b","method":"tools/call","params":{"_meta":{"progressToken":"gifts-9b"},"name":"suggest_gifts","arguments":{"occasion":"wedding","budget":150}}}`},
			{send: `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":2},"_meta":{"progressToken":"box"}}}`},
			{send: `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"unlock_gift_wrapping"}}`},
			{send: `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"wrap_gift"}}`},
			{send: `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`},
			{answer: `{"action":"accept","content":{"category":"books"}}`},
			{send: `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"write_card_message","arguments":{"occasion":"retirement","recipient":"Sam"}}}`},
			{answer: `{"role":"assistant","content":{"type":"text","text":"Enjoy every slow morning, Sam!"},"model":"learner-typed"}`},
			{send: `{"jsonrpc":"2.0","id":15,"method":"resources/list"}`},
			{send: `{"jsonrpc":"2.0","id":16,"method":"resources/read","params":{"uri":"gift://catalog/kitchen"}}`},
			{send: `{"jsonrpc":"2.0","id":17,"method":"resources/read","params":{"uri":"mcp://gift-server/resources/gift_catalog"}}`},
			{send: `{"jsonrpc":"2.0","id":18,"method":"prompts/list"}`},
			{send: `{"jsonrpc":"2.0","id":19,"method":"prompts/get","params":{"name":"gift_congrats_style","arguments":{"occasion":"birthday","tone":"playful"}}}`},
			{send: `{"jsonrpc":"2.0","id":20,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"gift_congrats_style"},"argument":{"name":"tone","value":"f"}}}`},
			{send: `{"jsonrpc":"2.0","id":21,"method":"resources/get","params":{"uri":"gift://catalog"}}`},
			{send: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"reason":"learner"}}`},
		},
		"session-2025-06-18.golden": {
			{send: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"learner","version":"1.0"}}}`},
			{send: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
			{send: `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":"fifty"}}}`},
			{send: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`},
			{answer: `{"action":"decline"}`},
		},
		"stateless-2026-07-28.golden": {
			{send: `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{` + modernMeta + `}}`},
			{send: `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"anniversary","budget":200,"recipient":"partner"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/logLevel":"info"}}}`},
			{send: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_gift_preferences","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}`},
			{send: `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ask_gift_preferences","inputResponses":{"preferences":{"action":"accept","content":{"category":"games","maxBudget":30}}},"requestState":"preferences.C2vRiOAoLjSUhhiuDAKCng","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}`},
			{send: `{"jsonrpc":"2.0","id":5,"method":"logging/setLevel","params":{"level":"info",` + modernMeta + `}}`},
		},
	}
}

func TestConsolePairsAndReports(t *testing.T) {
	srv := mockserver.New(mockserver.Config{Clock: instantClock{}})
	c := Start(srv, Options{Lang: i18n.FR})
	defer c.Close()
	ch, stop := c.Subscribe()
	defer stop()

	evs := c.Send(`{"jsonrpc":"2.0","id":"a","method":"ping"}`)
	if len(evs) != 2 || evs[1].Answers != evs[0].Seq || evs[0].AnsweredBy != evs[1].Seq || evs[1].Kind != "response" {
		t.Fatalf("ping pair: %+v", evs)
	}
	if evs[0].Report.Protocol == "" || evs[1].Report.Protocol == "" {
		t.Errorf("events carry no report: %+v", evs)
	}
	for i := 0; i < 2; i++ {
		if u := <-ch; u.Event.Seq != evs[i].Seq || u.Reset {
			t.Errorf("subscriber got #%d (reset %v), want #%d", u.Event.Seq, u.Reset, evs[i].Seq)
		}
	}

	evs = c.Send(`{"jsonrpc":"2.0","id":null,"method":"ping"}`)
	if len(evs) != 2 || evs[1].Kind != "error" || evs[0].Report.Valid {
		t.Errorf("null id: %+v", evs)
	}
	evs = c.Send(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"curser":"x"}}`)
	if len(evs) != 2 || evs[1].Answers != evs[0].Seq {
		t.Errorf("error reply not paired: %+v", evs)
	}
	evs = c.Send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if len(evs) != 1 || evs[0].Kind != "notification" {
		t.Errorf("notification: %+v", evs)
	}

	if got := c.Exchange().Events(0); len(got) != 7 {
		t.Fatalf("the exchange holds %d events, want 7", len(got))
	}
	if w := c.Exchange().Events(0)[0]; w.AnsweredBy != 2 {
		t.Errorf("the first ping is answered by #%d, want #2", w.AnsweredBy)
	}

	c.Reset()
	// Drain what is left before the reset.
	for u := range ch {
		if u.Reset {
			break
		}
	}
	if n := len(c.Events(0)); n != 0 {
		t.Errorf("%d events after reset", n)
	}
	if c.Protocol() != "" {
		t.Errorf("protocol after reset: %q", c.Protocol())
	}
	evs = c.Send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if evs[0].Seq != 1 {
		t.Errorf("seq after reset: %d", evs[0].Seq)
	}
}

func TestConsoleOversize(t *testing.T) {
	srv := mockserver.New(mockserver.Config{Clock: instantClock{}})
	c := Start(srv, Options{})
	defer c.Close()
	evs := c.Send(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("é", 1<<20) + `"}}`)
	if len(evs) != 2 || len(evs[0].Raw) > 4096 || evs[1].Kind != "error" || evs[1].Answers != evs[0].Seq || evs[0].Report.Valid {
		t.Errorf("oversize message: %d events, raw %d bytes, %+v", len(evs), len(evs[0].Raw), evs[1])
	}
}

// TestConsoleResetCancels: a request waiting on the learner ends with the
// session.
func TestConsoleResetCancels(t *testing.T) {
	srv := mockserver.New(mockserver.Config{Clock: stoppedClock{}})
	c := Start(srv, Options{})
	defer c.Close()
	c.Send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"l","version":"1"}}}`)
	c.Send(initialized)
	c.Send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`)
	waitFor(t, c, c.Pending)
	c.Reset()
	if p := c.Pending(); len(p) != 0 {
		t.Errorf("pending after reset: %+v", p)
	}
	c.Send(`{"jsonrpc":"2.0","id":1,"result":{"action":"accept"}}`)
	for _, e := range c.Events(0) {
		if e.From == grader.SenderServer {
			t.Errorf("the old session answered after reset: %s", e.Raw)
		}
	}
}

// TestConsoleWrappedTimeline: a session that went round its timeline many
// times still pairs replies, lists the pending server request and exports
// the events it keeps.
func TestConsoleWrappedTimeline(t *testing.T) {
	// A stopped clock: the elicitation must still wait when the timeline is
	// read (an instant clock timed it out at once, and its error response
	// could land between the two reads below).
	srv := mockserver.New(mockserver.Config{Clock: stoppedClock{}})
	c := Start(srv, Options{MaxEvents: 7})
	defer c.Close()
	c.Send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"l","version":"1"}}}`)
	c.Send(initialized)
	for i := 1; i <= 20; i++ {
		evs := c.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i))
		if len(evs) != 2 || evs[1].Answers != evs[0].Seq || evs[1].Kind != "response" {
			t.Fatalf("ping %d: %+v", i, evs)
		}
	}
	c.Send(`{"jsonrpc":"2.0","id":"ask","method":"tools/call","params":{"name":"ask_gift_preferences"}}`)
	pending := waitFor(t, c, c.Pending)
	if len(pending) != 1 || pending[0].Kind != "request" || pending[0].From != grader.SenderServer {
		t.Fatalf("pending: %+v", pending)
	}

	evs := c.Events(0)
	if len(evs) != 7 {
		t.Fatalf("%d events kept, want 7:\n%s", len(evs), transcript(c))
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Seq != evs[i-1].Seq+1 {
			t.Errorf("timeline out of order:\n%s", transcript(c))
		}
	}
	if !slices.ContainsFunc(evs, func(e exchange.Event) bool { return e.Seq == pending[0].Seq && e.Raw == pending[0].Raw }) {
		t.Errorf("pending request #%d not in the timeline:\n%s", pending[0].Seq, transcript(c))
	}
	var export bytes.Buffer
	if err := c.Exchange().WriteJSONLines(&export); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(export.Bytes()), []byte("\n"))
	var seqs []int
	for _, l := range lines {
		var v struct {
			Seq int `json:"seq"`
		}
		if err := json.Unmarshal(l, &v); err != nil {
			t.Fatalf("bad line %s: %v", l, err)
		}
		seqs = append(seqs, v.Seq)
	}
	var want []int
	for _, e := range evs {
		want = append(want, e.Seq)
	}
	if diff := cmp.Diff(want, seqs); diff != "" {
		t.Errorf("JSON Lines seqs (-want +got):\n%s", diff)
	}
}
