package grader

import "github.com/mcpplayground/playground/internal/i18n"

// The conversation checker. A Session follows the messages of one MCP session in
// order, each with its sender, and adds to the single-message report what only
// the conversation shows: ids reused, requests before the handshake, responses
// that answer nothing, progress and cancellations that refer to nothing,
// capabilities used without being declared. It has no I/O and keeps no message
// text: per request it keeps a few words (see reqState), and at most
// MaxSessionIDs of them (see Session.remember for what happens past that).

// MaxSessionIDs bounds the request ids a Session remembers. Past it, the oldest
// answered ids are forgotten first (a reuse of one is no longer seen); when
// every remembered id is still waiting for its response, new requests are not
// remembered. From the first forgotten id on, the session no longer reports
// responses, progress or cancellations that quote an unknown id, since it cannot
// tell them from forgotten ones; the message where this starts carries the info
// session.limit.
const MaxSessionIDs = 100_000

// SessionOptions tune a conversation check.
type SessionOptions struct {
	Protocol string    // the revision assumed until a handshake negotiates one; "" = DefaultRevision
	Lang     i18n.Lang // i18n.EN (default) or i18n.FR
	// Partial says the conversation is a piece of a longer one (a log that
	// starts mid-session): the handshake is assumed done before the first
	// message, and responses, progress and cancellations that quote an id the
	// session has not seen are not reported (their request may be before the
	// piece).
	Partial bool
	// LateRequests pairs a response that comes before its request (a log
	// merged from two captures whose clocks differ) with the first request
	// of the other side with its id that follows it (Link.AnsweredBy). A
	// live session leaves it off: there, a stray response must not answer
	// a later request.
	LateRequests bool
	// MaxIDs bounds the request ids remembered (0: MaxSessionIDs): a
	// caller that keeps a short timeline of a long conversation (the
	// console) keeps the checker's memory near it too.
	MaxIDs int
}

// Session follows one MCP session message by message (no HTTP, no I/O). It is
// not safe for concurrent use.
type Session struct {
	lang   i18n.Lang
	rev    string // revision in force
	n      int    // messages added
	maxIDs int

	// ids holds the requests of each side (client 0, server 1) by id; tokens
	// the same requests by progress token. answered lists answered requests,
	// oldest first, for forgetting when maxIDs is reached.
	ids      [2]map[IDKey]*reqState
	tokens   [2]map[IDKey]*reqState
	answered []answeredRef
	count    int  // entries in ids
	forgot   bool // an id was forgotten or not remembered
	partial  bool // SessionOptions.Partial
	late     bool // SessionOptions.LateRequests

	// Pairing beyond requests (session_pair.go), by side: the last message
	// whose id could not be read, the messages that were no request but
	// whose id could be read, and the responses that came before their
	// request.
	unread [2]int
	bad    [2]map[IDKey]int
	early  [2]map[IDKey]int

	initReq     int // index of the initialize request, -1 when none is open or done
	initResult  int // index of its successful response, -1 before it
	initialized int // index of notifications/initialized, -1 before it
	caps        [2]capState
	last        [2]lastSent // the last message of each side (client 0, server 1)

	p   parser // scratch: the tree of the message being judged
	buf []byte // scratch: the request text a response is checked against
}

// lastSent is what an id-less error needs to know of the other side's last
// message: whether it was a notification, which gets no answer.
type lastSent struct {
	idx    int
	notif  bool
	method string
}

// capState is what one side declared: a set of capability bits and the
// message that declared them (-1: not known, so nothing is checked).
type capState struct {
	bits capBits
	at   int
}

// reqState is what a session remembers of one request.
type reqState struct {
	idx      int    // index of the request
	key      IDKey  // its id
	method   string // interned from the method tables when known
	task     bool   // params.task: the result is a task (2025-11-25)
	token    IDKey  // progress token, kind 0 when none
	resp     int    // index of its response, -1 while waiting
	cancel   int    // index of its cancellation, -1 when none
	progAt   int    // index of its last progress notification, -1 when none
	progress float64
}

type answeredRef struct {
	side int
	key  IDKey
	idx  int // the request's index, to tell a stale entry from a reused id
}

// NewSession starts a conversation check.
func NewSession(opts SessionOptions) *Session {
	rev := opts.Protocol
	if rev == "" {
		rev = DefaultRevision
	}
	lang := i18n.EN
	if opts.Lang == i18n.FR {
		lang = i18n.FR
	}
	maxIDs := opts.MaxIDs
	if maxIDs <= 0 {
		maxIDs = MaxSessionIDs
	}
	s := &Session{lang: lang, rev: rev, maxIDs: maxIDs,
		initReq: -1, initResult: -1, initialized: -1,
		caps: [2]capState{{at: -1}, {at: -1}}, partial: opts.Partial, late: opts.LateRequests,
		unread: [2]int{-1, -1}}
	for i := range s.ids {
		s.ids[i] = map[IDKey]*reqState{}
		s.tokens[i] = map[IDKey]*reqState{}
	}
	return s
}

// Len is the number of messages added.
func (s *Session) Len() int { return s.n }

// Protocol is the revision in force: negotiated by initialize, or SessionOptions.Protocol.
func (s *Session) Protocol() string { return s.rev }

// Peek judges raw as the next message of the session, sent by from, without
// recording it (the console's "report before sending").
func (s *Session) Peek(raw []byte, from Sender) Report {
	rep, _ := s.judge(raw, from)
	s.p.clear() // the tree aliases the caller's text
	return rep
}

// Add judges raw as the next message and records it. The report is the
// single-message report (a response automatically checked against its request,
// under the negotiated revision) plus diagnostics whose codes begin with
// "session.". The message's index is the number of messages added before it
// (0-based).
func (s *Session) Add(raw []byte, from Sender) Report {
	rep, _ := s.Place(raw, from)
	return rep
}

// Finding is a diagnostic about a conversation (or, in an explained log,
// about the log itself), as the explain JSON shows it.
type Finding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Messages []int  `json:"messages"` // indices of the messages concerned, in order
	Message  string `json:"message"`
	Lesson   string `json:"lesson,omitempty"`
	Line     int    `json:"line,omitempty"`   // for a problem of a log: the line of the log
	Detail   string `json:"detail,omitempty"` // for a problem of a log: the text it is about
	// texts is Message in every language (In); nil for a finding not
	// written by the checker.
	texts *texts
}

// side numbers a sender: 0 client, 1 server, -1 unknown.
func side(from Sender) int {
	switch from {
	case SenderClient:
		return 0
	case SenderServer:
		return 1
	}
	return -1
}

// sideWords names a side in both languages, for {extra}.
var sideWords = [2][2]string{{"client", "client"}, {"server", "serveur"}}
