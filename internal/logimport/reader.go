package logimport

import (
	"bytes"
	"iter"
	"unicode/utf8"
)

// reader collects what one Read finds.
type reader struct {
	res Result
	max int
	// persp is, for each entry, what the log's words said of its sender
	// seen from the log's writer: +1 it sent it, -1 it received it.
	persp []int8
	// shutdown is true once the log says the client is stopping the
	// server: its exit is then no failure.
	shutdown bool
	// lastFailure and lastFailureAt keep a failure from being reported
	// once per line of the same stack trace.
	lastFailure     string
	lastFailureAt   int
	lastFailurePeer string
	// peer is the server the line being read is about, where the format
	// names it.
	peer string
	runs map[string]*runState
	// inTrace is true from a crash to the next message: the lines of its
	// stack trace are the server's stderr.
	inTrace bool
	// labelled is, for each entry, whether a side's name in the log's
	// words gave its sender (recipientLabels).
	labelled []bool
	// sdkObjects counts the lines that print a message otherwise than as
	// JSON (ContextSDKObject): a text of nothing else says so.
	sdkObjects int
	// lastRefusedAt is one more than the number of entries read when an
	// HTTP refusal was last said: a refusal is said once per request.
	lastRefusedAt int
	// lastNoiseLine is the line of the client's last complaint about the
	// server's stdout, or about a server that went away.
	lastNoiseLine int
}

// add keeps e unless MaxMessages is reached; it reports whether reading
// should go on.
func (r *reader) add(e Entry) bool {
	if len(r.res.Entries) >= r.max {
		if !r.res.Truncated {
			r.res.Truncated = true
			r.problem(codeTooMany, e.Line, -1, "")
		}
		return false
	}
	r.res.Entries = append(r.res.Entries, e)
	return true
}

// full reports whether MaxMessages has stopped the reading.
func (r *reader) full() bool { return r.res.Truncated }

// problem records a finding about the log; entry is the index of the
// message concerned, or -1.
func (r *reader) problem(code string, line, entry int, detail string) {
	if len(r.res.Problems) >= maxProblems {
		return
	}
	r.res.Problems = append(r.res.Problems, Problem{Code: code, Line: line, Entry: entry, Detail: clip(detail)})
}

// last is the index of the last entry kept, for a problem about it.
func (r *reader) last() int { return len(r.res.Entries) - 1 }

// finish works out the senders the log did not give and masks secrets
// (in the messages, the problems' details and the context lines).
func (r *reader) finish() {
	r.elisions()
	r.recipientLabels()
	r.resolveWriter()
	splitRuns(r.res.Entries)
	inferSenders(r.res.Entries)
	r.negotiate()
	r.timedOutCancels()
	var scratch []byte
	for i := range r.res.Entries {
		r.res.Entries[i].Raw, scratch = maskWith(r.res.Entries[i].Raw, scratch)
	}
	for i := range r.res.Problems {
		r.res.Problems[i].Detail = string(Mask([]byte(r.res.Problems[i].Detail)))
	}
	for i := range r.res.Context {
		r.res.Context[i].Text = string(Mask([]byte(r.res.Context[i].Text)))
	}
}

// maxProblems bounds the problems one log can raise: a log of 100,000
// lines of noise says so 200 times, then stops repeating itself.
const maxProblems = 200

// line is one line of a text with its 1-based number.
type line struct {
	n    int
	text []byte
}

// splitLines yields the lines of src, without their "\n" or "\r\n",
// after a byte order mark at the very start. It yields them one at a time,
// so that a text of millions of lines costs no memory beside itself.
func splitLines(src []byte) iter.Seq[line] {
	return func(yield func(line) bool) {
		src := bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
		for n := 1; len(src) > 0; n++ {
			i := bytes.IndexByte(src, '\n')
			var t []byte
			if i < 0 {
				t, src = src, nil
			} else {
				t, src = src[:i], src[i+1:]
			}
			if !yield(line{n: n, text: bytes.TrimSuffix(t, []byte("\r"))}) {
				return
			}
		}
	}
}

// lineAt is the 1-based line of byte offset off in src.
func lineAt(src []byte, off int) int {
	if off > len(src) {
		off = len(src)
	}
	return bytes.Count(src[:off], []byte("\n")) + 1
}

// isBinary reports whether src looks like a binary file rather than text:
// it holds NUL bytes, or mostly bytes that are not UTF-8.
func isBinary(src []byte) bool {
	head := src
	if len(head) > 8192 {
		head = head[:8192]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	bad := 0
	for len(head) > 0 {
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size == 1 {
			bad++
		}
		head = head[size:]
	}
	return bad > 64
}

// clip shortens a detail to what a report line can show.
func clip(s string) string {
	const max = 120
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// splitRuns starts another run of a server where the client initializes
// it again within one run: a client that starts the same server twice
// logs both processes into one file, and each is a conversation of its
// own, judged alone.
func splitRuns(entries []Entry) {
	type state struct {
		run, extra int
		inited     bool
	}
	peers := map[string]*state{}
	for i := range entries {
		e := &entries[i]
		st := peers[e.Peer]
		if st == nil {
			st = &state{run: e.Run}
			peers[e.Peer] = st
		}
		if e.Run != st.run {
			st.run, st.inited = e.Run, false
		}
		if p := peek(e.Raw); p.kind == kindRequest && p.method == "initialize" {
			if st.inited {
				st.extra++
			}
			st.inited = true
		}
		e.Run += st.extra
	}
}
