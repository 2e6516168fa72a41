package exchange

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
)

// line is one message of the JSON Lines form: the message itself when it
// is JSON, else its text as a string.
type line struct {
	Seq  int           `json:"seq,omitempty"`
	From grader.Sender `json:"from"`
	// Direction is the sender's side in a page's words ("client →
	// server"), for people reading the file; ReadJSONLines ignores it.
	Direction string          `json:"direction,omitempty"`
	Time      *time.Time      `json:"time,omitempty"`
	Message   json.RawMessage `json:"message,omitempty"`
	Text      *string         `json:"text,omitempty"`
}

// WriteJSONLines writes the events kept, one a line:
// {"seq":…,"from":"client"|"server"|"","time":…,"message":{…}}; a message
// that is not JSON is given as a string in "text" instead.
func (x *Exchange) WriteJSONLines(w io.Writer) error {
	return x.WriteJSONLinesWith(w, nil)
}

// WriteJSONLinesWith is WriteJSONLines with each line's "direction" in
// the words a page shows (direction("client") is "client → server", say):
// the export reads as the timeline did. A nil direction, or one that
// returns "", leaves the field out.
func (x *Exchange) WriteJSONLinesWith(w io.Writer, direction func(from string) string) error {
	bw := bufio.NewWriter(w)
	for _, e := range x.Events(0) {
		l := line{Seq: e.Seq, From: e.From}
		if direction != nil {
			l.Direction = direction(e.From)
		}
		if !e.Time.IsZero() {
			l.Time = &e.Time
		}
		if json.Valid([]byte(e.Raw)) {
			l.Message = compact([]byte(e.Raw))
		} else {
			l.Text = &e.Raw
		}
		b, err := json.Marshal(l)
		if err != nil {
			return fmt.Errorf("encode message #%d: %w", e.Seq, err)
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write the exchange: %w", err)
	}
	return nil
}

// Limits of ReadJSONLines.
const (
	// MaxImportMessages bounds the messages of one import.
	MaxImportMessages = 10000
	// maxLineBytes bounds one line: a message of grader.MaxSize with room
	// for its escapes and the fields around it.
	maxLineBytes = 2*grader.MaxSize + 4096
)

// ErrFormat is the error of a line that is not a message of the JSON Lines
// form.
var ErrFormat = errors.New("not a message line")

// ReadJSONLines reads what WriteJSONLines writes (seq is ignored: the
// messages are numbered again in order) into a new exchange: each line an
// object with "from", and "message" (any JSON) or "text" (a string), and
// optionally "time". Blank lines are skipped. Each message keeps its line
// number. An error names the line at fault.
func ReadJSONLines(r io.Reader, opts Options) (*Exchange, error) {
	x := New(opts)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	n := 0
	for sc.Scan() {
		n++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		m, err := readLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if x.Len() >= MaxImportMessages {
			return nil, fmt.Errorf("line %d: more than %d messages", n, MaxImportMessages)
		}
		m.Line = n
		x.Add(m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: read the exchange: %w", n+1, err)
	}
	return x, nil
}

func readLine(text []byte) (Message, error) {
	var l line
	if err := json.Unmarshal(text, &l); err != nil {
		return Message{}, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	switch l.From {
	case grader.SenderClient, grader.SenderServer, grader.SenderUnknown:
	default:
		return Message{}, fmt.Errorf("%w: from is %q, want %q or %q", ErrFormat, l.From, grader.SenderClient, grader.SenderServer)
	}
	m := Message{From: l.From}
	switch {
	case l.Message != nil && l.Text != nil:
		return Message{}, fmt.Errorf("%w: both message and text", ErrFormat)
	case l.Message != nil:
		m.Raw = l.Message
	case l.Text != nil:
		m.Raw = []byte(*l.Text)
	default:
		return Message{}, fmt.Errorf("%w: no message or text", ErrFormat)
	}
	if l.Time != nil {
		m.Time = *l.Time
	}
	return m, nil
}

// compact is raw without insignificant space (raw itself when it is not
// JSON).
func compact(raw []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
