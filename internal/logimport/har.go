package logimport

import (
	"github.com/mcpplayground/playground/internal/i18n"

	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"time"
)

// harEntry is the part of a HAR 1.2 entry that carries MCP traffic.
type harEntry struct {
	Started string  `json:"startedDateTime"`
	Time    float64 `json:"time"` // milliseconds
	Request struct {
		Method   string      `json:"method"`
		URL      string      `json:"url"`
		Headers  []harHeader `json:"headers"`
		PostData *struct {
			MimeType string `json:"mimeType"`
			Text     string `json:"text"`
		} `json:"postData"`
	} `json:"request"`
	Response struct {
		Status int `json:"status"`
		// Error is what a browser records of a response that did not
		// come to its end ("net::ERR_ABORTED": the client closed it).
		Error   string      `json:"_error"`
		Headers []harHeader `json:"headers"`
		Content struct {
			Size     int64  `json:"size"`
			MimeType string `json:"mimeType"`
			Text     string `json:"text"`
			Encoding string `json:"encoding"`
		} `json:"content"`
	} `json:"response"`
}

type harHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// header returns the value of the named header, "" when absent.
func header(hs []harHeader, name string) string {
	for _, h := range hs {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

// har reads a HAR file of Streamable HTTP traffic: POST bodies are what
// the client sent, JSON replies and text/event-stream events what the
// server sent; the transport's own rules are checked on the way
// (hartransport.go).
func (r *reader) har(src []byte) error {
	start := entriesOffset(src)
	if start < 0 {
		return fmt.Errorf("%w: no log.entries", ErrNotFormat)
	}
	elems, err := arrayElements(src[start:])
	if err != nil && len(elems) == 0 {
		return err
	}
	if r.legacySSE(src, start, elems) {
		return nil
	}
	tr := &transport{r: r}
	for _, el := range elems {
		if r.full() {
			break
		}
		var he harEntry
		n := lineAt(src, start+el.off)
		if json.Unmarshal(el.raw, &he) != nil {
			r.problem(codeUnknownWrapper, n, -1, "")
			continue
		}
		r.harEntry(n, he, tr)
	}
	return nil
}

// entriesOffset is the offset of the array of log.entries, -1 without one.
func entriesOffset(src []byte) int {
	i := bytes.Index(src, []byte(`"entries"`))
	if i < 0 {
		return -1
	}
	j := bytes.IndexByte(src[i:], '[')
	if j < 0 {
		return -1
	}
	return i + j
}

// harEntry adds the messages of one HTTP exchange and checks its transport.
func (r *reader) harEntry(n int, he harEntry, tr *transport) {
	if !isMCPExchange(he) {
		return
	}
	sent := time.Time{}
	if t := parseTime(he.Started); !t.IsZero() {
		sent = t
	}
	first := len(r.res.Entries)
	if he.Request.PostData != nil && strings.TrimSpace(he.Request.PostData.Text) != "" {
		r.add(Entry{Line: n, From: grader.SenderClient, Raw: []byte(he.Request.PostData.Text), Time: sent})
	}
	clientPart := len(r.res.Entries)
	if aborted(he) {
		for i := first; i < clientPart; i++ {
			r.res.Entries[i].Closed = true
		}
	}
	got := sent
	if !sent.IsZero() {
		got = sent.Add(time.Duration(he.Time * float64(time.Millisecond)))
	}
	for _, msg := range responseMessages(he) {
		if !r.add(Entry{Line: n, From: grader.SenderServer, Raw: msg, Time: got}) {
			break
		}
	}
	tr.check(n, he, r.res.Entries[first:clientPart], first)
}

// isMCPExchange tells MCP traffic from the other requests a browser
// records (pages, scripts, OAuth).
func isMCPExchange(he harEntry) bool {
	if he.Request.PostData != nil && strings.Contains(he.Request.PostData.Text, `"jsonrpc"`) {
		return true
	}
	if header(he.Request.Headers, "Mcp-Session-Id") != "" || header(he.Request.Headers, "MCP-Protocol-Version") != "" {
		return true
	}
	return strings.HasPrefix(he.Response.Content.MimeType, "text/event-stream")
}

// responseMessages are the messages in a reply: one JSON body, or the data
// of each event of an event stream.
func responseMessages(he harEntry) [][]byte {
	body := he.Response.Content.Text
	if he.Response.Content.Encoding == "base64" {
		if b, err := base64.StdEncoding.DecodeString(body); err == nil {
			body = string(b)
		}
	}
	if strings.TrimSpace(body) == "" {
		return nil
	}
	if strings.HasPrefix(he.Response.Content.MimeType, "text/event-stream") {
		return sseData(body)
	}
	if strings.Contains(he.Response.Content.MimeType, "json") {
		return [][]byte{[]byte(body)}
	}
	return nil
}

// sseData returns the data of each event of a text/event-stream body
// whose type is "message" (or unnamed); priming events with no data are
// skipped.
func sseData(body string) [][]byte {
	var out [][]byte
	var data []string
	event := ""
	flush := func() {
		if len(data) > 0 && (event == "" || event == "message") {
			out = append(out, []byte(strings.Join(data, "\n")))
		}
		data, event = nil, ""
	}
	for _, l := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		switch {
		case l == "":
			flush()
		case strings.HasPrefix(l, "data:"):
			d := strings.TrimPrefix(strings.TrimPrefix(l, "data:"), " ")
			if d != "" || len(data) > 0 {
				data = append(data, d)
			}
		case strings.HasPrefix(l, "event:"):
			event = strings.TrimSpace(strings.TrimPrefix(l, "event:"))
		}
	}
	flush()
	return out
}

func init() {
	register(Spec{Name: FormatHAR, rank: 10,
		Label: map[i18n.Lang]string{i18n.EN: "HAR (a browser's or proxy's HTTP record)", i18n.FR: "HAR (l’enregistrement HTTP d’un navigateur ou d’un proxy)"},
		Sample: `{"log": {"entries": [{"request": {"method": "POST", "url": "http://127.0.0.1:8080/mcp",
  "postData": {"text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}}, "response": {…}}]}}`,
		detect: func(s *sniff) bool { return len(s.text) > 0 && s.text[0] == '{' && isHAR(s.text) },
		read:   (*reader).har})
}

// isHAR reports whether t is a HAR document.
func isHAR(t []byte) bool {
	var h struct {
		Log *struct {
			Entries json.RawMessage `json:"entries"`
		} `json:"log"`
	}
	return json.Unmarshal(t, &h) == nil && h.Log != nil && len(h.Log.Entries) > 0
}

// aborted reports whether the client closed the response before it ended:
// a browser records no status, or an error such as net::ERR_ABORTED.
func aborted(he harEntry) bool {
	return he.Response.Status == 0 || strings.Contains(he.Response.Error, "ABORTED") || strings.Contains(he.Response.Error, "CANCELED")
}
