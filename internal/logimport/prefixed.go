package logimport

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"

	"github.com/mcpplayground/playground/internal/grader"
)

// lineStyle is how one format writes its lines, for the reader that finds
// a message after a prefix (prefixedLines).
type lineStyle struct {
	// head matches the header of a line; its named groups "time", "level"
	// and "peer" are read, and the text is what follows the match. A line
	// it does not match continues the one before (a message printed over
	// several lines, a stack trace) or, with bare set, is a line of that
	// kind (Claude Desktop copies the server's stderr without a header).
	// nil: every line is read whole.
	head *regexp.Regexp
	bare string
	// writer is who writes the log when the format says ("client" for a
	// client's own log): "sending" and "received" are read from its side.
	writer string
	// kind is the context kind of the log's own lines.
	kind string
	// peerOf reads the server's name from a line's text, when the format
	// writes it there rather than in the header.
	peerOf func(text []byte) string
	// serverSays matches the words before a message the server sent
	// although the writer's words would say otherwise: VS Code quotes
	// the body of an HTTP error the server answered ("400 status sending
	// message to URL: {…}").
	serverSays *regexp.Regexp
	// stderr matches the text of a line that copies the server's stderr
	// under a label of the format's own (Cursor's "user-NAME: …").
	stderr *regexp.Regexp
	// own matches the client's own words, which stay its own under the
	// stderr label (Cursor's newer lines carry the server's whole
	// identifier before "Client error for command …").
	own *regexp.Regexp
	// untimed is the kind of a line whose header holds no time and whose
	// text is not indented: LibreChat under Docker Compose writes
	// "LibreChat | " before its own records and before the server's
	// stderr alike, and only its own carry a time. An indented line goes
	// on with the record before it.
	untimed string
	// wrapped matches a line without a header that goes on with the one
	// before it, and is of its kind: LM Studio copies a server's stderr
	// after its own header, and the server's logger wraps it onto deeply
	// indented lines.
	wrapped *regexp.Regexp
}

// maxCollect bounds a message printed over several lines: past it, the
// message is taken as cut short.
const maxCollect = 1 << 20

// prefixed is the state of one prefixedLines read.
type prefixed struct {
	r    *reader
	st   lineStyle
	peer string
	ts   string
	pid  string
	// pending is the sender a line without a message announced for the
	// message on the next line (mcp-remote writes "[Local→Remote]
	// initialize", then the message).
	pending     sender
	pendingLine int
	// bareKind is the kind the last line without a header was named,
	// for the lines that go on with it (lineStyle.wrapped).
	bareKind string
	// open is a message being collected over several lines.
	open     []byte
	openLine int
	openFrom sender
	openPeer string
	openTS   string
	depth    depthScanner
}

// sender is what a line's words say of who sent its message.
type sender struct {
	from  string // "client" or "server" when the words say so
	persp int8   // +1 the log's writer sent it, -1 it received it
}

// prefixedLines reads a log whose lines hold a message after a prefix (a
// timestamp, a level, a logger's name, words saying the direction), and
// names every other line (notes.go).
func (r *reader) prefixedLines(src []byte, st lineStyle) {
	p := &prefixed{r: r, st: st}
	if p.st.kind == "" {
		p.st.kind = ContextClientLog
	}
	for l := range splitLines(src) {
		if r.full() {
			return
		}
		p.line(l)
	}
	if p.open != nil {
		p.endOfLog()
	}
}

// endOfLog ends the message the log stops in the middle of: what the
// paste or the file cut is no fault of its sender, so the message is read
// as far as it goes (closed where it stops, Entry.Cut), and said cut short.
func (p *prefixed) endOfLog() {
	raw, ok := closePreview(p.open)
	if !ok {
		p.emit(p.open, false)
		return
	}
	line := p.openLine
	p.emit(raw, true)
	if last := p.r.last(); last >= 0 && p.r.res.Entries[last].Line == line {
		p.r.res.Entries[last].Cut = true
		p.r.problem(codeTruncated, p.r.res.Entries[last].Line, last, "")
	}
}

