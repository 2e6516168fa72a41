package pagevm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/web/view"
)

// This file turns an exchange's events into the view models of its
// timeline and diagram (view.Exchange). The console's page, its JSON API
// and its event stream share it, so a message reads the same whichever way
// it reached the browser.

// pairColours is how many colours the timeline cycles through to pair a
// request with its response (CSS classes pair-0 … pair-5). The label
// ("response to #5") says the same in words.
const pairColours = 6

// maxShownJSON bounds the text of one message laid out for the timeline;
// a longer one is shown as sent, without indentation.
const maxShownJSON = 64 << 10

// MaxDiagramEvents is how many of the latest messages the diagram draws: a
// long session stays readable, and the timeline keeps them all.
const MaxDiagramEvents = 150

// ExchangeWords are the words of view.Exchange, from the console's.
func ExchangeWords(x *i18n.ConsoleUI) view.ExchangeWords {
	return view.ExchangeWords{
		TimelineTitle: x.TimelineTitle, TimelineEmpty: x.TimelineEmpty,
		DiagramTitle: x.DiagramTitle, DiagramEmpty: x.DiagramEmpty,
		ServerWaits: x.ServerWaits, WriteAnswer: x.WriteAnswer,
		ConvProblem: x.ConvProblem, MentionOn: x.MentionOn,
		FoldShow: x.FoldShow, FoldHide: x.FoldHide, ToArrow: x.ToArrow,
	}
}

// ItemContext is what laying out one event needs beyond the event.
type ItemContext struct {
	// Lang is the page's language: the event's report and mentions are
	// given in it (exchange.Event.In), whichever the exchange judged in.
	Lang i18n.Lang
	// Waiting tells whether a server request still waits for the learner;
	// AnswerURL builds the link that opens the editor with its response.
	Waiting   func(seq int) bool
	AnswerURL func(seq int) string
	// DrawnFrom is the first message the diagram draws (0: all of them):
	// only those link to their arrow.
	DrawnFrom int
}

// ExchangeItem lays out one event of an exchange, in the page's language.
func ExchangeItem(ctx ItemContext, e exchange.Event) view.ExchangeItemVM {
	x := i18n.ConsoleFor(ctx.Lang)
	e = e.In(ctx.Lang)
	vm := view.ExchangeItemVM{
		Seq: e.Seq, Version: e.Version(), From: e.From, Kind: string(e.Kind), Method: e.Method, ID: string(e.ID),
		JSON: markdown.HighlightJSON(indentJSON(e.Raw)),
	}
	if e.Seq >= ctx.DrawnFrom {
		vm.Arrow = arrowID(e.Seq)
	}
	if !e.Time.IsZero() {
		vm.Time = e.Time.Format("15:04:05.000")
	}
	vm.FromLabel = DirectionWord(x, e.From)
	relate(x, &vm, e)
	if e.Kind == grader.KindRequest && e.From == grader.SenderServer && e.CancelledBy == 0 && ctx.Waiting != nil && ctx.Waiting(e.Seq) {
		vm.AnswerURL = ctx.AnswerURL(e.Seq)
	}
	rep := e.Report
	vm.Valid = rep.Valid
	vm.ReportLabel = x.ReportOK
	switch n := len(rep.Diagnostics); {
	case !rep.Valid:
		vm.ReportLabel = i18n.Sprintf(ctx.Lang, x.ReportCount, n)
	case n > 0:
		vm.ReportLabel = i18n.Sprintf(ctx.Lang, x.ReportValidWith, n)
	}
	vm.DiagSummary = vm.ReportLabel
	for _, d := range rep.Diagnostics {
		vm.Diagnostics = append(vm.Diagnostics, view.ExchangeDiagVM{
			Severity: d.Severity, Message: exercise.InlineHTML(d.Message), Pointer: d.Pointer, Code: d.Code,
		})
		vm.Conversation = vm.Conversation || isConversation(d)
	}
	for _, m := range e.Mentions {
		vm.Mentions = append(vm.Mentions, view.ExchangeMentionVM{
			Seq: m.Seq, Severity: m.Severity, Message: exercise.InlineHTML(m.Message), Code: m.Code,
		})
		vm.Conversation = true
	}
	return vm
}

// isConversation tells a conversation checker's diagnostic from the
// single-message checker's.
func isConversation(d grader.Diagnostic) bool { return strings.HasPrefix(d.Code, "session.") }

// Related are the events an event's conversation problems refer to, by
// number.
func Related(e exchange.Event) []int {
	var out []int
	for _, d := range e.Report.Diagnostics {
		for _, idx := range d.Related {
			out = append(out, idx+1)
		}
	}
	return out
}

