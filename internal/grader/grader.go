// Package grader checks one JSON-RPC / MCP message written by a learner and explains,
// in the learner's language, what kind of message it is, whether it is valid for a
// protocol revision and, where it is not, what is wrong, where, why, and what the
// learner probably meant. It is the grader's core and the mock server's judge.
package grader

import "encoding/json"

// Protocol revisions the checker knows.
const (
	Rev20250618     = "2025-06-18"
	Rev20251125     = "2025-11-25"
	Rev20260728     = "2026-07-28"
	DefaultRevision = Rev20251125
)

// KnownRevision reports whether rev is a protocol revision the checker knows.
func KnownRevision(rev string) bool {
	switch rev {
	case Rev20250618, Rev20251125, Rev20260728:
		return true
	}
	return false
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
	Protocol string // "" means DefaultRevision
	Lang     string // "en" (default) or "fr"
	Request  []byte // optional raw text of the request this message answers
	// Sender is who sent the message: "client", "server", or "" for either.
	Sender string
}

// Report is the checker's verdict on one message (DESIGN.md §4).
type Report struct {
	Protocol    string          `json:"protocol"`
	Kind        Kind            `json:"kind"`
	Method      string          `json:"method,omitempty"`
	ID          json.RawMessage `json:"id,omitempty"`
	Valid       bool            `json:"valid"`
	Diagnostics []Diagnostic    `json:"diagnostics"`
}

// Diagnostic is one finding of the checker.
type Diagnostic struct {
	Code       string `json:"code"`
	Severity   string `json:"severity"`
	Pointer    string `json:"pointer"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
	Blocking   bool   `json:"blocking,omitempty"`
	Lesson     string `json:"lesson,omitempty"`
}

// Severities.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)
