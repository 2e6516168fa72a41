package mockserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcpplayground/playground/lessons"
)

// The transports lesson shows real HTTP exchanges with the gift server, as
// ```http blocks: a request, then the response it gets. This test sends each
// request, in the lesson's order, to one gift server at /mcp and fails when
// an answer drifts from the lesson: the status line, every header the lesson
// shows (the session id only has to be there: the server picks its own, which
// the test then sends where the lesson sends its placeholder), and the body:
// the same JSON-RPC message (the lesson's values contained in the server's),
// or the same SSE events in the same order.

// transportsLesson is the lesson whose exchanges are replayed.
const transportsLesson = "13-transports.md"

// httpBlock is one ```http block of a lesson.
type httpBlock struct {
	line    int
	start   string // "POST /mcp HTTP/1.1" or "HTTP/1.1 200 OK"
	headers http.Header
	body    string
}

// httpBlocks reads the ```http blocks of a lesson, in order.
func httpBlocks(t *testing.T, text string) []httpBlock {
	t.Helper()
	var out []httpBlock
	var cur *httpBlock
	var body []string
	inBody := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```http":
			cur, body, inBody = &httpBlock{line: n, headers: http.Header{}}, nil, false
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.body = strings.Join(body, "\n")
			out = append(out, *cur)
			cur = nil
		case cur == nil:
		case cur.start == "":
			cur.start = line
		case inBody:
			body = append(body, line)
		case line == "":
			inBody = true
		default:
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				t.Fatalf("%s:%d: %q is neither a header nor a blank line", transportsLesson, n, line)
			}
			cur.headers.Add(k, strings.TrimSpace(v))
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: unclosed ```http block", transportsLesson, cur.line)
	}
	return out
}

// sseData returns the id and data of each SSE event of a stream.
func sseEvents(body string) [][2]string {
	var out [][2]string
	for _, ev := range strings.Split(strings.TrimSpace(strings.ReplaceAll(body, "\r\n", "\n")), "\n\n") {
		var id, data string
		for _, l := range strings.Split(ev, "\n") {
			if v, ok := strings.CutPrefix(l, "id:"); ok {
				id = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(l, "data:"); ok {
				data = strings.TrimSpace(v)
			}
		}
		out = append(out, [2]string{id, data})
	}
	return out
}

// jsonDiffs compares a lesson's JSON-RPC message with the server's.
func jsonDiffs(want, got string) []string {
	if strings.TrimSpace(want) == "" && strings.TrimSpace(got) == "" {
		return nil
	}
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return []string{fmt.Sprintf("the lesson's body is not JSON: %v", err)}
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		return []string{fmt.Sprintf("the server's body is not JSON: %v: %q", err, got)}
	}
	return contains(w, g, "")
}

