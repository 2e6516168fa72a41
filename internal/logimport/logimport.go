// Package logimport reads the logs that real MCP clients and servers leave
// behind into the messages of one conversation, each with its sender and the
// line where it starts. Each format is one file (format_*.go and the older
// jsonl.go, stdio.go, inspector.go, claude.go, har.go) that registers how to
// detect it, read it, name it and a sample of it (format.go); what no format
// claims but holds a message after a prefix is read by the generic prefix
// reader, the sender taken from the prefix's words (words.go) or the
// message's shape. The lines that are not messages are named (notes.go):
// context, the failures the client saw, or stdout noise where it really is.
//
// It only reads: judging the messages is the grader's work, pairing and
// showing them the exchange's. What it notices about the log itself (a line
// that is not JSON, a message cut short, stdout noise that breaks stdio
// framing, an HTTP header a transport needs) comes back as Problems with
// stable codes beginning "log.", explained in both languages (codes.go).
//
// Every read is bounded: the text by Limits.MaxBytes, the messages by
// Limits.MaxMessages; what is past a bound is reported, never read.
package logimport

import (
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"time"
)

// Format names a kind of log.
type Format string

// The formats other packages name; every format is in the registry
// (format.go), each in its own file.
const (
	FormatAuto      Format = "auto"
	FormatJSONL     Format = "jsonl"
	FormatStdio     Format = "stdio"
	FormatInspector Format = "inspector"
	FormatClaude    Format = "claude"
	FormatHAR       Format = "har"
)

// Entry is one message found in a log.
type Entry struct {
	// Line is where the message starts in the text (1-based); for a HAR or
	// an Inspector export, the line of the entry that carried it.
	Line int
	// From is "client", "server", or "" when neither the log nor the
	// message says.
	From grader.Sender
	// Inferred is true when From was worked out from the message (a
	// method's direction, a response answering the other side's request)
	// rather than read in the log.
	Inferred bool
	// Raw is the message's text with secrets masked (mask.go).
	Raw []byte
	// Time is when the log says the message went, zero when it does not.
	Time time.Time
	// Peer names the server a Claude Desktop log line belongs to.
	Peer string
	// Closed is true for a request whose HTTP response stream the client
	// closed before an answer came (a HAR's aborted response): in
	// 2026-07-28 that is how a client cancels.
	Closed bool
	// Cut is true for a message the client logged only the start of,
	// marking the cut (preview.go): Raw is that start, closed where it
	// stops; what the cut removed is not in the log, and is not judged.
	Cut bool
	// Run counts the processes of one server the log shows, from 0: a
	// client that started the server again logged another conversation.
	Run int
}

// Problem is something about the log itself, not about a message.
type Problem struct {
	Code string
	Line int
	// Entry is the index in Result.Entries of the message concerned, -1
	// when the problem concerns no message.
	Entry int
	// Detail is the text the problem is about (a clipped line, a header
	// name), shown after the explanation.
	Detail string
}

// Result is what Read found.
type Result struct {
	Format   Format
	Entries  []Entry
	Problems []Problem
	// Truncated is true when MaxMessages stopped the reading.
	Truncated bool
	// Context holds the first lines that are no message, named
	// (notes.go); ContextLines counts them all.
	Context      []Context
	ContextLines int
	// NoHandshake is true when the server said in the log that a request
	// came before the handshake (the Python SDK's "Received request before
	// initialization was complete"): a log without initialize is then not
	// one that starts mid-session.
	NoHandshake bool
	// Revision is the revision the log's handshake settles on (from the
	// initialize result alone, when the request is not in the log), or the
	// nearest known one to a date no one published; "" when the log has
	// no handshake.
	Revision string
	// Lifecycle is what the log says happened to the server (lifecycle.go):
	// started, connected, tools listed, exited…, in the log's order.
	Lifecycle []Event
}

// Limits bound one Read.
type Limits struct {
	MaxBytes    int64 // the whole text; 5 MiB when zero
	MaxMessages int   // messages kept; 20,000 when zero
}

