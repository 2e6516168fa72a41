package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"

	"encoding/json"
	"strings"
)

// legacySSE reads a HAR of 2024-11-05's HTTP+SSE transport: the client
// opens an event stream (GET) whose first event, "endpoint", names the URL
// to POST its messages to; each POST is answered 202, and every message of
// the server comes on the one stream. A HAR keeps that stream as one
// response, with no time for each event, so the server's messages are put
// back in the conversation's order as a stdio capture in two files is
// (mergePair: an answer after its request, what the server sends on its
// own while a request is open). It reports false when the HAR has no
// endpoint event: Streamable HTTP is read entry by entry.
func (r *reader) legacySSE(src []byte, start int, elems []element) bool {
	var streams, posts []harLine
	for _, el := range elems {
		var he harEntry
		if json.Unmarshal(el.raw, &he) != nil {
			continue
		}
		n := lineAt(src, start+el.off)
		body := he.Response.Content.Text
		if strings.HasPrefix(he.Response.Content.MimeType, "text/event-stream") && strings.Contains(body, "event: endpoint") {
			streams = append(streams, harLine{n, he})
		} else if he.Request.Method == "POST" && he.Request.PostData != nil && strings.Contains(he.Request.PostData.Text, `"jsonrpc"`) {
			posts = append(posts, harLine{n, he})
		}
	}
	if len(streams) == 0 {
		return false
	}
	c := &reader{res: Result{Format: FormatHAR}, max: r.max}
	for _, p := range posts {
		c.add(Entry{Line: p.n, From: grader.SenderClient, Raw: []byte(p.he.Request.PostData.Text), Time: parseTime(p.he.Started)})
	}
	s := &reader{res: Result{Format: FormatHAR}, max: r.max}
	for _, st := range streams {
		for _, msg := range responseMessages(st.he) {
			s.add(Entry{Line: st.n, From: grader.SenderServer, Raw: msg})
		}
	}
	merged := mergePair(c.res, s.res, r.max)
	r.res.Entries, r.res.Truncated = merged.Entries, merged.Truncated
	r.res.Problems = append(r.res.Problems, merged.Problems...)
	r.context(streams[0].n, ContextHTTP, []byte("event: endpoint (HTTP+SSE, 2024-11-05)"))
	return true
}

// harLine is a HAR entry with the line where it starts.
type harLine struct {
	n  int
	he harEntry
}
