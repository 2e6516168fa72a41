package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pingLog is a JSON Lines log of the handshake then n pings, each
// answered: message 3+2k is the k-th ping, 4+2k its answer.
func pingLog(n int) string {
	var b strings.Builder
	line := func(from, msg string) { fmt.Fprintf(&b, `{"direction":%q,"message":%s}`+"\n", from, msg) }
	line("client", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	line("server", `{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`)
	line("client", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for k := 1; k <= n; k++ {
		line("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, k))
		line("server", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{}}`, k))
	}
	return b.String()
}

var keptLink = regexp.MustCompile(`/en/explain/([0-9a-f]{32})\?page=2`)

// A long log is shown a page at a time: the first page holds the first
// messages only, links a message of the next page to that page, and the
// next page is kept for the learner who asked, and nobody else.
func TestExplainPagesKeptForTheirLearner(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	alice, bob := newBrowser(t, base), newBrowser(t, base)
	// 3 + 2×150 = 303 messages: ping 49 is #100, its answer #101.
	first := alice.postForm("/en/explain", url.Values{"log": {pingLog(150)}})
	if first.status != http.StatusOK {
		t.Fatalf("POST /en/explain = %d\n%s", first.status, clipBody(first.body))
	}
	mustContain(t, "the first page", first.body, `id="msg-1"`, `id="msg-100"`, "Messages 1–100 of 303", `max="4"`)
	if strings.Contains(first.body, `id="msg-101"`) {
		t.Error("the first page shows message #101")
	}
	m := keptLink.FindStringSubmatch(first.body)
	if m == nil {
		t.Fatalf("the first page links no kept page 2:\n%s", clipBody(first.body))
	}
	key := m[1]
	mustContain(t, "a request answered on the next page", first.body, `href="/en/explain/`+key+`?page=2#msg-101"`)

	second := alice.get("/en/explain/" + key + "?page=2")
	if second.status != http.StatusOK {
		t.Fatalf("page 2 = %d", second.status)
	}
	mustContain(t, "page 2", second.body, `id="msg-101"`, `id="msg-200"`, "Messages 101–200 of 303",
		`href="/en/explain/`+key+`?page=1#msg-100"`, `rel="prev"`, `rel="next"`, "303 messages")
	if strings.Contains(second.body, `id="msg-100"`) || strings.Contains(second.body, `id="msg-201"`) {
		t.Error("page 2 shows messages of other pages")
	}
	last := alice.get("/en/explain/" + key + "?page=4")
	mustContain(t, "the last page", last.body, `id="msg-303"`, "Messages 301–303 of 303")

	for _, c := range []struct {
		name   string
		who    *browser
		path   string
		status int
		want   string
	}{
		{"another learner", bob, "/en/explain/" + key + "?page=2", http.StatusNotFound, "no longer kept"},
		{"no learner", newBrowser(t, base), "/en/explain/" + key + "?page=2", http.StatusNotFound, "no longer kept"},
		{"a made-up key", alice, "/en/explain/" + strings.Repeat("0", 32), http.StatusNotFound, "no longer kept"},
		{"a page past the last", alice, "/en/explain/" + key + "?page=5", http.StatusBadRequest, "from 1 to 4"},
		{"a page that is no number", alice, "/en/explain/" + key + "?page=two", http.StatusBadRequest, "from 1 to 4"},
		{"another learner's message", bob, "/en/explain/" + key + "/messages/1", http.StatusNotFound, "no longer kept"},
	} {
		r := c.who.get(c.path)
		if r.status != c.status || !strings.Contains(r.body, c.want) {
			t.Errorf("%s: %d, want %d with %q\n%s", c.name, r.status, c.status, c.want, clipBody(r.body))
		}
		if strings.Contains(r.body, `id="msg-101"`) {
			t.Errorf("%s: the page shows the log", c.name)
		}
	}
	// The other language reads the same explanation in its own words.
	fr := alice.get("/fr/explain/" + key + "?page=2")
	if fr.status != http.StatusOK {
		t.Errorf("page 2 in French: %d, want 200\n%s", fr.status, clipBody(fr.body))
	}
	mustContain(t, "page 2 in French", fr.body, `lang="fr"`, `id="msg-101"`, `id="msg-200"`, `href="/fr/explain/`+key+`?page=1#msg-100"`)

	// Explaining another log replaces the learner's kept one.
	alice.postForm("/en/explain", url.Values{"log": {pingLog(60)}})
	if r := alice.get("/en/explain/" + key + "?page=2"); r.status != http.StatusNotFound {
		t.Errorf("the first explanation after a second one: %d, want 404", r.status)
	}
}

// The timeline's HTML is bounded by its page, not by the log: 10,000
// messages make a page of the same size as 300.
func TestExplainPageHTMLBounded(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	small := b.postForm("/en/explain", url.Values{"log": {pingLog(150)}})
	big := b.postForm("/en/explain", url.Values{"log": {pingLog(5000)}})
	mustContain(t, "a 10,003-message log", big.body, "Messages 1–100 of 10003", `max="101"`)
	if len(big.body) > len(small.body)+4<<10 {
		t.Errorf("the page of 10,003 messages is %d bytes, that of 303 %d: want the same page", len(big.body), len(small.body))
	}
}

// A message the page clips links its whole text, fetched from the kept
// explanation by its learner only.
func TestExplainWholeMessage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ExplainMaxBytes: 2 << 20})
	base := e.serve(t)
	alice, bob := newBrowser(t, base), newBrowser(t, base)
	text := strings.Repeat("gift ", 20_000)
	long := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + text + `"}]}}`
	log := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts"}}` + "\n" + long + "\n"
	r := alice.postForm("/en/explain", url.Values{"log": {log}})
	m := regexp.MustCompile(`href="(/en/explain/[0-9a-f]{32}/messages/2)"`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("the clipped message links no whole text:\n%s", clipBody(r.body))
	}
	mustContain(t, "the link", r.body, "Show the whole message")
	whole := alice.get(m[1])
	if whole.status != http.StatusOK || whole.body != long || !strings.HasPrefix(whole.header.Get("Content-Type"), "text/plain") {
		t.Errorf("the whole message: %d %q, %d bytes, want the %d bytes of the message", whole.status, whole.header.Get("Content-Type"), len(whole.body), len(long))
	}
	if got := bob.get(m[1]); got.status != http.StatusNotFound || strings.Contains(got.body, "gift gift") {
		t.Errorf("another learner fetching it: %d", got.status)
	}
	if got := alice.get(strings.TrimSuffix(m[1], "2") + "3"); got.status != http.StatusNotFound {
		t.Errorf("a message past the last: %d, want 404", got.status)
	}
}

// The lines of a log that are no MCP message are shown folded, each named
// for what it is, secrets masked; the explain JSON lists them as
// "context".
func TestExplainContextLines(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	log := "2025-06-01 10:00:00.100 [info] Creating stdio client with command: node server.js\n" +
		"2025-06-01 10:00:00.150 [info] Connecting with Authorization: Bearer sk-live-0123456789abcdef\n" +
		`2025-06-01 10:00:00.200 [info] Sending message: {"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" +
		`2025-06-01 10:00:00.300 [info] Received message: {"jsonrpc":"2.0","id":1,"result":{}}` + "\n"
	for _, c := range []struct{ lang, title string }{
		{"en", "2 lines are not MCP messages: client’s log 2"},
		{"fr", "2 lignes ne sont pas des messages MCP\u00a0: journal du client 2"},
	} {
		r := b.postForm("/"+c.lang+"/explain", url.Values{"log": {log}})
		mustContain(t, "context lines ("+c.lang+")", r.body, `<details class="explain-context" data-context>`, c.title,
			`data-kind="client-log"`, "Creating stdio client with command: node server.js")
		if strings.Contains(r.body, "0123456789abcdef") {
			t.Errorf("%s: the page shows the bearer token of a context line", c.lang)
		}
	}
	r := b.do(http.MethodPost, "/api/explain", "text/plain", log)
	mustContain(t, "the explain JSON", r.body, `"context":[{"line":1,"kind":"client-log","text":"`, `"context_lines":2`)
	if strings.Contains(r.body, "0123456789abcdef") {
		t.Error("the explain JSON shows the bearer token of a context line")
	}
}

// A log that prints its messages only as an SDK's objects says so, in the
// learner's language.
func TestExplainSDKObjectsSaid(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	log := `2025-06-01T10:00:00.120000Z DEBUG rmcp::service: received request: Request { id: Number(0), method: "ping" }` + "\n"
	r := b.do(http.MethodPost, "/api/explain?lang=fr", "text/plain", log)
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "objets du SDK") {
		t.Errorf("an SDK's objects: %d %s", r.status, r.body)
	}
	r = b.postForm("/en/explain", url.Values{"log": {log}})
	mustContain(t, "the page", r.body, "an SDK’s objects (Rust’s Debug output")
}

var (
	summarySection = regexp.MustCompile(`(?s)<section class="explain-summary.*?</section>`)
	// keptPageLink is a finding's link to a message on another kept page;
	// on the message's own page the link is to the message alone.
	keptPageLink = regexp.MustCompile(`href="/(en|fr)/explain/[0-9a-f]{32}\?page=\d+#`)
)

// A kept explanation read in the other language says everything in that
// language: its summary, its findings (the log's own problems, the
// conversation's, each message's) and its timeline are those of the log
// explained in that language from the start.
func TestExplainKeptReadsInEitherLanguage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	// A line that is no JSON (a log's problem), a message without
	// "jsonrpc" (the message's own error) and a request never answered (a
	// conversation's finding), in a log long enough to be kept.
	log := pingLog(120) + "server says hello\n" +
		`{"direction":"client","message":{"id":900,"method":"ping"}}` + "\n" +
		`{"direction":"client","message":{"jsonrpc":"2.0","id":901,"method":"ping"}}` + "\n"
	for _, c := range []struct{ asked, read string }{{"en", "fr"}, {"fr", "en"}} {
		who := newBrowser(t, base)
		first := who.postForm("/"+c.asked+"/explain", url.Values{"log": {log}})
		key := regexp.MustCompile(`/` + c.asked + `/explain/([0-9a-f]{32})\?page=2`).FindStringSubmatch(first.body)
		if first.status != http.StatusOK || key == nil {
			t.Fatalf("POST /%s/explain = %d, no kept page 2\n%s", c.asked, first.status, clipBody(first.body))
		}
		kept := who.get("/" + c.read + "/explain/" + key[1] + "?page=3")
		direct := newBrowser(t, base).postForm("/"+c.read+"/explain", url.Values{"log": {log}})
		got := keptPageLink.ReplaceAllString(summarySection.FindString(kept.body), `href="#`)
		want := keptPageLink.ReplaceAllString(summarySection.FindString(direct.body), `href="#`)
		if kept.status != http.StatusOK || got == "" {
			t.Fatalf("asked in %s, read in %s: %d\n%s", c.asked, c.read, kept.status, clipBody(kept.body))
		}
		for _, code := range []string{"log.", "session.request.unanswered", "jsonrpc."} {
			if !strings.Contains(want, `data-code="`+code) {
				t.Errorf("the log explained in %s has no finding %s…: the test would prove less", c.read, code)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("asked in %s, summary read in %s (-explained in it +kept):\n%s", c.asked, c.read, diff)
		}
		mustContain(t, "the kept page 3 in "+c.read, kept.body, `lang="`+c.read+`"`, `id="msg-201"`, `id="msg-244"`)
		// The language switch goes to the same page of the other language.
		mustContain(t, "the kept page 3's language switch", kept.body,
			`class="lang-switch" href="/`+c.asked+`/explain/`+key[1]+`?page=3"`)
	}
}
