package web

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/web/pagevm"
)

// consoleReply is the answer of POST /api/console/messages.
type consoleReply struct {
	Events []struct {
		Seq        int             `json:"seq"`
		From       string          `json:"from"`
		Kind       string          `json:"kind"`
		Method     string          `json:"method"`
		ID         json.RawMessage `json:"id"`
		Answers    int             `json:"answers"`
		AnsweredBy int             `json:"answered_by"`
		HTML       string          `json:"html"`
		Updates    []struct {
			Seq  int    `json:"seq"`
			HTML string `json:"html"`
		} `json:"updates"`
		Report struct {
			Valid bool `json:"valid"`
		} `json:"report"`
	} `json:"events"`
	Protocol string `json:"protocol"`
}

func (b *browser) send(msg string) consoleReply {
	b.t.Helper()
	r := b.do("POST", "/api/console/messages?lang=en", "text/plain; charset=utf-8", msg)
	if r.status != http.StatusOK {
		b.t.Fatalf("send %s = %d %s", msg, r.status, r.body)
	}
	var out consoleReply
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		b.t.Fatalf("console answer is not JSON: %v\n%s", err, r.body)
	}
	return out
}

const (
	msgInitialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"test","version":"1.0.0"}}}`
	msgInitialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	msgSlowCall    = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":3},"_meta":{"progressToken":"pack"}}}`
	msgSuggest     = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":50}}}`
)

// A request and its reply are paired by id, with the same colour and in
// words; a notification expects no reply; the page shows the whole
// exchange and its diagram.
func TestConsoleSendPairsRequestsAndReplies(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))

	r := b.send(msgInitialize)
	if r.Protocol != "2025-11-25" || len(r.Events) != 2 {
		t.Fatalf("initialize: protocol %q, %d events", r.Protocol, len(r.Events))
	}
	req, resp := r.Events[0], r.Events[1]
	got := []any{req.From, req.Kind, req.AnsweredBy, resp.From, resp.Kind, resp.Answers}
	if diff := cmp.Diff([]any{"client", "request", 2, "server", "response", 1}, got); diff != "" {
		t.Errorf("initialize events (-want +got):\n%s", diff)
	}
	mustContain(t, "the reply", resp.HTML, `class="tl-item tl-server tl-response pair-1"`, `response to #1`, `href="#msg-1"`)
	if len(resp.Updates) != 1 || resp.Updates[0].Seq != 1 {
		t.Fatalf("the reply updates %+v, want the request #1", resp.Updates)
	}
	mustContain(t, "the request, answered", resp.Updates[0].HTML, `class="tl-item tl-client tl-request pair-1"`, `answered by #2`, `href="#msg-2"`)

	n := b.send(msgInitialized)
	if len(n.Events) != 1 || n.Events[0].Kind != "notification" {
		t.Fatalf("notification: %+v", n.Events)
	}
	mustContain(t, "the notification", n.Events[0].HTML, "expects no response", `data-status="noreply"`)

	// An unknown field is reported on the message in the timeline.
	bad := b.send(`{"jsonrpc":"2.0","id":"x","method":"tools/list","params":{"cursr":"a"}}`)
	if len(bad.Events) != 2 || bad.Events[1].Answers != bad.Events[0].Seq {
		t.Fatalf("tools/list with a typo: %+v", bad.Events)
	}

	page := b.get("/en/console")
	if page.status != 200 {
		t.Fatalf("GET /en/console = %d", page.status)
	}
	mustContain(t, "console page", page.body,
		`id="msg-1"`, `id="msg-2"`, `answered by #2`, `id <code>&#34;x&#34;</code>`,
		"Protocol revision: 2025-11-25", `<svg`, `class="seq-svg"`, "Timeline", "Sequence diagram", "cursr")
	if strings.Contains(page.body, "<script>") || strings.Contains(page.body, ` style="`) {
		t.Error("the console page has inline script or style, which the CSP forbids")
	}

	fr := b.get("/fr/console")
	mustContain(t, "French console", fr.body, "Chronologie", "Diagramme de séquence", "réponse à #1", "Vous (client)", "client → serveur")
}