// relate writes how e relates to the other messages: its kind, its
// partner, its status.
func relate(x *i18n.ConsoleUI, vm *view.ExchangeItemVM, e exchange.Event) {
	switch e.Kind {
	case grader.KindRequest:
		vm.KindLabel, vm.Pair = x.KindRequest, pairClass(e.Seq)
		switch {
		case e.AnsweredBy > 0:
			vm.Status, vm.AnsweredBy, vm.StatusLabel = "answered", e.AnsweredBy, fmt.Sprintf(x.AnsweredBy, e.AnsweredBy)
		case e.CancelledBy > 0:
			vm.Status, vm.CancelledBy, vm.StatusLabel = "cancelled", e.CancelledBy, fmt.Sprintf(x.CancelledBy, e.CancelledBy)
		default:
			vm.Status, vm.StatusLabel = "waiting", x.Waiting
		}
	case grader.KindNotification:
		vm.KindLabel, vm.Status, vm.StatusLabel = x.KindNotification, "noreply", x.NoReply
	case grader.KindResponse, grader.KindError:
		vm.KindLabel = x.KindResponse
		switch {
		case e.Kind == grader.KindError:
			vm.KindLabel = x.KindError
		case exchange.ToolFailed(e.Raw):
			vm.KindLabel, vm.ToolError = x.KindToolError, true
		}
		if e.Answers > 0 {
			vm.Pair, vm.Status, vm.ReplyTo, vm.StatusLabel = pairClass(e.Answers), "reply", e.Answers, fmt.Sprintf(x.ReplyTo, e.Answers)
		} else {
			vm.Status, vm.StatusLabel = "orphan", x.ReplyToNothing
		}
	default:
		vm.KindLabel = x.KindInvalid
		if e.Answers > 0 {
			vm.Status, vm.ReplyTo, vm.StatusLabel = "reply", e.Answers, fmt.Sprintf(x.ReplyTo, e.Answers)
		}
	}
}

func pairClass(requestSeq int) string {
	return fmt.Sprintf("pair-%d", requestSeq%pairColours)
}

// indentJSON lays out a JSON message over lines for reading; text that is
// not JSON is shown as it is.
func indentJSON(raw string) string {
	if len(raw) > maxShownJSON {
		return raw
	}
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(raw), "", "  "); err != nil {
		return raw
	}
	return b.String()
}

// Diagram draws an exchange's diagram with the lessons' sequence diagrams
// ("" when it is empty); log says why it could not, which is a bug.
func Diagram(log *slog.Logger, l i18n.Lang, d exchange.Diagram) template.HTML {
	return diagramWith(log, i18n.ConsoleFor(l), l, d)
}

// diagramWith draws it with x's lane labels (the check page's client is
// the playground, its server the learner's).
func diagramWith(log *slog.Logger, x *i18n.ConsoleUI, l i18n.Lang, d exchange.Diagram) template.HTML {
	if len(d.Arrows) == 0 {
		return ""
	}
	svg, err := markdown.SequenceSVGLinked(diagramSource(x, d), l, func(n int) markdown.SequenceLink {
		if n >= len(d.Arrows) {
			return markdown.SequenceLink{}
		}
		seq := d.Arrows[n].Seq
		// The arrow's own text ("#3 tools/list (id 2)") names the link.
		id := arrowID(seq)
		return markdown.SequenceLink{Href: "#msg-" + id[len("arrow-"):], ID: id}
	})
	if err != nil {
		// The source is built here from sanitised labels: an error is a bug.
		log.Error("draw an exchange's sequence diagram", "err", err)
		return ""
	}
	return svg
}

// arrowID is the element id of message seq's arrow in the diagram; the
// message links to it.
func arrowID(seq int) string { return "arrow-" + strconv.Itoa(seq) }

// diagramSource writes a diagram in the sequence syntax of
// internal/markdown: one arrow per message, labelled with its number in
// the timeline, its method or what it is, and its id; a message with an
// error is marked "!" and a request no response answered "?", so they are
// drawn apart from good ones.
func diagramSource(x *i18n.ConsoleUI, d exchange.Diagram) string {
	var b strings.Builder
	fmt.Fprintf(&b, "participant C as %s\nparticipant S as %s\n", diagramLabel(x.DiagramLearner), diagramLabel(x.DiagramServer))
	if d.Skipped > 0 {
		fmt.Fprintf(&b, "Note over C,S: %s\n", diagramLabel(fmt.Sprintf(x.DiagramEarlier, d.Skipped)))
	}
	for _, a := range d.Arrows {
		from, to := "C", "S"
		if a.From == grader.SenderServer {
			from, to = "S", "C"
		}
		id := ""
		if a.ID != "" {
			id = " (id " + diagramLabel(a.ID) + ")"
		}
		arrow, text := "->>", ""
		switch a.Kind {
		case grader.KindRequest:
			text = diagramCode(a.Method) + id
		case grader.KindNotification:
			arrow, text = "-)", diagramCode(a.Method)
		case grader.KindResponse:
			arrow, text = "-->>", diagramLabel(x.DiagramResult)+id
			if a.ToolFailed {
				// A result still, but the call failed: drawn as a failure.
				arrow, text = "--x", diagramLabel(x.DiagramToolFailed)+id
			}
		case grader.KindError:
			arrow, text = "--x", diagramLabel(fmt.Sprintf(x.DiagramError, diagramLabel(a.ErrorCode)))+id
		default:
			text = diagramLabel(x.DiagramInvalid)
		}
		mark := ""
		switch {
		case a.Invalid:
			mark = "!"
		case a.Unanswered:
			mark = "?"
		}
		fmt.Fprintf(&b, "%s%s%s%s: #%d %s\n", from, arrow, mark, to, a.Seq, text)
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

// DirectionWord is a sender's side in the timeline's words ("client →
// server"), "" when the sender is unknown.
func DirectionWord(x *i18n.ConsoleUI, from string) string {
	switch from {
	case grader.SenderClient:
		return x.FromLearner
	case grader.SenderServer:
		return x.FromServer
	}
	return ""
}
