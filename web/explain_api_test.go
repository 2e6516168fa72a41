package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/i18n"
)

// repeatReader gives n bytes of pattern without holding them in memory.
type repeatReader struct {
	pattern []byte
	n, off  int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < r.n {
		p[k] = r.pattern[r.off%int64(len(r.pattern))]
		k++
		r.off++
	}
	return k, nil
}

// explainPost sends body to the explain API; declared says whether the
// request states its Content-Length (else it is sent chunked).
func explainPost(t *testing.T, e *testEnv, query string, body io.Reader, size int64, declared bool) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/explain"+query, body)
	req.ContentLength = -1
	if declared {
		req.ContentLength = size
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func tinyMessages(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
	}
	return b.Bytes()
}

func harWithBody(n int) []byte {
	body := strings.Repeat("a", n)
	return []byte(`{"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"entries":[{"startedDateTime":"2026-12-01T10:00:00.000Z","request":{"method":"POST","url":"http://127.0.0.1:8080/mcp","headers":[],"postData":{"mimeType":"application/json","text":"` + body + `"}},"response":{"status":200,"headers":[],"content":{"size":0,"mimeType":"application/json","text":""}}}]}}`)
}

// TestExplainAPIBadInput: whatever comes in, the answer is a clear 200,
// 400 or 413, never a 500.
func TestExplainAPIBadInput(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	const mib = 1 << 20
	fixture, err := os.ReadFile("../internal/logimport/testdata/console-export.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	invalidUTF8 := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"caf` + "\xe9" + `"}}` + "\n")
	cases := []struct {
		name     string
		query    string
		body     func() (io.Reader, int64)
		declared bool
		status   int
		inError  string
	}{
		{name: "a fixture", body: fixed(fixture), declared: true, status: 200},
		{name: "empty", body: fixed(nil), declared: true, status: 400, inError: "empty"},
		{name: "a binary file", body: fixed(append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 2000)...)), declared: true, status: 400, inError: "not text"},
		{name: "mostly invalid UTF-8", body: fixed(bytes.Repeat([]byte{0xff, 0xfe, 'a'}, 500)), declared: true, status: 400, inError: "not text"},
		{name: "a little invalid UTF-8 is explained", body: fixed(invalidUTF8), declared: true, status: 200},
		{name: "50 MB, declared", body: repeated("{}\n", 50*mib), declared: true, status: 413, inError: "5\u00a0MiB"},
		{name: "50 MB, chunked", body: repeated("{}\n", 50*mib), status: 413, inError: "5\u00a0MiB"},
		{name: "one 20 MB line", body: repeated("a", 20*mib), status: 413},
		{name: "a HAR with a 10 MB body", body: fixed(harWithBody(10 * mib)), declared: true, status: 413},
		{name: "unknown format", query: "?format=xml", body: fixed(fixture), declared: true, status: 400, inError: "xml"},
		{name: "unknown revision", query: "?protocol=2024-01-01", body: fixed(fixture), declared: true, status: 400, inError: "2024-01-01"},
		{name: "unknown language", query: "?lang=de", body: fixed(fixture), declared: true, status: 400},
		{name: "not the format asked for", query: "?format=har", body: fixed(fixture), declared: true, status: 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, size := c.body()
			rec := explainPost(t, e, c.query, body, size, c.declared)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, clipBody(rec.Body.String()))
			}
			if c.status == 200 {
				var rep explain.Report
				if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil || rep.Summary.Messages == 0 {
					t.Fatalf("report: %v, %s", err, clipBody(rec.Body.String()))
				}
				return
			}
			var got struct {
				Error string `json:"error"`
				Limit int64  `json:"limit"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Error == "" {
				t.Fatalf("error body: %v, %s", err, clipBody(rec.Body.String()))
			}
			if !strings.Contains(got.Error, c.inError) {
				t.Errorf("error %q lacks %q", got.Error, c.inError)
			}
			if c.status == 413 && got.Limit != 5*mib {
				t.Errorf("limit %d, want %d", got.Limit, 5*mib)
			}
		})
	}
}

// A log of 100,000 tiny messages is explained up to the cap, and says so.
func TestExplainAPIMessageCap(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ExplainMaxMessages: 1000})
	src := tinyMessages(100_000)
	rec := explainPost(t, e, "", bytes.NewReader(src), int64(len(src)), true)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, clipBody(rec.Body.String()))
	}
	var rep explain.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	capped := false
	for _, f := range rep.Findings {
		capped = capped || f.Code == "log.too-many-messages"
	}
	if !rep.Truncated || rep.Summary.Messages != 1000 || !capped {
		t.Errorf("truncated %v, %d messages, finding %v", rep.Truncated, rep.Summary.Messages, capped)
	}
}

// The API answers the same JSON as the explain package, in the language
// asked for.
func TestExplainAPIAnswersTheReport(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	src, err := os.ReadFile("../internal/logimport/testdata/gift-session.har")
	if err != nil {
		t.Fatal(err)
	}
	rec := explainPost(t, e, "?lang=fr&format=har", bytes.NewReader(src), int64(len(src)), true)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, clipBody(rec.Body.String()))
	}
	want, err := explain.Explain(src, explain.Options{Lang: i18n.FR})
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(want)
	var got, exp any
	_ = json.Unmarshal(rec.Body.Bytes(), &got)
	_ = json.Unmarshal(wantJSON, &exp)
	if fmt.Sprint(got) != fmt.Sprint(exp) {
		t.Errorf("the API's report differs from the package's")
	}
	for _, key := range []string{`"format":"har"`, `"summary":`, `"answered_by":`, `"findings":`, "Mcp-Session-Id"} {
		if !strings.Contains(rec.Body.String(), key) {
			t.Errorf("report lacks %s", key)
		}
	}
}

func fixed(b []byte) func() (io.Reader, int64) {
	return func() (io.Reader, int64) { return bytes.NewReader(b), int64(len(b)) }
}

func repeated(pattern string, n int64) func() (io.Reader, int64) {
	return func() (io.Reader, int64) { return &repeatReader{pattern: []byte(pattern), n: n}, n }
}

func clipBody(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