// line reads one line of the log.
func (p *prefixed) line(l line) {
	text, headed := l.text, true
	if p.st.head != nil {
		m := p.st.head.FindSubmatchIndex(l.text)
		if m == nil || m[1] == 0 {
			headed = false
		}
		if m != nil {
			p.header(l.text, m)
			text = l.text[m[1]:]
		}
	}
	if p.open != nil {
		if !headed {
			p.more(l.text)
			return
		}
		p.emit(p.open, false) // a new header: the message was cut short
	}
	if !headed && p.st.bare != "" {
		p.r.note(l.n, text, p.bareKindOf(l.text))
		return
	}
	if headed && p.st.untimed != "" && p.ts == "" && len(bytes.TrimLeft(text, " \t")) == len(text) {
		p.r.note(l.n, text, p.st.untimed)
		return
	}
	p.text(l.n, text)
}

// bareKindOf is the kind of a line without a header: the format's, or the
// kind of the line it goes on with.
func (p *prefixed) bareKindOf(t []byte) string {
	kind := p.st.bare
	switch {
	case p.st.wrapped != nil && p.st.wrapped.Match(t) && p.bareKind != "":
		kind = p.bareKind
	case stderrLine.Match(t):
		kind = ContextStderr
	}
	p.bareKind = kind
	return kind
}

// header reads the named groups of a header match.
func (p *prefixed) header(t []byte, m []int) {
	p.ts = ""
	for i, name := range p.st.head.SubexpNames() {
		if m[2*i] < 0 {
			continue
		}
		switch v := string(t[m[2*i]:m[2*i+1]]); name {
		case "time":
			p.ts = v
		case "peer":
			p.peer = v
		case "pid":
			if p.pid != "" && v != p.pid {
				p.r.started(p.peer)
			}
			p.pid = v
		}
	}
}

// text reads the text of a line after its header.
func (p *prefixed) text(n int, text []byte) {
	if p.st.peerOf != nil {
		if peer := p.st.peerOf(text); peer != "" {
			p.peer = peer
		}
	}
	p.r.peer = p.peer
	if startLine.Match(text) {
		p.r.started(p.peer)
	}
	at, end, quoted := findMessage(text)
	if at < 0 && p.sdkObject(n, text) {
		return
	}
	if at < 0 {
		kind := p.st.kind
		if p.st.stderr != nil && p.st.stderr.Match(text) && (p.st.own == nil || !p.st.own.Match(text)) {
			kind = ContextStderr
		}
		p.r.note(n, text, kind)
		if s := senderWords(string(text)); s != (sender{}) && len(text) < 200 && bytes.ContainsAny(text, "→←<>") {
			p.pending, p.pendingLine = s, n
		}
		return
	}
	s := senderWords(string(text[:at]))
	status := ""
	if p.st.serverSays != nil && p.st.serverSays.Match(text[:at]) {
		s = sender{from: grader.SenderServer}
		if status = eventDetail(EventRefused, text[:at]); status != "" {
			p.r.event(n, EventRefused, text[:at])
		}
	}
	defer p.sessionGone(n, status)
	if s == (sender{}) && p.pendingLine == n-1 {
		s = p.pending
	}
	p.pending = sender{}
	body := text[at:]
	switch {
	case quoted:
		p.add(n, s, unquote(body[:end]), true)
	case end < 0 && p.preview(n, s, body):
	case end < 0 && parseComplaint.Match(text[:at]):
		// Node's complaint, then the record's metadata printed over the
		// next lines ("… at position 4 {"): no message opens there.
		p.r.note(n, text, p.st.kind)
	case end < 0:
		p.open, p.openLine, p.openFrom, p.openPeer, p.openTS = append([]byte{}, body...), n, s, p.peer, p.ts
		p.depth = depthScanner{}
		p.depth.feed(body)
	default:
		p.add(n, s, body[:end], true)
	}
}

// sessionGone notes, on the message just read from line n, that the
// server answered it with HTTP 404: the session has ended on its side.
func (p *prefixed) sessionGone(n int, status string) {
	if last := p.r.last(); status == "404" && last >= 0 && p.r.res.Entries[last].Line == n {
		p.r.problem(codeHTTPSessionExpired, n, last, "")
	}
}

