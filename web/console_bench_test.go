package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// benchConsole is a learner whose session holds a full timeline (the cap of
// 300 messages), with the rate limit off: the benchmarks measure the work.
func benchConsole(b *testing.B) (*testEnv, string) {
	b.Helper()
	e := newTestEnv(b, Config{ConsoleLimit: RateLimit{PerSecond: -1}, AnonymousLimit: RateLimit{PerSecond: -1}}, withMock(quickSlowTool))
	rec := e.do(b, "POST", "/api/console/messages", strings.NewReader(msgInitialize))
	cookie := ""
	for _, c := range rec.Result().Cookies() {
		if c.Name == learnerCookie {
			cookie = c.Name + "=" + c.Value
		}
	}
	if rec.Code != http.StatusOK || cookie == "" {
		b.Fatalf("first message = %d, cookie %q", rec.Code, cookie)
	}
	e.do(b, "POST", "/api/console/messages", strings.NewReader(msgInitialized), "Cookie", cookie)
	for i := 0; i < 250; i++ {
		e.do(b, "POST", "/api/console/messages", strings.NewReader(msgSuggest), "Cookie", cookie)
	}
	return e, cookie
}

// One message through the router: check, the gift server's reply, both
// laid out for the timeline.
func BenchmarkConsoleSend(b *testing.B) {
	e, cookie := benchConsole(b)
	for b.Loop() {
		rec := e.do(b, "POST", "/api/console/messages", strings.NewReader(msgSuggest), "Cookie", cookie)
		if rec.Code != http.StatusOK {
			b.Fatalf("send = %d", rec.Code)
		}
	}
}

// The console page with a full timeline and its diagram.
func BenchmarkConsolePage(b *testing.B) {
	e, cookie := benchConsole(b)
	for b.Loop() {
		if rec := e.do(b, "GET", "/en/console", nil, "Cookie", cookie); rec.Code != http.StatusOK {
			b.Fatalf("page = %d", rec.Code)
		}
	}
}

// The same page in the other language: every report is written again.
func BenchmarkConsolePageOtherLanguage(b *testing.B) {
	e, cookie := benchConsole(b)
	for b.Loop() {
		if rec := e.do(b, "GET", "/fr/console", nil, "Cookie", cookie); rec.Code != http.StatusOK {
			b.Fatalf("page = %d", rec.Code)
		}
	}
}

// The diagram the page fetches after each message.
func BenchmarkConsoleDiagram(b *testing.B) {
	e, cookie := benchConsole(b)
	for b.Loop() {
		if rec := e.do(b, "GET", "/api/console/diagram?lang=en", nil, "Cookie", cookie); rec.Code != http.StatusOK {
			b.Fatalf("diagram = %d", rec.Code)
		}
	}
}

// One message with a fresh id each time: a conversation without problems,
// so the cost of the conversation checker alone shows (BenchmarkConsoleSend
// reuses one id, which the checker reports on every message since it
// follows the session).
func BenchmarkConsoleSendFreshIDs(b *testing.B) {
	e, cookie := benchConsole(b)
	id := 1000
	for b.Loop() {
		id++
		msg := strings.Replace(msgSuggest, `"id":2`, `"id":`+strconv.Itoa(id), 1)
		rec := e.do(b, "POST", "/api/console/messages", strings.NewReader(msg), "Cookie", cookie)
		if rec.Code != http.StatusOK {
			b.Fatalf("send = %d", rec.Code)
		}
	}
}
