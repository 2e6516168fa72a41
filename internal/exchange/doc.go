// Package exchange holds one MCP conversation as data: the ordered messages
// with their sender, each judged by the checker, paired with its partner,
// kept in a bounded timeline, written to and read from JSON Lines, and laid
// out for a sequence diagram. It knows no HTTP, no Gin and no SQLite.
//
// Four sources feed an exchange through one call, Add(Message{Raw, From,
// Line, Time}): the console's live session with the gift server
// (internal/console over the gift server's console transport, sender and
// time known), an explained log (one exchange per conversation of the log,
// internal/explain; sender maybe inferred, a line in the log,
// Options.Partial and Options.LateRequests), a check of a learner's server
// (one exchange per run, internal/servercheck, whose step reports are its
// events' reports), and a live exercise's answer (internal/exercise, which
// grades the session the learner wrote).
//
//	x := exchange.New(exchange.Options{Protocol: "", Lang: i18n.EN, MaxEvents: 300})
//	e := x.Add(exchange.Message{Raw: raw, From: grader.SenderClient, Time: now})
//	rep := x.Peek(draft, grader.SenderClient) // the report before sending
//	x.Events(after)                           // the timeline, in order
//	x.Waiting(grader.SenderServer)            // the server's requests still without a response
//	x.Diagram(150)                            // what the sequence diagram draws
//	x.WriteJSONLines(w); exchange.ReadJSONLines(r, opts)
//	x.WriteJSONLinesWith(w, direction) // each line's "direction" in a page's words
//
// An Event is numbered (Seq, from 1), says who sent it (grader.SenderClient,
// grader.SenderServer, or grader.SenderUnknown when the source cannot tell), what a receiver reads it as (Kind,
// Method, ID) and the checker's Report. Pairing is the conversation
// checker's (grader.Session.Place says which earlier message a message
// answers or cancels); the exchange writes both ends on its events. It goes
// both ways and survives any order: a response's Answers is the Seq of the
// request of the other side with the same id (1 and "1" differ; 1 and 1.0,
// "a" and "\u0061" do not, as grader.IDKey keys them), and that request's
// AnsweredBy is the response's Seq; an error with id null answers the
// other side's last message whose id could not be read, and an error with
// an id a message that was no request but whose id could be read;
// notifications/cancelled and the request it names point at each other
// (Cancels, CancelledBy). With Options.LateRequests a response logged
// before its request answers it, and is no longer told it answers nothing.
//
// The timeline is a ring of Options.MaxEvents events: adding one costs the
// same however long the conversation, and an event is found by its Seq in
// constant time. The checker remembers four times as many requests as the
// timeline keeps events (grader.SessionOptions.MaxIDs), so a response still
// pairs with a request the timeline has dropped, and a long conversation
// costs what its timeline costs.
//
// The exchange owns the ids, the pairing, the verdicts and the end of a
// conversation, as go-sdk's jsonrpc2.Connection owns its calls: a source
// that numbers its messages itself (an explained log, several
// conversations numbered over the whole log) gives each its Index with
// Options.Numbered, and every event, pair, mention and finding comes back
// in those numbers; End closes a conversation under the end's rules
// (Options.EndOfLog: a request left unanswered is an error; a 2026-07-28
// request whose stream was closed, Message.Closed, was cancelled) and
// places on the events the source's own findings about them (a log's), so
// that each event carries its one verdict. A source that reads a message
// as the reply to a request it sent says so (Message.ReplyTo): a reply the
// conversation cannot pair is still checked against that request. A
// message the source holds only the start of (Message.Cut) is judged by
// the conversation's rules alone.
//
// Each message is judged by the conversation checker (grader.Session) as the
// next message of the conversation: the single-message report, under the
// revision in force, a response checked against its request, plus the
// session.* diagnostics only the conversation shows. Such a diagnostic
// names the earlier messages it refers to (Related, 0-based indices: the
// event numbered index+1), and the exchange writes it on them too, as a
// Mention, so both ends of a problem show it. Peek judges a message as the
// next one without recording it; Findings is what only the end shows.
// Reports are written in Options.Lang, and in every other language at the
// same time: Event.In gives an event's report and mentions in another
// (grader.Report.In), so a page in another language than the session's
// shows the one verdict without judging the message again. An Exchange is
// safe for concurrent use.
package exchange
