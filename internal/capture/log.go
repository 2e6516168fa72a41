package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
)

// Senders and transports, as the records spell them.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http"
)

// DefaultMaxRecords bounds the records of one log.
const DefaultMaxRecords = 10000

// ErrFull is returned once a log holds its maximum number of records.
var ErrFull = errors.New("capture: the log is full")

// Record is one captured message, one line of the JSON Lines output.
type Record struct {
	Seq       int             `json:"seq"` // 1-based, in the order the recorder saw them
	From      grader.Sender   `json:"from"`
	Transport string          `json:"transport"`
	Time      time.Time       `json:"time"`
	Message   json.RawMessage `json:"message,omitempty"`
	Text      string          `json:"text,omitempty"` // a message that is not JSON, as sent
	HTTP      *HTTP           `json:"http,omitempty"`
}

// HTTP is what the Streamable HTTP transport said around one message.
type HTTP struct {
	Exchange        int    `json:"exchange"` // 1-based number of the HTTP request that carried it
	Method          string `json:"method"`   // of that request: POST, or GET for a standalone stream
	Status          int    `json:"status,omitempty"`
	ContentType     string `json:"contentType,omitempty"`
	Accept          string `json:"accept,omitempty"`
	SessionID       string `json:"sessionId,omitempty"`       // Mcp-Session-Id
	ProtocolVersion string `json:"protocolVersion,omitempty"` // MCP-Protocol-Version
	EventID         string `json:"eventId,omitempty"`         // the SSE event's id
}

// LogConfig bounds a log.
type LogConfig struct {
	MaxRecords int              // 0 means DefaultMaxRecords
	Now        func() time.Time // nil means time.Now
}

// Log writes records as JSON Lines, one write per record, safe for concurrent use.
type Log struct {
	mu  sync.Mutex
	w   io.Writer
	cfg LogConfig
	seq int
}

// NewLog returns a log writing to w.
func NewLog(w io.Writer, cfg LogConfig) *Log {
	if cfg.MaxRecords <= 0 {
		cfg.MaxRecords = DefaultMaxRecords
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Log{w: w, cfg: cfg}
}

// Len is the number of records written.
func (l *Log) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq
}

// Add records msg, sent by from over transport. A message that is not JSON is
// kept as text.
func (l *Log) Add(from, transport string, msg []byte, h *HTTP) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seq >= l.cfg.MaxRecords {
		return ErrFull
	}
	rec := Record{Seq: l.seq + 1, From: from, Transport: transport, Time: l.cfg.Now().UTC(), HTTP: h}
	var compact bytes.Buffer
	if json.Valid(msg) && json.Compact(&compact, msg) == nil {
		rec.Message = compact.Bytes()
	} else {
		rec.Text = string(msg)
	}
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return fmt.Errorf("capture: encode record %d: %w", rec.Seq, err)
	}
	if _, err := l.w.Write(line.Bytes()); err != nil {
		return fmt.Errorf("capture: write record %d: %w", rec.Seq, err)
	}
	l.seq++
	return nil
}