// Defaults.
const (
	DefaultMaxBytes    = 5 << 20
	DefaultMaxMessages = 20000
)

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxMessages <= 0 {
		l.MaxMessages = DefaultMaxMessages
	}
	return l
}

// Errors of Read. A log that can be read at all never fails: what is wrong
// in it becomes a Problem.
var (
	ErrTooLarge      = errors.New("the log is larger than the limit")
	ErrUnknownFormat = errors.New("unknown log format")
	ErrBinary        = errors.New("the file is not text")
	ErrNotFormat     = errors.New("the text is not in the format asked for")
	ErrNoMessages    = errors.New("no MCP message found")
	// ErrSDKObjects comes with ErrNoMessages when the text prints its
	// messages as an SDK's objects (Rust's Debug, a typed Python model) or
	// names them without their members (Claude Desktop's `method="…" id=1`),
	// which cannot be read back into JSON honestly (pyrepr.go).
	ErrSDKObjects = errors.New("the lines print messages as an SDK's objects, not as JSON: log the messages' JSON, or capture the traffic itself")
)

// utf8BOM is the byte order mark some editors write at the start of a file.
var utf8BOM = []byte("\xef\xbb\xbf")

// Read reads src as a log of the given format (FormatAuto detects it).
// A text in which no MCP message is found, no failure and no lifecycle
// event either, and which is no known client's log, is ErrNoMessages: a
// client's log without a message still tells what happened to the server.
func Read(src []byte, format Format, lim Limits) (Result, error) {
	lim = lim.withDefaults()
	if int64(len(src)) > lim.MaxBytes {
		return Result{}, fmt.Errorf("%w (%d bytes, limit %d)", ErrTooLarge, len(src), lim.MaxBytes)
	}
	src = decodeText(src)
	if isBinary(src) {
		return Result{}, ErrBinary
	}
	if format == FormatAuto || format == "" {
		format = Detect(src)
	}
	spec, ok := Lookup(format)
	if !ok {
		return Result{}, fmt.Errorf("%w: %q", ErrUnknownFormat, format)
	}
	r := &reader{res: Result{Format: format}, max: lim.MaxMessages}
	if err := spec.read(r, src); err != nil {
		return Result{}, err
	}
	r.finish()
	if len(r.res.Entries) == 0 && !r.sawFailure() && !r.sawEvents() && !spec.Client {
		if r.sdkObjects > 0 || sdkObject.Match(src) || pyStart.Match(src) {
			return r.res, fmt.Errorf("%w: %w", ErrNoMessages, ErrSDKObjects)
		}
		return r.res, fmt.Errorf("%w (formats known: %s)", ErrNoMessages, strings.Join(Names()[1:], ", "))
	}
	if len(r.res.Entries) == 0 && (r.sdkObjects > 0 || sdkObject.Match(src)) {
		r.problem(codeSDKObjects, r.firstContext(ContextSDKObject), -1, "")
	}
	return r.res, nil
}

// ReadPair reads a stdio capture kept as two files: what the client wrote
// (the server's stdin) and what the server wrote (its stdout). Messages are
// merged in the order their timestamps give where the lines have them, else
// each client message is followed by what the server wrote up to the
// answer to it.
func ReadPair(client, server []byte, lim Limits) (Result, error) {
	lim = lim.withDefaults()
	if n := int64(len(client) + len(server)); n > lim.MaxBytes {
		return Result{}, fmt.Errorf("%w (%d bytes, limit %d)", ErrTooLarge, n, lim.MaxBytes)
	}
	client, server = decodeText(client), decodeText(server)
	if isBinary(client) || isBinary(server) {
		return Result{}, ErrBinary
	}
	c := &reader{res: Result{Format: FormatStdio}, max: lim.MaxMessages}
	c.stdio(client, grader.SenderClient)
	s := &reader{res: Result{Format: FormatStdio}, max: lim.MaxMessages}
	s.stdio(server, grader.SenderServer)
	r := &reader{res: mergePair(c.res, s.res, lim.MaxMessages), max: lim.MaxMessages}
	r.finish()
	return r.res, nil
}
