// Package logimport reads the logs that real MCP clients and servers leave
// behind into the messages of one conversation, each with its sender and the
// line where it starts: JSON Lines (plain or wrapped with a direction), a raw
// stdio capture (one stream, or what each side wrote), MCP Inspector's
// protocol export, Claude Desktop's mcp*.log files, and HAR files of
// Streamable HTTP traffic.
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
	"bytes"
	"errors"
	"fmt"
	"time"
)

// Format names a kind of log.
type Format string

// The formats Read understands.
const (
	FormatAuto      Format = "auto"
	FormatJSONL     Format = "jsonl"
	FormatStdio     Format = "stdio"
	FormatInspector Format = "inspector"
	FormatClaude    Format = "claude"
	FormatHAR       Format = "har"
)

// Formats lists the formats a user may name, in the order the help shows them.
var Formats = []Format{FormatAuto, FormatJSONL, FormatStdio, FormatInspector, FormatClaude, FormatHAR}

// ParseFormat returns the format named s ("" is FormatAuto).
func ParseFormat(s string) (Format, error) {
	if s == "" {
		return FormatAuto, nil
	}
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("%w: %q (known: auto, jsonl, stdio, inspector, claude, har)", ErrUnknownFormat, s)
}

// Senders of a message.
const (
	FromClient = "client"
	FromServer = "server"
)

// Entry is one message found in a log.
type Entry struct {
	// Line is where the message starts in the text (1-based); for a HAR or
	// an Inspector export, the line of the entry that carried it.
	Line int
	// From is "client", "server", or "" when neither the log nor the
	// message says.
	From string
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
)

// utf8BOM is the byte order mark some editors write at the start of a file.
var utf8BOM = []byte("\xef\xbb\xbf")

// Read reads src as a log of the given format (FormatAuto detects it).
func Read(src []byte, format Format, lim Limits) (Result, error) {
	lim = lim.withDefaults()
	if int64(len(src)) > lim.MaxBytes {
		return Result{}, fmt.Errorf("%w (%d bytes, limit %d)", ErrTooLarge, len(src), lim.MaxBytes)
	}
	if isBinary(src) {
		return Result{}, ErrBinary
	}
	src = bytes.TrimPrefix(src, utf8BOM) // an editor on Windows starts the file with one
	if format == FormatAuto || format == "" {
		format = Detect(src)
	}
	r := &reader{res: Result{Format: format}, max: lim.MaxMessages}
	var err error
	switch format {
	case FormatJSONL:
		r.jsonLines(src)
	case FormatStdio:
		r.stdio(src, "")
	case FormatInspector:
		err = r.inspector(src)
	case FormatClaude:
		r.claude(src)
	case FormatHAR:
		err = r.har(src)
	default:
		return Result{}, fmt.Errorf("%w: %q", ErrUnknownFormat, format)
	}
	if err != nil {
		return Result{}, err
	}
	r.finish()
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
	if isBinary(client) || isBinary(server) {
		return Result{}, ErrBinary
	}
	client, server = bytes.TrimPrefix(client, utf8BOM), bytes.TrimPrefix(server, utf8BOM)
	c := &reader{res: Result{Format: FormatStdio}, max: lim.MaxMessages}
	c.stdio(client, FromClient)
	s := &reader{res: Result{Format: FormatStdio}, max: lim.MaxMessages}
	s.stdio(server, FromServer)
	r := &reader{res: mergePair(c.res, s.res, lim.MaxMessages), max: lim.MaxMessages}
	r.finish()
	return r.res, nil
}
