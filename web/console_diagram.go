package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"unicode"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/view"
)

// maxDiagramEvents is how many of the latest messages the diagram draws: a
// long session stays readable, and the timeline keeps them all.
const maxDiagramEvents = 150

// consoleDiagram answers GET /api/console/diagram?lang=: the sequence
// diagram of the learner's session as an HTML fragment (an inline SVG), for
// the page's script to swap in as messages arrive.
func (s *Server) consoleDiagram(c *gin.Context) error {
	l := apiLang(c)
	var svg template.HTML
	if learner, ok, err := s.currentLearner(c); err != nil {
		return err
	} else if ok {
		if e, ok := s.consoles.peek(learner.ID); ok {
			svg = s.diagramOf(l, e.c.Events(0))
		}
	}
	html, err := renderString(c.Request.Context(), view.ConsoleDiagram(i18n.ConsoleFor(l), svg))
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(html))
	return nil
}

// diagramOf draws events with the lessons' sequence diagrams ("" when
// there are none).
func (s *Server) diagramOf(l i18n.Lang, events []mockserver.Event) template.HTML {
	if len(events) == 0 {
		return ""
	}
	svg, err := markdown.SequenceSVG(diagramSource(i18n.ConsoleFor(l), events), l)
	if err != nil {
		// The source is built here from sanitised labels: an error is a bug.
		s.log.Error("draw the console's sequence diagram", "err", err)
		return ""
	}
	return svg
}

// diagramSource writes a session in the sequence syntax of
// internal/markdown: one arrow per message, labelled with its number in
// the timeline, its method or what it is, and its id.
func diagramSource(x *i18n.ConsoleUI, events []mockserver.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "participant C as %s\nparticipant S as %s\n", diagramLabel(x.DiagramLearner), diagramLabel(x.DiagramServer))
	if skipped := len(events) - maxDiagramEvents; skipped > 0 {
		fmt.Fprintf(&b, "Note over C,S: %s\n", diagramLabel(fmt.Sprintf(x.DiagramEarlier, skipped)))
		events = events[skipped:]
	}
	for _, e := range events {
		from, to := "C", "S"
		if e.Direction == mockserver.DirectionOut {
			from, to = "S", "C"
		}
		id := ""
		if len(e.ID) > 0 && string(e.ID) != "null" {
			id = " (id " + diagramLabel(string(e.ID)) + ")"
		}
		arrow, text := "->>", ""
		switch e.Kind {
		case "request":
			text = diagramCode(e.Method) + id
		case "notification":
			arrow, text = "-)", diagramCode(e.Method)
		case "response":
			arrow, text = "-->>", diagramLabel(x.DiagramResult)+id
		case "error":
			arrow, text = "--x", diagramLabel(fmt.Sprintf(x.DiagramError, errorCode(e.Raw)))+id
		default:
			text = diagramLabel(x.DiagramInvalid)
		}
		fmt.Fprintf(&b, "%s%s%s: #%d %s\n", from, arrow, to, e.Seq, text)
	}
	return b.String()
}

// maxLabelRunes keeps one label of the diagram short; the timeline has the
// whole message.
const maxLabelRunes = 48

// diagramLabel makes learner text safe for one line of the sequence syntax: no
// line breaks or control characters, no backquotes (they switch the code
// font), and short. The SVG renderer escapes what remains.
func diagramLabel(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '`':
			return '\''
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > maxLabelRunes {
		s = string(r[:maxLabelRunes-1]) + "…"
	}
	return s
}

// diagramCode shows a method in code font.
func diagramCode(method string) string {
	m := diagramLabel(method)
	if m == "" {
		return "?"
	}
	return "`" + m + "`"
}

// errorCode reads error.code of an error response ("" when unreadable).
func errorCode(raw string) string {
	var m struct {
		Error struct {
			Code json.Number `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return ""
	}
	return diagramLabel(m.Error.Code.String())
}
