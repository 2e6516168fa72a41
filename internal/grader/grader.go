// Package grader checks one JSON-RPC / MCP message written by a learner and explains,
// in the learner's language, what kind of message it is, whether it is valid for a
// protocol revision and, where it is not, what is wrong, where, why, and what the
// learner probably meant. It is the grader's core and the mock server's judge.
//
// The checker reads the text itself: a hand-written scanner that knows the
// mistakes people make when they type JSON, recovers from most of them so one
// attempt teaches several things, and gives every value its line, column and JSON
// Pointer (parse.go, the entry point; scan_*.go, one file for each thing it
// reads: space and comments, objects, arrays and their separators, strings,
// numbers, bare words; lines.go turns offsets into lines and columns). It then
// checks the JSON-RPC envelope (check.go, the entry point; check_envelope.go,
// check_id.go, check_error.go) and the MCP method tables of each revision
// (spec.go, written from the specification as Go data, in the small schema
// language of shape.go): check_method.go for method calls, check_response.go for
// results and the request they answer, check_object.go and check_value.go for
// walking a value against its shape, check_path.go for where it is, report.go for
// the finished report. Every diagnostic code is explained in English and French
// in catalog.go, the one place that lists them; Codes exposes the list.
//
// A report says what a receiver sees. A text with a syntax error is kind
// "invalid", whatever it was meant to be: a receiver cannot parse it, and
// answers -32700 with id null; LooksLike keeps what it would be once fixed, so
// that feedback can say "this would be a request, once the comma is gone". A
// member that the revision does not define is an error only where it stands in
// for a required member that is missing (then the error is that member, with
// the one written as its misspelling); elsewhere it is a warning, since the
// specification leaves its objects open and a receiver ignores what it does not
// know, and the warning names the revision that defines the member when it is
// another one (check_revision.go). Where schema.json and schema.ts disagree,
// schema.ts is the source of truth (an elicitation answer may be any number).
//
// A Session (session*.go) follows the messages of one whole conversation, in
// order and with their senders, and adds what a single message cannot show:
// ids reused, the lifecycle, responses and progress that answer nothing,
// cancellations, capabilities used without being declared (codes session.*).
//
// Every diagnostic is rendered in each language of the playground when the
// judge finishes (report.go): Check answers in Options.Lang, and Report.In
// gives the report in another language without judging the message again.
//
// The official schemas are not read at run time; tests compare the verdicts with
// them (schema_test.go).
package grader

import (
	"encoding/json"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// JoinRevisions writes revs for a person: "2025-06-18, 2025-11-25 or
// 2026-07-28" with last "or"; with last "" a plain comma list.
func JoinRevisions(revs []string, last string) string {
	if last == "" || len(revs) < 2 {
		return strings.Join(revs, ", ")
	}
	return strings.Join(revs[:len(revs)-1], ", ") + " " + last + " " + revs[len(revs)-1]
}

// NearestRevision is the known revision closest to a date that names none
// (the latest before it, else the first): a log that speaks an unpublished
// revision is judged by the one it most likely follows.
func NearestRevision(date string) string {
	revs := Revisions()
	out := revs[0]
	for _, r := range revs {
		if r <= date {
			out = r
		}
	}
	return out
}

// HasResult reports whether revision rev ("" is DefaultRevision) defines the
// result of method: whether method is a request of that revision, so that a
// response to it can be checked against its result. It is false for a
// notification, an unknown method, and a method of another revision.
func HasResult(method, rev string) bool {
	if rev == "" {
		rev = DefaultRevision
	}
	r := revisions[rev]
	if r == nil {
		return false
	}
	def := r.methods[method]
	return def != nil && !def.notif && def.result != nil
}

// Kind is the kind of a message.
type Kind string

// Message kinds.
const (
	KindRequest      Kind = "request"
	KindNotification Kind = "notification"
	KindResponse     Kind = "response"
	KindError        Kind = "error"
	KindInvalid      Kind = "invalid"
)

// Options tune one Check.
type Options struct {
	Protocol string    // "" means DefaultRevision; an unknown revision is reported
	Lang     i18n.Lang // i18n.EN (default) or i18n.FR
	// Request is the raw text of the request this message answers. With it, a
	// response is checked against the result of that method, and its id against
	// the request's. An error response may answer a request whose method does
	// not exist (-32601 is the right answer): only its id is compared then.
	Request []byte
	// Sender is who sent the message: "client", "server", or "" for either. With
	// it, a method sent in the wrong direction is reported.
	Sender Sender
}

// Report is the checker's verdict on one message (DESIGN.md §4). Its Kind is the
// kind a receiver sees: a message whose JSON text has an error is invalid,
// whatever it was meant to be (LooksLike says that).
type Report struct {
	Protocol string `json:"protocol"`
	Kind     Kind   `json:"kind"`
	// Method is the method of a request or notification, or, for a response
	// whose request is given, the method it answers.
	Method string `json:"method,omitempty"`
	// ID is the id exactly as written (number or string); absent when there is
	// none, or when it is not a string or a number.
	ID json.RawMessage `json:"id,omitempty"`
	// Valid is true when no diagnostic is an error (warnings and infos teach,
	// they do not reject).
	Valid       bool         `json:"valid"`
	Diagnostics []Diagnostic `json:"diagnostics"` // in text order; never null
	// LooksLike is, for a message of kind invalid, the kind it would be once
	// fixed: a request whose text has a trailing comma is invalid (a receiver
	// cannot parse it, and answers -32700 with id null), and looks like a
	// request. Empty when nothing tells.
	LooksLike Kind `json:"looks_like,omitempty"`
}

// Diagnostic is one finding of the checker.
type Diagnostic struct {
	Code       string `json:"code"`     // stable, dotted, lower case: see Codes
	Severity   string `json:"severity"` // "error", "warning" or "info"
	Pointer    string `json:"pointer"`  // RFC 6901, into the learner's message ("" is the whole message)
	Line       int    `json:"line"`     // 1-based
	Column     int    `json:"column"`   // 1-based, in characters (a byte order mark is not counted)
	Message    string `json:"message"`  // what is wrong, why the rule exists, and the lesson that teaches it
	Suggestion string `json:"suggestion,omitempty"`
	// Blocking marks the first diagnostic that stops a receiver from
	// understanding the message: the first one about the JSON text, else about
	// the JSON-RPC envelope, else about the method. Exactly one when not valid.
	Blocking bool   `json:"blocking,omitempty"`
	Lesson   string `json:"lesson,omitempty"` // slug of the lesson that teaches the rule
	// Related lists, for a session.* diagnostic, the indices (0-based, in the
	// order the session received them) of the earlier messages it refers to:
	// "id 5 was already used by message #9" relates message 8.
	Related []int `json:"related,omitempty"`
	// texts is Message and Suggestion in every language, rendered when the
	// judge finished (In gives them); nil for a diagnostic not written by
	// the judge.
	texts *texts
}

// Severities.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)