// preview reads a message the client logged only the start of, marking
// the cut at the end of the line (previewCut): it ends there, and the next
// line is no part of it. It reports whether body was one.
func (p *prefixed) preview(n int, s sender, body []byte) bool {
	loc := previewCut.FindIndex(body)
	if loc == nil {
		return false
	}
	raw, ok := closePreview(body[:loc[0]])
	if !ok {
		return false
	}
	p.add(n, s, raw, true)
	if last := p.r.last(); last >= 0 && p.r.res.Entries[last].Line == n {
		p.r.res.Entries[last].Cut = true
		p.r.problem(codePreview, n, last, string(body))
	}
	return true
}

// sdkObject reads a message the Python SDK printed as its object
// (pyrepr.go), or names a line that prints one that cannot be read back;
// it reports whether the line was one. The same message printed again
// just after its JSON (the SDK's server logs "Received JSON" then
// "Validated client message") is not a second message.
func (p *prefixed) sdkObject(n int, text []byte) bool {
	if at, raw, ok := pyMessage(text); ok {
		if p.repeats(n, raw) {
			p.r.context(n, ContextSDKObject, text)
			return true
		}
		p.pending = sender{}
		p.add(n, senderWords(string(text[:at])), raw, true)
		return true
	}
	if sdkObject.Match(text) {
		p.r.context(n, ContextSDKObject, text)
		return true
	}
	return false
}

// repeats reports whether raw is the message read on one of the few lines
// before line n.
func (p *prefixed) repeats(n int, raw []byte) bool {
	es := p.r.res.Entries
	if len(es) == 0 || es[len(es)-1].Line < n-3 {
		return false
	}
	var a, b any
	return json.Unmarshal(es[len(es)-1].Raw, &a) == nil && json.Unmarshal(raw, &b) == nil && reflect.DeepEqual(a, b)
}

// more adds a line to the message being collected, and ends it when it
// closes.
func (p *prefixed) more(t []byte) {
	p.open = append(p.open, '\n')
	start := len(p.open)
	p.open = append(p.open, t...)
	if end := p.depth.feed(p.open[start:]); end >= 0 {
		p.emit(p.open[:start+end], true)
		return
	}
	if len(p.open) > maxCollect {
		p.emit(p.open, false)
	}
}

// emit adds the collected message.
func (p *prefixed) emit(raw []byte, complete bool) {
	peer, ts := p.peer, p.ts
	p.peer, p.ts = p.openPeer, p.openTS
	p.add(p.openLine, p.openFrom, raw, complete)
	p.peer, p.ts = peer, ts
	p.open = nil
}

// add keeps one message.
func (p *prefixed) add(n int, s sender, raw []byte, complete bool) {
	e := Entry{Line: n, From: s.from, Raw: raw, Time: parseTime(p.ts), Peer: p.peer}
	if e.From == "" && s.persp != 0 && p.st.writer != "" {
		e.From = p.st.writer
		if s.persp < 0 {
			e.From = other(p.st.writer)
		}
	}
	e.Run = p.r.runOf(e.Peer)
	if !p.r.add(e) {
		return
	}
	p.r.setPersp(len(p.r.res.Entries)-1, s.persp, e.From)
	if s.from != "" {
		p.r.setLabelled(len(p.r.res.Entries) - 1)
	}
	if !complete {
		p.r.problem(codeTruncated, n, p.r.last(), "")
	}
}

// findMessage finds a JSON-RPC message in a line's text: an object (or a
// batch) whose members say it is one, or a Go-quoted string holding one
// (slog's and logfmt's message="{\"jsonrpc\"…}"). at is where it starts
// (-1: none), end the offset past it in text[at:] (-1: it goes on over the
// next lines).
//
// Each try reads to where its value closes, up to the end of the line, so
// the tries are bounded (maxTries, and only where JSON could start): a
// hostile line of "{{{{…" or "-> {-> {…" costs a few passes over it, not
// one per brace.
func findMessage(t []byte) (at, end int, quoted bool) {
	tries := 0
	for i := 0; i < len(t) && tries < maxTries; i++ {
		switch t[i] {
		case '{':
			if !objectCanStart(t, i+1) || opensInnerValue(t, i) {
				continue
			}
			tries++
			if e, ok := objectAt(t[i:]); ok {
				return i, e, false
			}
		case '[':
			if j := skipSpace(t, i+1); j < len(t) && t[j] == '{' && objectCanStart(t, j+1) {
				tries++
				if e, ok := objectAt(t[i:]); ok {
					return i, e, false
				}
			}
		case '"':
			if bytes.HasPrefix(t[i:], []byte(`"{\"`)) || bytes.HasPrefix(t[i:], []byte(`"[{\"`)) {
				tries++
				if q, err := strconv.QuotedPrefix(string(t[i:])); err == nil && looksLikeMessage(unquote([]byte(q))) {
					return i, len(q), true
				}
			}
		}
	}
	return -1, 0, false
}

