package exchange

import (
	"encoding/json"

	"github.com/mcpplayground/playground/internal/grader"
)

// Arrow is one message as a sequence diagram draws it.
type Arrow struct {
	Seq    int
	From   grader.Sender
	Kind   grader.Kind
	Method string
	ID     string // as written; "" when there is none or it is null
	// ErrorCode is error.code of an error response, as written.
	ErrorCode string
	// Invalid is true when the checker found an error in the message, and
	// Unanswered on a request that no response answered and no
	// cancellation named (yet).
	Invalid, Unanswered bool
	// ToolFailed is true on a result that says the tool failed
	// ("isError": true): a success at the protocol's level, a failure for
	// the one who called the tool.
	ToolFailed bool
}

// Diagram is what a sequence diagram of the exchange draws: the latest
// messages, at most a given number, and how many earlier ones it leaves out.
type Diagram struct {
	Skipped int
	Arrows  []Arrow
}

// Diagram returns the latest limit events kept as arrows.
func (x *Exchange) Diagram(limit int) Diagram {
	events := x.Events(0)
	var d Diagram
	if skip := len(events) - limit; skip > 0 {
		d.Skipped, events = skip, events[skip:]
	}
	d.Arrows = make([]Arrow, 0, len(events))
	for _, e := range events {
		d.Arrows = append(d.Arrows, ArrowOf(e))
	}
	return d
}

// ArrowOf is e as a sequence diagram draws it.
func ArrowOf(e Event) Arrow {
	a := Arrow{Seq: e.Seq, From: e.From, Kind: e.Kind, Method: e.Method, Invalid: !e.Report.Valid,
		Unanswered: e.Kind == grader.KindRequest && e.AnsweredBy == 0 && e.CancelledBy == 0}
	if len(e.ID) > 0 && string(e.ID) != "null" {
		a.ID = string(e.ID)
	}
	switch e.Kind {
	case grader.KindError:
		a.ErrorCode = grader.ReadEnvelope([]byte(e.Raw)).ErrorCode
	case grader.KindResponse:
		a.ToolFailed = ToolFailed(e.Raw)
	}
	return a
}

// ToolFailed reports whether a response's result says the tool failed
// ("isError": true).
func ToolFailed(raw string) bool {
	var msg struct {
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	return json.Unmarshal([]byte(raw), &msg) == nil && msg.Result.IsError
}
