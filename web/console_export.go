package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/mockserver"
)

// consoleExport answers GET /api/console/export.jsonl: the learner's whole
// exchange as JSON Lines, one message a line with its number, direction
// and time (mockserver.Console.JSONLines), to keep or to paste elsewhere.
func (s *Server) consoleExport(c *gin.Context) error {
	var body []byte
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		body = e.c.JSONLines()
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="console-session.jsonl"`)
	c.Data(http.StatusOK, "application/jsonl; charset=utf-8", body)
	return nil
}

// consoleExchangeAPI answers GET /api/console/exchange: the session as the
// answer of a live exercise, {"exchange": [...]} (internal/exercise
// FORMAT.md), and "left_out", how many of the oldest messages were left out
// of a session too long to send whole.
func (s *Server) consoleExchangeAPI(c *gin.Context) error {
	var events []mockserver.Event
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		events = e.c.Events(0)
	}
	exchange, leftOut := exchangeOf(events, maxAnswerBytes)
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"exchange": exchange, "left_out": leftOut})
	return nil
}

// learnerConsole is the session of the learner in the cookie, if any.
func (s *Server) learnerConsole(c *gin.Context) (*consoleEntry, bool, error) {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return nil, false, err
	}
	e, ok := s.consoles.peek(learner.ID)
	return e, ok, nil
}

// exchangeItem is one message of a live exercise's answer: the message
// itself when it is JSON, else its text as a string.
type exchangeItem struct {
	From    string          `json:"from"`
	Message json.RawMessage `json:"message"`
}

// exchangeOf writes events as the exchange of a live exercise, within
// limit bytes once wrapped in {"answer": {"exchange": …}}: when the
// session is longer, its oldest messages are left out, and leftOut says
// how many.
func exchangeOf(events []mockserver.Event, limit int) (items []exchangeItem, leftOut int) {
	items = make([]exchangeItem, 0, len(events))
	sizes := make([]int, 0, len(events))
	total := len(`{"answer":{"exchange":[]}}`)
	for _, e := range events {
		it := exchangeItem{From: "client"}
		if e.Direction == mockserver.DirectionOut {
			it.From = "server"
		}
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(e.Raw)) == nil {
			it.Message = compact.Bytes()
		} else {
			it.Message, _ = json.Marshal(e.Raw)
		}
		b, _ := json.Marshal(it)
		items = append(items, it)
		sizes = append(sizes, len(b)+1)
		total += len(b) + 1
	}
	if len(items) > 0 {
		total-- // n items take n-1 commas
	}
	drop := 0
	for total > limit && drop < len(items) {
		total -= sizes[drop]
		drop++
	}
	return items[drop:], drop
}

// exchangeAnswer is the answer text of a live exercise for events, and how
// many messages it holds when some had to be left out (else 0).
func exchangeAnswer(events []mockserver.Event) (string, int, error) {
	items, leftOut := exchangeOf(events, maxAnswerBytes)
	b, err := json.Marshal(map[string]any{"exchange": items})
	if err != nil {
		return "", 0, fmt.Errorf("encode the exchange: %w", err)
	}
	kept := 0
	if leftOut > 0 {
		kept = len(items)
	}
	return string(b), kept, nil
}