// maxTries is how many places of one line findMessage reads as a value:
// a log prefix holds a few braces of its own (tracing's span{…}, a Rust
// struct), never dozens.
const maxTries = 16

// objectCanStart reports whether what follows a "{" at t[i:] can open a
// JSON object: a member's name, the closing brace, or the end of the line
// (a message that goes on over the next lines).
func objectCanStart(t []byte, i int) bool {
	j := skipSpace(t, i)
	return j == len(t) || t[j] == '"' || t[j] == '}' || t[j] == '\r'
}

// opensInnerValue reports whether the "{" at t[i], last on its line,
// opens a value inside something printed before it rather than a
// message going on over the next lines: a member's value (`"notes": {`,
// LibreChat printing its config over several lines) or a struct's Debug
// (rmcp's `JsonRpcRequest {`, whose members are no JSON).
func opensInnerValue(t []byte, i int) bool {
	if skipSpace(t, i+1) < len(t) {
		return false
	}
	j := i
	for j > 0 && t[j-1] == ' ' {
		j--
	}
	if j >= 2 && t[j-1] == ':' && t[j-2] == '"' {
		return true
	}
	if j >= 2 && t[j-1] == ':' && isIdentByte(t[j-2]) {
		// Node printing an object: `  metadata: {`, the key alone on
		// its line ("received message: {" opens a message).
		k := j - 2
		for k > 0 && isIdentByte(t[k-1]) {
			k--
		}
		if len(bytes.TrimSpace(t[:k])) == 0 {
			return true
		}
	}
	k := j
	for k > 0 && isIdentByte(t[k-1]) {
		k--
	}
	return k < j && j < i && t[k] >= 'A' && t[k] <= 'Z'
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// objectAt reads the value that t starts with: a message that closes on
// this line (end past it), or one that goes on over the next lines (end
// -1), which must start like one: "{" alone, or a first member that is
// one of a message's.
func objectAt(t []byte) (int, bool) {
	end := valueEnd(t)
	if end < 0 {
		rest := bytes.TrimSpace(t[1:])
		if t[0] == '[' {
			rest = bytes.TrimSpace(bytes.TrimPrefix(rest, []byte("{")))
		}
		if len(rest) == 0 || bytes.HasPrefix(rest, []byte(`"jsonrpc"`)) || bytes.HasPrefix(rest, []byte(`"method"`)) || bytes.HasPrefix(rest, []byte(`"id"`)) {
			return -1, true
		}
		return 0, false
	}
	return end, looksLikeMessage(t[:end])
}

// looksLikeMessage reports whether v is a JSON-RPC message, or a batch of
// them.
func looksLikeMessage(v []byte) bool {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '[' {
		var batch []json.RawMessage
		return json.Unmarshal(v, &batch) == nil && len(batch) > 0 && looksLikeMessage(batch[0])
	}
	var obj map[string]json.RawMessage
	return json.Unmarshal(v, &obj) == nil && isMessage(obj)
}

func unquote(q []byte) []byte {
	s, err := strconv.Unquote(string(q))
	if err != nil {
		return q
	}
	return []byte(s)
}

func skipSpace(t []byte, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}

// depthScanner follows the nesting of a JSON value fed in pieces.
type depthScanner struct {
	depth      int
	inStr, esc bool
	began      bool
}

// feed reads b; it returns the offset in b just past the end of the value,
// or -1 while it is still open.
func (d *depthScanner) feed(b []byte) int {
	for i, c := range b {
		switch {
		case d.esc:
			d.esc = false
		case d.inStr && c == '\\':
			d.esc = true
		case c == '"':
			d.inStr = !d.inStr
		case d.inStr:
		case c == '{' || c == '[':
			d.depth++
			d.began = true
		case c == '}' || c == ']':
			if d.depth--; d.depth == 0 && d.began {
				return i + 1
			}
		}
	}
	return -1
}