// sseEvent is one server-sent event.
type sseEvent struct{ event, id, data string }

// readSSE reads the next event, skipping comments.
func readSSE(r *bufio.Reader) (sseEvent, error) {
	var ev sseEvent
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if ev.data != "" || ev.event != "" {
				return ev, nil
			}
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "event: "):
			ev.event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "id: "):
			ev.id = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "data: "):
			ev.data += strings.TrimPrefix(line, "data: ")
		}
	}
}

// openStream opens the console's event stream as the learner of b; the
// test binary's deadline, not a few seconds a busy machine can exceed,
// bounds the reads.
func openStream(t *testing.T, b *browser, query string) *bufio.Reader {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), testDeadline(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/console/events?lang=en"+query, nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("event stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return bufio.NewReader(resp.Body)
}

// The slow tool's progress reaches the page on the event stream while
// nothing is being sent, then its result, paired with the call.
func TestConsoleEventStreamDeliversProgress(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	if r := b.get("/api/console/events"); r.status != http.StatusNoContent {
		t.Errorf("event stream without a learner = %d, want 204", r.status)
	}
	b.send(msgInitialize)
	b.send(msgInitialized)
	stream := openStream(t, b, "&after=3")

	call := b.send(msgSlowCall)
	if len(call.Events) != 1 || call.Events[0].Kind != "request" {
		t.Fatalf("the slow call answered at once: %+v", call.Events)
	}
	callSeq := call.Events[0].Seq
	var progress int
	for {
		ev, err := readSSE(stream)
		if err != nil {
			t.Fatalf("event stream ended: %v (after %d progress notifications)", err, progress)
		}
		var o consoleEventOut
		if err := json.Unmarshal([]byte(ev.data), &o); err != nil {
			t.Fatalf("event data is not JSON: %v\n%s", err, ev.data)
		}
		if ev.id != itoa(o.Seq) {
			t.Errorf("SSE id %q for event %d", ev.id, o.Seq)
		}
		if o.Method == "notifications/progress" {
			progress++
			mustContain(t, "progress item", o.HTML, "expects no response", "server → client")
		}
		if o.Kind == "response" {
			if o.Answers != callSeq || progress != 3 {
				t.Errorf("the result answers #%d after %d progress notifications, want #%d after 3", o.Answers, progress, callSeq)
			}
			if len(o.Updates) != 1 || o.Updates[0].Seq != callSeq {
				t.Fatalf("the result updates %+v, want the call", o.Updates)
			}
			mustContain(t, "the call, answered", o.Updates[0].HTML, "answered by #")
			break
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Reset empties the timeline, tells the event stream, and starts a fresh
// session that needs its own handshake.
func TestConsoleReset(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	b.send(msgInitialize)
	stream := openStream(t, b, "&after=2")
	if r := b.do("POST", "/api/console/reset", "", ""); r.status != 200 {
		t.Fatalf("reset = %d %s", r.status, r.body)
	}
	ev, err := readSSE(stream)
	if err != nil || ev.event != "reset" || ev.id != "0" {
		t.Fatalf("after reset the stream gave %+v, %v", ev, err)
	}
	page := b.get("/en/console")
	if strings.Contains(page.body, `id="msg-1"`) || !strings.Contains(page.body, "Session not initialized yet") {
		t.Error("the page still shows the old session after reset")
	}
	r := b.send(`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`)
	if r.Events[0].Seq != 1 || r.Events[1].Kind != "error" {
		t.Errorf("after reset: %+v, want #1 answered by an error (not initialized)", r.Events)
	}
	// A stream reopened with a number from before the reset starts over.
	again := openStream(t, b, "&after=40")
	if ev, err := readSSE(again); err != nil || ev.event != "reset" {
		t.Errorf("stream after a stale number: %+v %v, want a reset first", ev, err)
	}
	if ev, err := readSSE(again); err != nil || ev.id != "1" {
		t.Errorf("then the backlog from #1: %+v %v", ev, err)
	}

	// Without JavaScript: the form resets and comes back to the console.
	if r := b.postForm("/en/console/reset", nil); r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/console#timeline" {
		t.Errorf("form reset = %d to %q", r.status, r.header.Get("Location"))
	}
}

// The export is the whole exchange, one JSON message a line, and text that
// is not JSON as a string.
func TestConsoleExportJSONLines(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	if r := b.get("/api/console/export.jsonl"); r.status != 200 || r.body != "" {
		t.Errorf("export without a session = %d %q", r.status, r.body)
	}
	b.send(msgInitialize)
	b.send("this is not JSON")
	r := b.get("/api/console/export.jsonl")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/jsonl") {
		t.Fatalf("export = %d %s", r.status, r.header.Get("Content-Type"))
	}
	var dirs []string
	var texts int
	for _, line := range strings.Split(strings.TrimSuffix(r.body, "\n"), "\n") {
		var l struct {
			Seq     int             `json:"seq"`
			From    string          `json:"from"`
			Message json.RawMessage `json:"message"`
			Text    string          `json:"text"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("line is not JSON: %v: %s", err, line)
		}
		dirs = append(dirs, l.From)
		if l.Text != "" {
			texts++
		}
	}
	if diff := cmp.Diff([]string{"client", "server", "client", "server"}, dirs); diff != "" || texts != 1 {
		t.Errorf("export senders (-want +got):\n%s\n%d text lines, want 1", diff, texts)
	}
	// The export reads back as the same exchange.
	x, err := exchange.ReadJSONLines(strings.NewReader(r.body), exchange.Options{})
	if err != nil || x.Len() != 4 {
		t.Fatalf("the export does not read back: %v", err)
	}
	if ev, _ := x.Event(1); ev.AnsweredBy != 2 {
		t.Errorf("read back, initialize is answered by #%d, want #2", ev.AnsweredBy)
	}
	// Each line says its direction as the timeline does, in the page's
	// language.
	for _, tc := range []struct{ lang, client, server string }{
		{"en", "client → server", "server → client"},
		{"fr", "client → serveur", "serveur → client"},
	} {
		var got []string
		for _, line := range strings.Split(strings.TrimSuffix(b.get("/api/console/export.jsonl?lang="+tc.lang).body, "\n"), "\n") {
			var l struct {
				Direction string `json:"direction"`
			}
			json.Unmarshal([]byte(line), &l)
			got = append(got, l.Direction)
		}
		if diff := cmp.Diff([]string{tc.client, tc.server, tc.client, tc.server}, got); diff != "" {
			t.Errorf("%s export directions (-want +got):\n%s", tc.lang, diff)
		}
	}
}

// What a learner types reaches the diagram and the page escaped: the SVG
// stays well-formed and no markup of theirs runs.
func TestConsoleDiagramEscapesLearnerText(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	if r := b.get("/api/console/diagram?lang=en"); r.status != 200 || !strings.Contains(r.body, "appears with your first message") {
		t.Errorf("empty diagram = %d %q", r.status, r.body)
	}
	b.send(`{"jsonrpc":"2.0","id":"</text><script>alert(1)</script>","method":"<img src=x onerror=alert(1)>\n` + "`x`" + `"}`)
	b.send(`<svg onload=alert(1)>`)
	b.send(`{"jsonrpc":"2.0","method":"notifications/a&b\u0000\u2028c"}`)
	r := b.get("/api/console/diagram?lang=fr")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("diagram = %d %s", r.status, r.header.Get("Content-Type"))
	}
	for _, bad := range []string{"<script", "<img", "<svg onload", "onerror=alert(1)>"} {
		if strings.Contains(r.body, bad) {
			t.Errorf("the diagram holds %q unescaped", bad)
		}
	}
	mustContain(t, "diagram", r.body, "&lt;img src=x onerror=alert(1)&gt;", "message invalide", "Vous (client)")
	dec := xml.NewDecoder(strings.NewReader(r.body))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("the diagram is not well-formed XML: %v\n%s", err, r.body)
		}
	}
	page := b.get("/en/console")
	for _, bad := range []string{"<script>alert", "<img src=x", "<svg onload"} {
		if strings.Contains(page.body, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
}

// Limits: a learner's messages are rate limited, a message has a size,
// empty and binary messages are refused with a message, and the sessions in
// memory are capped and expire.
func TestConsoleLimits(t *testing.T) {
	e := newTestEnv(t, Config{ConsoleLimit: RateLimit{PerSecond: 0.01, Burst: 3}, ConsoleMaxSessions: 2}, withMock(quickSlowTool))
	base := e.serve(t)
	b := newBrowser(t, base)
	// The first message comes from an address without a learner yet (the
	// anonymous bucket); the learner's own bucket holds three more.
	for i := 0; i < 4; i++ {
		b.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	}
	r := b.do("POST", "/api/console/messages", "text/plain", `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" || !strings.Contains(r.body, "console") {
		t.Errorf("fifth message = %d %.200q (Retry-After %q), want 429", r.status, r.body, r.header.Get("Retry-After"))
	}

	other := newBrowser(t, base)
	for _, tt := range []struct {
		name, body string
		status     int
		want       string
	}{
		{"too large", `{"a":"` + strings.Repeat("x", maxConsoleBytes) + `"}`, 413, "longer than 64 KiB"},
		{"empty", " \n ", 400, "The message is empty"},
		{"not UTF-8", "{\"a\":\"\xff\"}", 400, "not valid UTF-8"},
	} {
		r := other.do("POST", "/api/console/messages?lang=en", "text/plain", tt.body)
		if r.status != tt.status || !strings.Contains(r.body, tt.want) {
			t.Errorf("%s: %d %s, want %d with %q", tt.name, r.status, r.body, tt.status, tt.want)
		}
	}

	// Three learners, two sessions: the least recently used one ends.
	other.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	third := newBrowser(t, base)
	third.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if n := e.srv.consoles.Count(); n != 2 {
		t.Errorf("%d sessions, want the cap of 2", n)
	}
	page := b.get("/en/console")
	if strings.Contains(page.body, `id="msg-1"`) {
		t.Error("the least recently used session was not the one ended")
	}
	// The page says plainly that the session it knew is gone, once.
	mustContain(t, "ended session", page.body, "Your live session with the gift server restarted", "data-restarted")
	if again := b.get("/en/console"); strings.Contains(again.body, "data-restarted") {
		t.Error("the restart is announced on every visit")
	}
}

// Whatever arrives, the console answers with a status below 500.
func TestConsoleNoServerErrorOnGarbage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	base := e.serve(t)
	b := newBrowser(t, base)
	b.send(msgInitialize)
	garbage := []string{"", "null", "[]", "[{}]", "\x00\x01", strings.Repeat("[", 100000), `{"jsonrpc":"2.0","id":{},"method":1}`,
		`{"jsonrpc":"2.0","id":1,"result":{},"error":{}}`, `{"jsonrpc":"2.0","id":1e999,"method":"ping"}`, "\"\\ud800\""}
	for _, g := range garbage {
		for _, target := range []string{"/api/console/messages", "/api/console/reset", "/en/console", "/en/console/reset",
			"/en/console/check?exercise=tools-live-suggest-gifts", "/en/console/hints?exercise=tools-live-suggest-gifts"} {
			for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "application/json"} {
				if r := b.do("POST", target, ct, g); r.status >= 500 {
					t.Errorf("POST %s (%s) %.40q = %d %s", target, ct, g, r.status, r.body)
				}
				if r := b.do("POST", target, "application/x-www-form-urlencoded", url.Values{"message": {g}, "action": {"check"}}.Encode()); r.status >= 500 {
					t.Errorf("POST %s check %.40q = %d", target, g, r.status)
				}
			}
		}
	}
	for _, target := range []string{"/en/console?exercise=nope", "/en/console?exercise=requests-classify-ids", "/en/console?reply=abc",
		"/en/console?reply=99", "/en/console?template=nope", "/en/console?template=reply", "/api/console/templates/nope",
		"/api/console/templates/reply?reply=-1", "/api/console/diagram?lang=xx", "/api/console/exchange", "/api/console/export.jsonl",
		"/en/console?template=%00%ff"} {
		if r := b.get(target); r.status >= 500 {
			t.Errorf("GET %s = %d %s", target, r.status, r.body)
		}
	}
	if r := b.get("/en/console?exercise=nope"); r.status != 404 {
		t.Errorf("unknown exercise = %d, want 404", r.status)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/console/events?after=-5", nil)
	req.Header.Set("Last-Event-ID", "garbage")
	if resp, err := b.c.Do(req); err == nil {
		if resp.StatusCode >= 500 {
			t.Errorf("event stream with a bad Last-Event-ID = %d", resp.StatusCode)
		}
		resp.Body.Close()
	}
}

// Without JavaScript the console is forms: send, check, handshake,
// templates, and answering a request of the server.
func TestConsoleWithoutJavaScript(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	page := b.get("/en/console")
	mustContain(t, "first visit", page.body, `&#34;method&#34;: &#34;initialize&#34;`, "Do the handshake for me")
	if n := countLearners(t, e.store); n != 0 {
		t.Errorf("opening the console created %d learners", n)
	}

	r := b.postForm("/en/console", url.Values{"action": {"handshake"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/console#msg-1" {
		t.Fatalf("handshake = %d to %q", r.status, r.header.Get("Location"))
	}
	page = b.get("/en/console")
	mustContain(t, "after the handshake", page.body, "Protocol revision: 2025-11-25", `id="msg-3"`, "notifications/initialized")
	// The editor offers the next message, with the next free id.
	mustContain(t, "the editor after the handshake", editorText(t, page.body), `{ "jsonrpc": "2.0", "id": 2, "method": "tools/list" }`)

	tpl := b.get("/en/console?template=tools-list")
	mustContain(t, "template", tpl.body, `&#34;id&#34;: 2, &#34;method&#34;: &#34;tools/list&#34;`)

	pre := b.get("/en/console?message=" + url.QueryEscape(`{"jsonrpc":"2.0","id":7,"method":"resources/list"}`))
	mustContain(t, "prefilled message", pre.body, `&#34;id&#34;:7,&#34;method&#34;:&#34;resources/list&#34;`)
	long := b.get("/en/console?message=" + url.QueryEscape(`{"x":"`+strings.Repeat("a", pagevm.MaxPrefillBytes)+`"}`))
	if strings.Contains(long.body, strings.Repeat("a", 100)) {
		t.Error("a prefilled message over pagevm.MaxPrefillBytes reached the editor")
	}

	check := b.postForm("/en/console", url.Values{"action": {"check"}, "message": {`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"nme":"x"}}`}})
	mustContain(t, "check", check.body, "1 error to fix", `class="problem problem-error"`, `data-line="1"`)
	if strings.Contains(check.body, `id="msg-4"`) {
		t.Error("Check sent the message")
	}

	// The server's request and the tool's result come from the gift
	// server's own goroutine, after the POST that sent the call.
	events := watchEvents(t, b)
	r = b.postForm("/en/console", url.Values{"action": {"send"}, "message": {`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/console#msg-4" {
		t.Fatalf("send = %d to %q", r.status, r.header.Get("Location"))
	}
	events.until("the server's elicitation/create", func(o consoleEventOut) bool {
		return o.From == "server" && o.Kind == "request" && o.Method == "elicitation/create"
	})
	page = b.get("/en/console")
	// The request just sent, offered again with the next free id.
	mustContain(t, "the editor after a send", editorText(t, page.body), `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`)
	mustContain(t, "server request", page.body, "The server is waiting for your response", `href="/en/console?reply=5#answer"`, "elicitation/create")

	answer := b.get("/en/console?reply=5")
	mustContain(t, "response template", answer.body, `&#34;id&#34;: 1,`, `&#34;action&#34;: &#34;accept&#34;`)
	r = b.postForm("/en/console", url.Values{"message": {`{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"category":"books"}}}`}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("answer = %d", r.status)
	}
	events.until("the tool's result", responseTo("2"))
	page = b.get("/en/console")
	mustContain(t, "after the answer", page.body, "answered by #6", "answered by #7", "Gifts in books")
	if strings.Contains(page.body, "Write the response") {
		t.Error("the server request still waits after the answer")
	}
}

// eventWatch follows the console's event stream of one learner: the
// stream replays what the exchange already holds, then follows it, so
// nothing falls between a message sent and the wait for what it causes.
type eventWatch struct {
	t *testing.T
	r *bufio.Reader
}

// watchEvents opens the event stream of b's learner (who must exist: b
// has sent a message) from the first event. Only the test's deadline
// bounds the stream: a busy machine is slower, not red.
func watchEvents(t *testing.T, b *browser) *eventWatch {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), testDeadline(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/console/events?lang=en&after=0", nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		t.Fatalf("event stream: %d, want 200 (has the learner sent anything?)", resp.StatusCode)
	}
	return &eventWatch{t: t, r: bufio.NewReader(resp.Body)}
}

// until reads the stream on until an event matches, and returns it; what
// names the awaited event in the failure.
func (w *eventWatch) until(what string, match func(consoleEventOut) bool) consoleEventOut {
	w.t.Helper()
	for {
		ev, err := readSSE(w.r)
		if err != nil {
			w.t.Fatalf("the console's event stream ended before %s: %v", what, err)
		}
		if ev.event == "reset" {
			continue
		}
		var o consoleEventOut
		if err := json.Unmarshal([]byte(ev.data), &o); err != nil {
			w.t.Fatalf("event data is not JSON: %v\n%s", err, ev.data)
		}
		if match(o) {
			return o
		}
	}
}

// responseTo matches the server's response (or error) with this id, as
// written compact.
func responseTo(id string) func(consoleEventOut) bool {
	return func(o consoleEventOut) bool {
		return o.From == "server" && (o.Kind == "response" || o.Kind == "error") && string(o.ID) == id
	}
}

// The templates are filled in for the session: the next id, the request
// in flight a cancellation names, a response with the server's id.
func TestConsoleTemplates(t *testing.T) {
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	get := func(path string) string {
		r := b.get(path)
		if r.status != 200 {
			t.Fatalf("GET %s = %d %s", path, r.status, r.body)
		}
		var v struct{ Text string }
		json.Unmarshal([]byte(r.body), &v)
		if !json.Valid([]byte(v.Text)) {
			t.Errorf("%s is not JSON: %s", path, v.Text)
		}
		return v.Text
	}
	for _, tpl := range console.Templates {
		if tpl.Key == "cancelled" {
			continue
		}
		text := get("/api/console/templates/" + tpl.Key)
		if strings.Contains(text, `"id"`) && !strings.Contains(text, `"id": 1,`) && !strings.Contains(text, `"id": 1 `) {
			t.Errorf("%s before any message: %s, want id 1", tpl.Key, text)
		}
	}
	b.send(msgInitialize)
	b.send(msgInitialized)
	if text := get("/api/console/templates/ping"); !strings.Contains(text, `"id": 2`) {
		t.Errorf("ping after initialize: %s", text)
	}
	b.send(msgSlowCall)
	if text := get("/api/console/templates/cancelled"); !strings.Contains(text, `"requestId": 3`) {
		t.Errorf("cancelled while the slow call runs: %s", text)
	}
	if r := b.get("/api/console/templates/reply"); r.status != 404 || !strings.Contains(r.body, "not waiting") {
		t.Errorf("reply with nothing waiting = %d %s", r.status, r.body)
	}
	if text := get("/api/console/templates/initialize?exercise=tools-live-suggest-gifts"); !strings.Contains(text, `"2025-11-25"`) {
		t.Errorf("initialize: %s", text)
	}
}

// A cancelled request is marked as such: no response will come, and the
// page stops waiting for one. The test runs in a synctest bubble, the
// browser reaching the router without a network (inProcess): once the
// cancellation is sent, synctest.Wait returns when every goroutine of the
// server is blocked for good, so the call's goroutine has returned and
// sent whatever it was going to send; a ping with the call's id is then
// answered (the id is free again), and the page shows no response.
func TestConsoleCancellation(t *testing.T) {
	bundledCatalog(t) // loaded outside the bubble: the package's tests share it
	synctest.Test(t, func(t *testing.T) {
		e := newTestEnv(t, Config{}, withMock(quickSlowTool))
		b := inProcessBrowser(t, e.h)
		b.send(msgInitialize)
		b.send(msgInitialized)
		call := b.send(`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":10}}}`)
		callSeq := call.Events[0].Seq
		cancel := b.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"changed my mind"}}`)
		if len(cancel.Events) != 1 || len(cancel.Events[0].Updates) != 1 || cancel.Events[0].Updates[0].Seq != callSeq {
			t.Fatalf("the cancellation updates %+v, want the call #%d", cancel.Events, callSeq)
		}
		mustContain(t, "cancelled call", cancel.Events[0].Updates[0].HTML, `data-status="cancelled"`, "cancelled by #", "no response will come")
		synctest.Wait()
		r := b.send(`{"jsonrpc":"2.0","id":"slow","method":"ping"}`)
		if kinds := eventKinds(r); kinds != "request response" {
			t.Fatalf("a ping with the cancelled call's id gets %q, want a request and its response: the call is still in flight", kinds)
		}
		page := b.get("/en/console")
		mustContain(t, "page after the cancellation", page.body, "cancelled by #")
		if strings.Contains(page.body, "waiting for its response") || strings.Contains(page.body, "response to #"+itoa(callSeq)) ||
			strings.Contains(page.body, "ready to ship") {
			t.Error("the cancelled call still waits, or got a response")
		}
	})
}

// eventKinds are the kinds of a reply's events, in order.
func eventKinds(r consoleReply) string {
	kinds := make([]string, len(r.Events))
	for i, ev := range r.Events {
		kinds[i] = ev.Kind
	}
	return strings.Join(kinds, " ")
}

// inProcessBrowser is a browser whose requests h serves in the test's
// goroutine, with no network between them: inside a synctest bubble, what
// the requests start is the bubble's, and nothing waits on a socket.
func inProcessBrowser(t testing.TB, h http.Handler) *browser {
	b := newBrowser(t, "http://127.0.0.1:8080")
	b.c.Transport = inProcess{h}
	return b
}

// inProcess serves a client's request with a handler, as the server
// would receive it from a loopback peer.
type inProcess struct{ h http.Handler }

func (p inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	in := req.Clone(req.Context())
	in.RemoteAddr = "127.0.0.1:50000"
	in.RequestURI = req.URL.RequestURI()
	in.Host = req.URL.Host
	rec := httptest.NewRecorder()
	p.h.ServeHTTP(rec, in)
	return rec.Result(), nil
}

// When the session a page knew is gone (here evicted; after a restart,
// another instance does not hold it either), the event stream starts over
// and says the session restarted.
func TestConsoleStreamSaysRestarted(t *testing.T) {
	e := newTestEnv(t, Config{ConsoleMaxSessions: 1}, withMock(quickSlowTool))
	base := e.serve(t)
	b := newBrowser(t, base)
	b.send(msgInitialize)
	newBrowser(t, base).send(msgInitialize) // takes the only place
	stream := openStream(t, b, "&after=2")
	ev, err := readSSE(stream)
	if err != nil || ev.event != "reset" || ev.data != `{"restarted":true}` {
		t.Fatalf("first event %+v, %v; want a reset saying the session restarted", ev, err)
	}
	// The stream's session is the learner's session now: reset alone next time.
	b.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	if page := b.get("/en/console"); strings.Contains(page.body, "data-restarted") {
		t.Error("the page says the session restarted after the learner went on")
	}
}

// testDeadline is when a polling wait gives up: 30 s before the test
// binary's deadline, so the failure still names what was awaited.
func testDeadline(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-30 * time.Second)
	}
	return time.Now().Add(10 * time.Minute)
}

// editorText is the text of the page's editor, unescaped.
func editorText(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `<textarea id="answer"`)
	if !ok {
		t.Fatal("the page has no editor")
	}
	_, rest, _ = strings.Cut(rest, ">")
	text, _, _ := strings.Cut(rest, "</textarea>")
	return html.UnescapeString(text)
}
