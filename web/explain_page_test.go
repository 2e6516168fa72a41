package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
)

// multipartLog is a form post of the page with the log as a file.
func multipartLog(t *testing.T, name string, src []byte, fields map[string]string) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	fw, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(src)
	_ = w.Close()
	return &b, w.FormDataContentType()
}

// The page works without JavaScript: a plain form post or a multipart file
// upload shows the summary, the findings and the timeline; what cannot be
// explained comes back with the form and a clear message.
func TestExplainPage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ExplainMaxBytes: 64 << 10})
	har, err := os.ReadFile("../internal/logimport/testdata/gift-session.har")
	if err != nil {
		t.Fatal(err)
	}
	if rec := e.do(t, http.MethodGet, "/fr/explain", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Expliquer un journal") {
		t.Fatalf("GET /fr/explain: %d", rec.Code)
	}

	body, ctype := multipartLog(t, "session.har", har, map[string]string{"format": "auto"})
	rec := e.do(t, http.MethodPost, "/en/explain", body, "Content-Type", ctype)
	mustContain(t, "a HAR uploaded", rec.Body.String(), "9 messages: 4 requests, 3 responses, 2 notifications",
		`data-code="log.http.accept"`, `href="#msg-4"`, `id="msg-9"`, "Something is wrong in this log.")
	if strings.Contains(rec.Body.String(), "eyJhbGciOiJIUzI1NiJ9.secret") {
		t.Error("the page shows the bearer token")
	}

	form := url.Values{"log": {`{"jsonrpc":"2.0","id":1,"method":"ping"}`}, "protocol": {"2025-06-18"}}
	rec = e.do(t, http.MethodPost, "/fr/explain", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	mustContain(t, "pasted text", rec.Body.String(), "1 message\u00a0: 1 requête", "celle demandée", `data-status="waiting"`)

	cases := []struct {
		name   string
		src    []byte
		fields map[string]string
		status int
		want   string
	}{
		{"too large", bytes.Repeat([]byte("{}\n"), 30<<10), nil, 413, "64\u00a0KiB"},
		{"binary", []byte("\x00\x01\x02\x03PK"), nil, 400, "not text"},
		{"empty", nil, nil, 400, "empty"},
		{"unknown revision", har, map[string]string{"protocol": "1999-01-01"}, 400, "1999-01-01"},
	}
	for _, c := range cases {
		body, ctype := multipartLog(t, "log.txt", c.src, c.fields)
		req := httptest.NewRequest(http.MethodPost, "/en/explain", body)
		req.Header.Set("Content-Type", ctype)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, rec.Code, c.status)
		}
		mustContain(t, c.name, rec.Body.String(), escapeText(c.want), `id="explain-log"`)
	}
}

// The console's "Explain this log" explains the learner's own session, as
// the console exports it: the export round-trips.
func TestExplainConsoleSession(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	t.Cleanup(e.srv.Close)
	b.send(msgInitialize)
	b.send(msgInitialized)
	b.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	console := b.get("/en/console")
	mustContain(t, "console", console.body, `href="/en/explain?source=console"`, "Explain this log")
	page := b.get("/en/explain?source=console")
	if page.status != 200 {
		t.Fatalf("status %d", page.status)
	}
	mustContain(t, "explained console session", page.body, `data-format="jsonl"`,
		"5 messages: 2 requests, 2 responses, 1 notification", "negotiated by the handshake", "Nothing wrong in this log.", `id="msg-5"`)
}

// TestExplainPageLongMessage: a message of 1 MiB is shown as a preview of
// 8 KiB that says how long it is; the page stays a small multiple of that,
// not of the message.
func TestExplainPageLongMessage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ExplainMaxBytes: 2 << 20})
	long := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + strings.Repeat("gift ", 200_000) + `"}]}}`
	log := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts"}}` + "\n" + long + "\n"
	body, ctype := multipartLog(t, "long.txt", []byte(log), map[string]string{"format": "auto"})
	rec := e.do(t, http.MethodPost, "/en/explain", body, "Content-Type", ctype)
	// the preview's last line, as the highlighter cuts it into words
	mustContain(t, "a long message", rec.Body.String(), ">976.6</span>", ">KiB</span>", ">8.0</span>")
	if n := rec.Body.Len(); n > 400<<10 {
		t.Errorf("the page is %d bytes for a 1 MiB message, want a preview", n)
	}
}
