package servercheck

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Bounds on what a server may send.
const (
	// MaxMessageBytes is the largest message read from a server.
	MaxMessageBytes = 1 << 20
	// MaxMessagesPerStep is the most messages one step reads before its
	// verdict (a server that floods notifications fails the step).
	MaxMessagesPerStep = 200
	// maxLogBytes is how much of the server's log (stderr) a step keeps.
	maxLogBytes = 16 << 10
	// inboxSize is the messages buffered between a transport and the run.
	inboxSize = 64
)

// Errors a transport reports on its inbox.
var (
	ErrTooLarge = errors.New("the message is larger than 1 MiB")
	ErrClosed   = errors.New("the server closed the connection")
	ErrPartial  = errors.New("the server closed the connection in the middle of a message")
	// ErrDied is an HTTP server that answered earlier and now refuses or
	// drops connections: it is gone, not wrong.
	ErrDied = errors.New("the server no longer accepts connections")
	// ErrNoReply ends a request whose HTTP response held no JSON-RPC
	// response: none will come.
	ErrNoReply = errors.New("the HTTP response held no JSON-RPC response")
)

// ExitedError is a server that exited before it answered anything: it
// did not start. Log is what it wrote on stderr (bounded), to be shown
// once.
type ExitedError struct {
	Err error
	Log string
}

func (e *ExitedError) Error() string {
	return "the server exited before it answered initialize: " + e.Err.Error()
}
func (e *ExitedError) Unwrap() error { return e.Err }

// Move is a redirect the HTTP transport followed: the endpoint is really
// at To.
type Move struct {
	From, To string
	Status   int
}

// mover is a transport that may have followed a redirect.
type mover interface{ Moved() (Move, bool) }

// Incoming is what a transport received: a message, or why nothing more
// will come (Err, with Final), or a problem with one message (Err).
type Incoming struct {
	Raw []byte
	Err error
	// Final marks the last Incoming: the server is gone.
	Final bool
	// Status is the HTTP status of a response that held no message.
	Status int
}

// SendInfo is what a transport needs to know of a message besides its text.
type SendInfo struct {
	Method   string // "" for a response
	Name     string // params.name or params.uri (2026-07-28 Mcp-Name)
	Request  bool   // a request: a reply is expected
	Revision string // the revision in force ("" before the handshake)
	// Stateless marks a 2026-07-28 request (no session).
	Stateless bool
}

// Transport carries messages to and from one server.
type Transport interface {
	// Send delivers one message. Replies and server messages arrive on
	// Inbox, whichever way the server sends them.
	Send(ctx context.Context, raw []byte, info SendInfo) error
	Inbox() <-chan Incoming
	// Log returns what the server logged (stderr) since the last call,
	// bounded.
	Log() string
	// Handshaken tells the transport that the handshake is done (HTTP opens
	// its GET stream then).
	Handshaken(revision string)
	// Close ends the connection, the process and every goroutine.
	Close() error
}

// deliver puts in on the inbox unless done is closed.
func deliver(inbox chan<- Incoming, done <-chan struct{}, in Incoming) bool {
	select {
	case inbox <- in:
		return true
	case <-done:
		return false
	}
}

// reachError is a failure to start or reach the server at all: the run
// stops and the command exits 2.
type reachError struct{ err error }

func (e *reachError) Error() string { return e.err.Error() }
func (e *reachError) Unwrap() error { return e.err }

// IsUnreachable reports whether err says the server could not be started or
// reached.
func IsUnreachable(err error) bool {
	var re *reachError
	return errors.As(err, &re)
}

var _ = context.Background

// Refused finds the address that refused the connection in err ("" when
// err is not a refused connection): nothing listens there.
func Refused(err error) string {
	if !errors.Is(err, syscall.ECONNREFUSED) {
		return ""
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Addr != nil {
		return op.Addr.String()
	}
	return "?"
}

// Describe says in words why a server could not be started or reached:
// nothing listening, a server that exited at start, or what failed on the
// way (netWords).
func Describe(err error, l i18n.Lang) string {
	i := 0
	if l == i18n.FR {
		i = 1
	}
	if addr := Refused(err); addr != "" {
		return fmt.Sprintf(words[msgNothingListening][i], addr)
	}
	var ex *ExitedError
	if errors.As(err, &ex) {
		return fmt.Sprintf(words[msgExitedAtStart][i], strings.TrimPrefix(ex.Err.Error(), ErrClosed.Error()+": "))
	}
	return netWords(err, l)
}
