package exchange

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Options tune an exchange.
type Options struct {
	// Protocol is the revision assumed until the conversation negotiates
	// one ("" is grader.DefaultRevision).
	Protocol string
	// Lang is the language of the reports ("" is i18n.EN).
	Lang i18n.Lang
	// MaxEvents bounds the timeline kept (default 1000); the oldest events
	// are dropped first. Pairing and the checker still know them.
	MaxEvents int
	// MaxRawBytes, when set, bounds the text of the messages kept: past
	// it, a message longer than a preview is kept as its beginning and its
	// size, as one over grader.MaxSize is, and judged whole all the same
	// (a server check's run).
	MaxRawBytes int
	// Partial says the conversation is a piece of a longer one (a log that
	// starts mid-session): the checker assumes the handshake done before
	// it (grader.SessionOptions.Partial).
	Partial bool
	// LateRequests pairs a response that comes before its request (a log
	// merged from two captures whose clocks differ) with the first request
	// of the other side with its id that follows it. A live session leaves
	// it off: there, a stray response must not answer a later request.
	LateRequests bool
	// Expect is the number of messages about to be added, when it is known
	// (a log read whole): the timeline is allocated for them at once
	// instead of growing by doubling.
	Expect int
	// Numbered says the caller numbers its messages itself
	// (Message.Index): the exchange then speaks in those numbers wherever
	// it hands out an event, a pair, a mention or a finding
	// (numbering.go).
	Numbered bool
	// EndOfLog says the conversation is a log read after the fact: at its
	// End, a request left unanswered is an error, the client having
	// waited in vain (end.go).
	EndOfLog bool
	// ClosedCancels is the finding End says, in 2026-07-28, instead of
	// "unanswered" about a request whose response stream the client closed
	// (Message.Closed): the way that revision cancels over HTTP. Empty:
	// nothing is said.
	ClosedCancels grader.Finding
	// Log receives what should never happen (the checker panicking); nil
	// discards it.
	Log *slog.Logger
}

// Message is one message given to Add, as a source knows it.
type Message struct {
	Raw  []byte
	From grader.Sender
	// Inferred is true when From was guessed (from the method, say) rather
	// than read from the source.
	Inferred bool
	Line     int       // where the message starts in an imported text; 0 if none
	Time     time.Time // when it was sent or seen; zero if unknown
	// Cut is true for a message the source holds only the start of (a
	// client's log that cut it and said so): it is placed and paired as
	// far as it goes, and only the conversation's rules judge it, since
	// what the cut removed or shortened is no fault of its sender.
	Cut bool
	// Index is the caller's own number for the message (Options.Numbered),
	// from 0.
	Index int
	// Closed is true for a request whose HTTP response stream the client
	// closed before an answer came (Options.ClosedCancels).
	Closed bool
	// ReplyTo is the Seq of the request the source read this message as
	// the reply to, when it knows (a check reads the reply to the request
	// it just sent): a reply the conversation cannot pair with it (its id
	// is wrong) is still checked against that request.
	ReplyTo int
}

// Event is one message of the exchange, placed and judged.
type Event struct {
	Seq      int           `json:"seq"` // 1-based position in the exchange
	From     grader.Sender `json:"from"`
	Inferred bool          `json:"inferred,omitempty"`
	Line     int           `json:"line,omitempty"`
	Time     time.Time     `json:"time"`
	Raw      string        `json:"raw"`
	// Kind, Method and ID are what a receiver reads: Kind is request,
	// notification, response, error (an error response) or invalid; ID is
	// the id as written, compact.
	Kind   grader.Kind     `json:"kind"`
	Method string          `json:"method,omitempty"`
	ID     json.RawMessage `json:"id,omitempty"`
	// Report is the checker's verdict on the message, warnings included.
	Report grader.Report `json:"report"`
	// Answers is, on a response, the Seq of the request it answers, and
	// AnsweredBy, on a request, the Seq of its response; 0 when none.
	Answers    int `json:"answers,omitempty"`
	AnsweredBy int `json:"answered_by,omitempty"`
	// Cancels is, on notifications/cancelled, the Seq of the request it
	// names, and CancelledBy, on that request, the Seq of the notification.
	Cancels     int `json:"cancels,omitempty"`
	CancelledBy int `json:"cancelled_by,omitempty"`
	// Mentions are the conversation problems found on later messages that
	// refer to this one (their session.* diagnostics' Related), so that
	// both ends of a problem show it: "id 5 was already used by message
	// #9" on #9, and a mention of #9 on #5.
	Mentions []Mention `json:"mentions,omitempty"`
}

// Mention is a conversation problem found on another message that refers
// to this one.
type Mention struct {
	Seq      int    `json:"seq"` // the message it was found on
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	// of is the problem as found, to say it in another language (In).
	of grader.Diagnostic
}

