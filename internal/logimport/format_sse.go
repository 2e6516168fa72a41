package logimport

import (
	"bytes"
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// An HTTP transcript: what "curl -N" prints of an event stream (event:,
// id: and data: lines, a blank line after each event), with the curl
// commands that sent the client's messages (-d '{…}') and, with -v, the
// request and response headers. Each event's data is a message from the
// server; the legacy HTTP+SSE transport of 2024-11-05 opens with an
// "endpoint" event whose data is the URL to POST to.
//
//	$ curl -N -H 'Accept: text/event-stream' http://127.0.0.1:8080/sse
//	event: endpoint
//	data: /messages?sessionId=abc
var sseWords = regexp.MustCompile(`^(?:event|data|id|retry): ?`)

// curlData finds the message a curl command sends.
var curlData = regexp.MustCompile(`(?:-d|--data(?:-raw|-binary)?)[ =](?:'([^']*)'|"((?:[^"\\]|\\.)*)")`)

const FormatSSE Format = "sse"

func init() {
	register(Spec{Name: FormatSSE, rank: 40,
		Label: map[i18n.Lang]string{i18n.EN: "HTTP transcript (curl -N of an event stream)", i18n.FR: "transcription HTTP (curl -N d’un flux d’événements)"},
		Sample: `event: endpoint
data: /messages?sessionId=abc

event: message
data: {"jsonrpc":"2.0","id":1,"result":{…}}`,
		detect: func(s *sniff) bool {
			data, framing := 0, 0
			for _, l := range s.lines {
				switch {
				case bytes.HasPrefix(l, []byte("data:")):
					data++
				case sseWords.Match(l):
					framing++
				}
			}
			return data > 0 && (framing > 0 || s.any("curl "))
		},
		read: (*reader).sse})
}

// sse reads an HTTP transcript.
func (r *reader) sse(src []byte) error {
	var data []byte
	dataLine, event := 0, ""
	flush := func() {
		if dataLine > 0 {
			r.sseEvent(dataLine, event, data)
		}
		data, dataLine, event = nil, 0, ""
	}
	for l := range splitLines(src) {
		if r.full() {
			return nil
		}
		t := bytes.TrimSpace(l.text)
		switch {
		case len(t) == 0:
			flush()
		case bytes.HasPrefix(t, []byte("data:")):
			d := bytes.TrimPrefix(bytes.TrimPrefix(t, []byte("data:")), []byte(" "))
			if dataLine == 0 {
				dataLine = l.n
			} else {
				data = append(data, '\n')
			}
			data = append(data, d...)
		case bytes.HasPrefix(t, []byte("event:")):
			event = strings.TrimSpace(string(t[len("event:"):]))
			r.context(l.n, ContextHTTP, t)
		case bytes.Contains(t, []byte("curl ")) && curlData.Match(t):
			r.curlCommand(l.n, t)
		default:
			r.note(l.n, t, ContextHTTP)
		}
	}
	flush()
	return nil
}

// sseEvent keeps the message of one event; an endpoint event (the legacy
// HTTP+SSE transport) is context.
func (r *reader) sseEvent(n int, event string, data []byte) {
	if event == "endpoint" || !looksLikeMessage(data) {
		r.note(n, append([]byte("data: "), data...), ContextHTTP)
		return
	}
	r.add(Entry{Line: n, From: grader.SenderServer, Raw: data, Run: r.runOf("")})
}

// curlCommand keeps the message a curl command posts.
func (r *reader) curlCommand(n int, t []byte) {
	r.context(n, ContextShell, t)
	m := curlData.FindSubmatch(t)
	body := m[1]
	if len(body) == 0 {
		body = []byte(strings.ReplaceAll(string(m[2]), `\"`, `"`))
	}
	if looksLikeMessage(body) {
		r.add(Entry{Line: n, From: grader.SenderClient, Raw: body, Run: r.runOf("")})
	}
}
