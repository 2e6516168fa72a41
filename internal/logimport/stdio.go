package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// stdio reads a raw stdio capture: newline-delimited messages, as one side
// wrote them (from is "client" or "server") or both sides interleaved
// (from is ""). A line that is not JSON on the server's stdout breaks the
// framing every client relies on: it is reported as such.
func (r *reader) stdio(src []byte, from string) {
	if from == "" && pretty(src) {
		r.jsonStream(src)
		return
	}
	r.lineByLine(src, noiseCode(from), from)
}

// noiseCode is the problem a non-JSON line raises: on what the server
// wrote (or an interleaved capture, where only a server prints banners and
// logs) it breaks stdio framing.
func noiseCode(from string) string {
	if from == grader.SenderClient {
		return codeNotJSON
	}
	return codeStdoutNoise
}

// mergePair interleaves what each side wrote. Where both sides' lines carry
// timestamps the order is theirs. Otherwise the order is the one a
// request–response protocol imposes: the server's answer comes once its
// request is sent, and what the server sends on its own (a notification,
// a request of its own) arrives while a client request is open.
func mergePair(c, s Result, max int) Result {
	out := Result{Format: FormatStdio, Problems: append(c.Problems, s.Problems...)}
	open := map[string]bool{}  // ids of client requests the server has not answered
	asked := map[string]bool{} // ids of server requests the client has not answered
	ci, si := 0, 0
	for ci < len(c.Entries) || si < len(s.Entries) {
		if len(out.Entries) == max {
			out.Truncated = true
			out.Problems = append(out.Problems, Problem{Code: codeTooMany, Entry: -1})
			break
		}
		var e Entry
		if si == len(s.Entries) || (ci < len(c.Entries) && clientFirst(c.Entries[ci], s.Entries[si], open, asked)) {
			e = c.Entries[ci]
			ci++
			track(peek(e.Raw), open, asked)
		} else {
			e = s.Entries[si]
			si++
			track(peek(e.Raw), asked, open)
		}
		out.Entries = append(out.Entries, e)
	}
	return out
}

// clientFirst decides whether the client's next message came before the
// server's next one.
// open holds the client's requests waiting for an answer, asked the
// server's.
func clientFirst(ce, se Entry, open, asked map[string]bool) bool {
	if !ce.Time.IsZero() && !se.Time.IsZero() {
		return !se.Time.Before(ce.Time)
	}
	if p := peek(ce.Raw); p.kind == kindResponse && asked[p.id] {
		return true // the server waits for this answer
	}
	if p := peek(se.Raw); p.kind == kindResponse {
		return !open[p.id]
	}
	return len(open) == 0
}

// track notes what a message of one side does to the requests in flight:
// mine are that side's requests, theirs the other side's.
func track(p peeked, mine, theirs map[string]bool) {
	switch p.kind {
	case kindRequest:
		mine[p.id] = true
	case kindResponse:
		delete(theirs, p.id)
	}
}

func init() {
	register(Spec{Name: FormatStdio, rank: 1000,
		Label: map[i18n.Lang]string{i18n.EN: "stdio capture (what went through the server’s stdin and stdout)", i18n.FR: "capture stdio (ce qui est passé par l’entrée et la sortie standard du serveur)"},
		Sample: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{…}}
{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25",…}}`,
		read: func(r *reader, src []byte) error { r.stdio(src, ""); return nil }})
}
