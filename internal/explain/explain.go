// Package explain turns a real MCP log into the explain report (DESIGN.md
// §4): every message with the conversation checker's report, paired with its
// request or response by id both ways, the conversation's findings (codes
// session.…) and the log's own (codes log.…) on the messages they concern,
// and a summary. It reads logs with internal/logimport and turns each
// conversation of a log into an exchange (internal/exchange), which judges
// and pairs it; the report is derived from the exchanges. It has no HTTP
// and keeps nothing.
//
// A Claude Desktop mcp.log interleaves several servers: each peer is its own
// conversation (its own exchange), explained in the one report with indices
// over the whole log, unless Options.Peer picks one.
package explain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// Options tune one explanation.
type Options struct {
	Format   logimport.Format // FormatAuto (or "") detects it
	Protocol string           // the revision assumed until a handshake says; "" = grader.DefaultRevision
	Lang     i18n.Lang        // i18n.EN (default) or i18n.FR
	Peer     string           // a Claude Desktop log: explain only this server's messages
	Limits   logimport.Limits // bytes and messages read

	// logRevision is the revision the log's handshake settles on, as the
	// reader found it (from the initialize result alone, or the nearest to
	// an unpublished date), when Protocol does not say.
	logRevision string
	// noHandshake is true when the log's server said a request came
	// before the handshake: no conversation of it starts mid-session.
	noHandshake bool
}

// Where the revision in force came from.
const (
	SourceHandshake = "handshake" // the initialize result negotiated it
	SourceMeta      = "_meta"     // a 2026-07-28 request named it in _meta
	SourceProtocol  = "protocol"  // the -protocol flag or the protocol parameter
	SourceDefault   = "default"   // nothing said: grader.DefaultRevision
)

// Report is the explain JSON.
type Report struct {
	Format string `json:"format"`
	// Protocol is the revision in force at the end of the (first)
	// conversation; ProtocolSource says where it came from.
	Protocol       string `json:"protocol"`
	ProtocolSource string `json:"protocol_source"`
	// Partial is true when the log starts mid-session (it holds no
	// initialize request): the handshake is assumed done before it.
	Partial bool `json:"partial"`
	// Truncated is true when the message cap stopped the reading.
	Truncated     bool           `json:"truncated"`
	Summary       Summary        `json:"summary"`
	Messages      []Message      `json:"messages"`
	Findings      []Finding      `json:"findings"`
	Conversations []Conversation `json:"conversations,omitempty"`
	// Context lists the first lines of the log that are no MCP message,
	// each named for what it is (the client's own log, the server's
	// stderr, the user's shell, an HTTP transcript's framing), secrets
	// masked; ContextLines counts them all.
	Context      []logimport.Context `json:"context,omitempty"`
	ContextLines int                 `json:"context_lines,omitempty"`
	// Lifecycle is what the client's log says happened to the server
	// (started, connected, tools listed, exited…), in the log's order: a
	// log without a message is explained by it.
	Lifecycle []logimport.Event `json:"lifecycle,omitempty"`

	// events are the messages as the exchanges of the log hold them,
	// numbered as the log (Events).
	events []exchange.Event
}

// Events are the log's messages as exchange events, numbered from 1 over
// the whole log (the message at index i is Seq i+1), each carrying what the
// explanation found on it: its report (a finding only the end of the log
// or the log itself shows joins its diagnostics), its pairs, and the
// problems found on later messages that refer to it, as mentions. A page
// draws them as it draws any exchange.
func (r *Report) Events() []exchange.Event { return r.events }

// Summary counts what the log holds. Problems counts the errors of
// Report.Problems (each message's own first error, and the findings of
// severity error): the verdict is "nothing wrong" exactly when it is 0.
// Remarks counts the warnings and notes.
type Summary struct {
	Messages      int `json:"messages"`
	Requests      int `json:"requests"`
	Notifications int `json:"notifications"`
	Responses     int `json:"responses"`
	Errors        int `json:"errors"`
	Invalid       int `json:"invalid"`
	Problems      int `json:"problems"`
	Remarks       int `json:"remarks"`
}