// exchangeDiffs sends one lesson request and compares the answer with the
// lesson's response; sessions maps the lesson's session ids to the server's.
func exchangeDiffs(t *testing.T, base string, req, resp httpBlock, sessions map[string]string) []string {
	t.Helper()
	method, path, _ := strings.Cut(req.start, " ")
	path, _, _ = strings.Cut(path, " ")
	r, err := http.NewRequest(method, base+path, strings.NewReader(req.body))
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range req.headers {
		for _, v := range vs {
			if real, ok := sessions[v]; ok && k == HeaderSessionID {
				v = real
			}
			r.Header.Add(k, v)
		}
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	var diffs []string
	if status := "HTTP/1.1 " + res.Status; status != resp.start {
		diffs = append(diffs, fmt.Sprintf("status: lesson %q, server %q", resp.start, status))
	}
	for k := range resp.headers {
		want, have := resp.headers.Get(k), res.Header.Get(k)
		switch {
		case k == HeaderSessionID && have != "":
			sessions[want] = have
		case !strings.HasPrefix(have, want):
			diffs = append(diffs, fmt.Sprintf("header %s: lesson %q, server %q", k, want, have))
		}
	}
	if !strings.HasPrefix(resp.headers.Get("Content-Type"), "text/event-stream") {
		return append(diffs, jsonDiffs(resp.body, string(got))...)
	}
	want, have := sseEvents(resp.body), sseEvents(string(got))
	if len(want) != len(have) {
		return append(diffs, fmt.Sprintf("SSE events: lesson %d, server %d:\n%s", len(want), len(have), got))
	}
	for i := range want {
		if want[i][0] != have[i][0] {
			diffs = append(diffs, fmt.Sprintf("event %d: id %q, server %q", i+1, want[i][0], have[i][0]))
		}
		for _, d := range jsonDiffs(want[i][1], have[i][1]) {
			diffs = append(diffs, fmt.Sprintf("event %d: %s", i+1, d))
		}
	}
	return diffs
}

func TestTransportsLessonHTTPExchanges(t *testing.T) {
	src, err := fs.ReadFile(lessons.FS, "en/"+transportsLesson)
	if err != nil {
		t.Fatal(err)
	}
	blocks := httpBlocks(t, string(src))
	if len(blocks) < 12 || len(blocks)%2 != 0 {
		t.Fatalf("%s has %d ```http blocks; want request/response pairs, at least 6", transportsLesson, len(blocks))
	}
	h := NewHTTPHandler(newTestServer(Config{}), HTTPConfig{})
	defer h.Close()
	ts := httptest.NewServer(h)
	defer ts.Close()
	sessions := map[string]string{}
	for i := 0; i < len(blocks); i += 2 {
		req, resp := blocks[i], blocks[i+1]
		if !strings.HasPrefix(resp.start, "HTTP/") || strings.HasPrefix(req.start, "HTTP/") {
			t.Fatalf("%s:%d: expected a request block followed by a response block", transportsLesson, req.line)
		}
		if diffs := exchangeDiffs(t, ts.URL, req, resp, sessions); len(diffs) > 0 {
			t.Errorf("%s:%d: the gift server's answer drifted from the lesson:\n  %s", transportsLesson, resp.line, strings.Join(diffs, "\n  "))
		}
	}
	if len(sessions) == 0 {
		t.Error("no exchange created a session: the replay compared nothing that depends on one")
	}
}

// The French lesson shows the very same exchanges, byte for byte.
func TestTransportsLessonSameExchangesInFrench(t *testing.T) {
	read := func(file string) []httpBlock {
		src, err := fs.ReadFile(lessons.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		bs := httpBlocks(t, string(src))
		for i := range bs {
			bs[i].line = 0
		}
		return bs
	}
	if diff := cmp.Diff(read("en/"+transportsLesson), read("fr/"+transportsLesson), cmp.AllowUnexported(httpBlock{})); diff != "" {
		t.Errorf("the English and French lessons show different exchanges (-en +fr):\n%s", diff)
	}
}

// The comparison itself can fail: a drifted status, header or event is seen.
func TestExchangeDiffsSeesDrift(t *testing.T) {
	h := NewHTTPHandler(newTestServer(Config{}), HTTPConfig{})
	defer h.Close()
	ts := httptest.NewServer(h)
	defer ts.Close()
	req := httpBlock{start: "POST /mcp HTTP/1.1", headers: http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}},
		body: `{"jsonrpc":"2.0","id":1,"method":"ping"}`}
	for name, resp := range map[string]httpBlock{
		"status": {start: "HTTP/1.1 200 OK", headers: http.Header{}, body: `{"jsonrpc":"2.0","id":1,"error":{"code":-32600}}`},
		"header": {start: "HTTP/1.1 400 Bad Request", headers: http.Header{"Content-Type": {"text/event-stream"}}, body: "id: 1_0\ndata: {}"},
		"body":   {start: "HTTP/1.1 400 Bad Request", headers: http.Header{"Content-Type": {"application/json"}}, body: `{"jsonrpc":"2.0","error":{"code":-32601}}`},
	} {
		if diffs := exchangeDiffs(t, ts.URL, req, resp, map[string]string{}); len(diffs) == 0 {
			t.Errorf("%s: a drifted answer was not seen", name)
		}
	}
	if got := sseEvents("id: 2_0\nretry: 1000\ndata: \n\nid: 2_1\ndata: {\"a\":1}\n"); !bytes.Equal([]byte(fmt.Sprint(got)), []byte(`[[2_0 ] [2_1 {"a":1}]]`)) {
		t.Errorf("sseEvents = %v", got)
	}
}