// In is m in lang, as the checker wrote it in that language.
func (m Mention) In(lang i18n.Lang) Mention {
	if m.of.Message == m.Message {
		m.of = m.of.In(lang)
		m.Message = m.of.Message
	}
	return m
}

// In is e with its report and its mentions in lang, as the checker wrote
// them in that language when it judged the message (grader.Report.In):
// nothing is judged again.
func (e Event) In(lang i18n.Lang) Event {
	e.Report = e.Report.In(lang)
	if len(e.Mentions) > 0 {
		ms := make([]Mention, len(e.Mentions))
		for i, m := range e.Mentions {
			ms[i] = m.In(lang)
		}
		e.Mentions = ms
	}
	return e
}

// Version is the Seq of the latest message that changed e: its own, or a
// later one that answered it, cancelled it or mentioned it. A later event
// only ever adds to an earlier one, so of two copies of one event the one
// with the higher Version is the newer; a page that receives copies out of
// order (a reply to its POST after the event stream) keeps the newer.
func (e Event) Version() int {
	v := max(e.Seq, e.AnsweredBy, e.CancelledBy)
	for _, m := range e.Mentions {
		v = max(v, m.Seq)
	}
	return v
}

// maxMentions bounds the mentions kept on one event: a message many
// others refer to (an initialize repeated all session long) stays small.
const maxMentions = 8

// Exchange is one conversation. It is safe for concurrent use.
type Exchange struct {
	opts Options

	mu    sync.Mutex
	seq   int
	tl    ring
	judge judge
	// rawKept is the text of the messages kept so far (MaxRawBytes).
	rawKept int
	// index is the caller's number of each message, by Seq-1, and seqOf
	// the way back (Options.Numbered).
	index []int
	seqOf map[int]int
	// closed holds the 0-based indices of the requests whose stream the
	// client closed (Message.Closed).
	closed map[int]bool
}

// New starts an empty exchange.
func New(opts Options) *Exchange {
	if opts.Protocol == "" {
		opts.Protocol = grader.DefaultRevision
	}
	if opts.MaxEvents <= 0 {
		opts.MaxEvents = 1000
	}
	tl := ring{max: opts.MaxEvents}
	if opts.Expect > 0 {
		tl.events = make([]Event, 0, min(opts.Expect, opts.MaxEvents))
	}
	return &Exchange{
		opts:  opts,
		tl:    tl,
		judge: newJudge(opts),
	}
}

// maxKept bounds the text kept of a message over grader.MaxSize: its start
// stands for it in the timeline.
const maxKept = 2048

// Add places m as the next message of the exchange: it is numbered, paired
// with the request it answers (or the request it cancels), judged, and kept
// in the timeline. It returns the event as recorded.
func (x *Exchange) Add(m Message) Event {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.seq++
	x.number(x.seq, m.Index)
	if m.Closed {
		if x.closed == nil {
			x.closed = map[int]bool{}
		}
		x.closed[x.seq-1] = true
	}
	e := Event{Seq: x.seq, From: m.From, Inferred: m.Inferred, Line: m.Line, Time: m.Time, Raw: string(m.Raw)}
	if len(m.Raw) > grader.MaxSize || (x.opts.MaxRawBytes > 0 && x.rawKept+len(m.Raw) > x.opts.MaxRawBytes && len(m.Raw) > maxKept) {
		e.Raw = fmt.Sprintf("%s… (%d bytes)", strings.ToValidUTF8(string(m.Raw[:maxKept]), ""), len(m.Raw))
	}
	x.rawKept += len(e.Raw)
	rep, l := x.judge.place(m.Raw, e.From)
	if m.ReplyTo > 0 && l.Answers < 0 {
		rep = x.againstRequest(rep, m, e.From)
	}
	if m.Cut {
		rep = asFarAsItGoes(rep)
	}
	e.Report, e.Kind, e.Method, e.ID = rep, l.Envelope.Kind, l.Envelope.Method, l.Envelope.ID
	e.Answers, e.AnsweredBy, e.Cancels = seqOf(l.Answers), seqOf(l.AnsweredBy), seqOf(l.Cancels)
	x.link(&e)
	x.mention(e)
	x.tl.push(e)
	return x.own(e)
}

// seqOf is the Seq of the message at index i of the conversation (0 when
// i is -1, no message).
func seqOf(i int) int { return i + 1 }

// link writes the other half of e's pairs on the events kept. A request
// answered by a response that came before it (Options.LateRequests) takes
// back what that response was told: it answers something after all.
func (x *Exchange) link(e *Event) {
	if r := x.tl.at(e.Answers); r != nil && e.Answers > 0 {
		r.AnsweredBy = e.Seq
	}
	if r := x.tl.at(e.AnsweredBy); r != nil && e.AnsweredBy > 0 {
		r.Answers = e.Seq
		unblame(&r.Report, "session.response.unknown-id")
	}
	if r := x.tl.at(e.Cancels); r != nil && e.Cancels > 0 {
		r.CancelledBy = e.Seq
	}
}