// Message is one message of the log with its report.
type Message struct {
	Index    int           `json:"index"` // 0-based, over the whole log
	Line     int           `json:"line"`  // where it starts in the text
	From     grader.Sender `json:"from"`  // "client", "server" or ""
	Inferred bool          `json:"inferred,omitempty"`
	Peer     string        `json:"peer,omitempty"`
	// Time is when the log says it went; nil when it does not.
	Time *time.Time `json:"time,omitempty"`
	// Raw is the message's text, secrets masked.
	Raw    string        `json:"raw"`
	Report grader.Report `json:"report"`
	// Answers is the index of the request this response answers;
	// AnsweredBy the index of the response to this request.
	Answers    *int `json:"answers"`
	AnsweredBy *int `json:"answered_by"`
	// Findings lists the indices in Report.Findings of those about this
	// message.
	Findings []int `json:"findings,omitempty"`
}

// Finding is a diagnostic about a conversation or the log (the
// conversation checker's findings, and the log's own problems).
type Finding = grader.Finding

// Conversation is one peer's part of a log that interleaves several.
type Conversation struct {
	Peer string `json:"peer"`
	// Run counts from 0 the processes of one server in the log: a client
	// that started it again logged another conversation.
	Run            int    `json:"run,omitempty"`
	Protocol       string `json:"protocol"`
	ProtocolSource string `json:"protocol_source"`
	Partial        bool   `json:"partial"`
	Messages       []int  `json:"messages"`
}

// ContextKinds lists the kinds of the context lines kept, in the order
// they first appear, with how many lines of each.
func (r *Report) ContextKinds() (kinds []string, counts []int) {
	at := map[string]int{}
	for _, c := range r.Context {
		i, ok := at[c.Kind]
		if !ok {
			i = len(kinds)
			at[c.Kind] = i
			kinds, counts = append(kinds, c.Kind), append(counts, 0)
		}
		counts[i]++
	}
	return kinds, counts
}

// ContextSummary says in words how many lines are no MCP message, and
// what they are.
func (r *Report) ContextSummary(l i18n.Lang) string {
	kinds, counts := r.ContextKinds()
	return i18n.ExplainFor(l).ContextSummary(l, r.ContextLines, kinds, counts)
}

// OK reports whether nothing is wrong: every message valid, and no finding
// of severity error.
func (r *Report) OK() bool {
	for i := range r.Messages {
		if !r.Messages[i].Report.Valid {
			return false
		}
	}
	for _, f := range r.Findings {
		if f.Severity == grader.SeverityError {
			return false
		}
	}
	return true
}

// JSON is the report as indented JSON, HTML characters unescaped.
func (r *Report) JSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, fmt.Errorf("encode the explain report: %w", err)
	}
	return buf.Bytes(), nil
}

// WriteJSON writes the report as compact JSON, HTML characters unescaped,
// byte for byte what encoding it whole writes, but one message at a time:
// it holds one message's JSON, not the log's (the API's answer).
func (r *Report) WriteJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	encode := func(v any) ([]byte, error) {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return nil, fmt.Errorf("encode the explain report: %w", err)
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
	rest := *r
	rest.Messages = nil
	whole, err := encode(&rest)
	if err != nil {
		return err
	}
	// A string's quotes are escaped inside JSON: the first `"messages":null`
	// is the member itself.
	key := []byte(`"messages":null`)
	at := bytes.Index(whole, key)
	if at < 0 {
		return fmt.Errorf("encode the explain report: no messages member in %.80s", whole)
	}
	head, tail := append([]byte(nil), whole[:at+len(`"messages":`)]...), append([]byte(nil), whole[at+len(key):]...)
	bw := bufio.NewWriterSize(w, 32<<10)
	bw.Write(head)
	if r.Messages == nil {
		bw.WriteString("null")
	} else {
		bw.WriteByte('[')
		for i := range r.Messages {
			if i > 0 {
				bw.WriteByte(',')
			}
			b, err := encode(&r.Messages[i])
			if err != nil {
				return err
			}
			bw.Write(b)
		}
		bw.WriteByte(']')
	}
	bw.Write(tail)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write the explain report: %w", err)
	}
	return nil
}