// againstRequest is the report on a reply the conversation could not pair
// with the request its source read it as the reply to (m.ReplyTo): the
// reply checked against that request (a wrong id is said as such), with
// what the conversation found on it.
func (x *Exchange) againstRequest(conv grader.Report, m Message, from grader.Sender) grader.Report {
	req := x.tl.at(x.inside(m.ReplyTo))
	if req == nil {
		return conv
	}
	rep := grader.Check(m.Raw, grader.Options{Protocol: conv.Protocol, Lang: x.opts.Lang, Request: []byte(req.Raw), Sender: from})
	for _, d := range conv.Diagnostics {
		if strings.HasPrefix(d.Code, "session.") && !slices.ContainsFunc(rep.Diagnostics, func(o grader.Diagnostic) bool { return o.Code == d.Code }) {
			rep.Diagnostics = append(rep.Diagnostics, d)
			rep.Valid = rep.Valid && d.Severity != grader.SeverityError
		}
	}
	return rep
}

// asFarAsItGoes is the report of a message cut short by its source: the
// conversation's findings (session.*) only, the verdict theirs.
func asFarAsItGoes(rep grader.Report) grader.Report {
	kept := []grader.Diagnostic{}
	rep.Valid = true
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Code, "session.") {
			kept = append(kept, d)
			rep.Valid = rep.Valid && d.Severity != grader.SeverityError
		}
	}
	rep.Diagnostics = kept
	return rep
}

// unblame drops the diagnostics of code from rep, and its verdict with
// them when they were its only errors.
func unblame(rep *grader.Report, code string) {
	kept := rep.Diagnostics[:0:0]
	for _, d := range rep.Diagnostics {
		if d.Code != code {
			kept = append(kept, d)
		}
	}
	if len(kept) == len(rep.Diagnostics) {
		return
	}
	rep.Diagnostics, rep.Valid = kept, true
	for i, d := range kept {
		if d.Severity == grader.SeverityError {
			rep.Valid = false
			if !slices.ContainsFunc(kept, func(d grader.Diagnostic) bool { return d.Blocking }) {
				kept[i].Blocking = true
			}
		}
	}
}

// mention writes e's conversation problems on the earlier events they
// refer to.
func (x *Exchange) mention(e Event) {
	for _, d := range e.Report.Diagnostics {
		for _, idx := range d.Related {
			r := x.tl.at(idx + 1)
			if r == nil || r.Seq == e.Seq || len(r.Mentions) >= maxMentions {
				continue
			}
			r.Mentions = append(r.Mentions, Mention{Seq: e.Seq, Code: d.Code, Severity: d.Severity, Message: d.Message, of: d})
		}
	}
}

// Peek judges raw as the next message, sent by from, without recording it
// (the report before sending): a response is checked against the request
// it would answer, and the conversation checker says what the message
// would mean now ("id 5 was already used by message #9").
func (x *Exchange) Peek(raw []byte, from string) grader.Report {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.judge.peek(raw, from)
}

// Findings are what only the end of the conversation shows (a request
// never answered, …), as the conversation checker finds them now; a
// finding's Messages are indices, the event numbered index+1.
func (x *Exchange) Findings() []grader.Finding {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.findingsOwn(x.judge.sess.End())
}

// Answering is the waiting request that raw, sent by from, would answer.
func (x *Exchange) Answering(raw []byte, from string) (Event, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if i, ok := x.judge.sess.Answering(raw, from); ok {
		if e := x.tl.at(seqOf(i)); e != nil {
			return x.own(*e), true
		}
	}
	return Event{}, false
}

// Events returns the events kept whose Seq is greater than after, in order.
func (x *Exchange) Events(after int) []Event {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ownAll(x.tl.after(x.inside(after)))
}

// Drain hands over the events kept, oldest first, and empties the
// timeline: a reader done adding (an explained log) takes them without a
// copy. Pairing, the checker and Findings are as they were.
func (x *Exchange) Drain() []Event {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ownAll(x.tl.drain())
}

// Event returns the event numbered seq, if it is still kept.
func (x *Exchange) Event(seq int) (Event, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if e := x.tl.at(x.inside(seq)); e != nil {
		return x.own(*e), true
	}
	return Event{}, false
}

// Len is the number of messages added (kept or not).
func (x *Exchange) Len() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.seq
}

// Protocol is the revision in force: the one the handshake negotiated, or
// Options.Protocol.
func (x *Exchange) Protocol() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.judge.protocol()
}

// Waiting returns the requests sent by from that are still kept and wait
// for a response (none came, none was cancelled), in order.
func (x *Exchange) Waiting(from string) []Event {
	x.mu.Lock()
	defer x.mu.Unlock()
	out := []Event{}
	for _, i := range x.judge.sess.Waiting(from) {
		if e := x.tl.at(seqOf(i)); e != nil {
			out = append(out, x.own(*e))
		}
	}
	return out
}
