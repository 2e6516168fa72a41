// Package servercheck is the playground as a client: it runs a server
// exercise (internal/exercise, kind "server") against the learner's own MCP
// server, over stdio (a command it starts) or Streamable HTTP (a URL), and
// grades every reply with the same checker and the same kind of feedback as
// any exercise.
//
// A Run gives one Result per exercise: each step's status (passed, failed or
// skipped, never passed when it did not run), the message sent, the reply,
// the checker's report, the checks and, for the timeline, every message of
// the step with its sender ("client" or "server").
//
// A server that misbehaves never hurts the caller: every step is bounded in
// time (Options.Timeout), every message in size (MaxMessageBytes) and every
// step in messages (MaxMessagesPerStep); Close ends the process (its process
// group), the HTTP requests and streams, and every goroutine the run started.
//
// Lint is the part of `playground check-content` that needs a server: a
// server exercise's solution is the bundled gift server, which must pass it
// in every revision the exercise runs in, and each mistake mode the exercise
// claims to catch must fail it at that step.
package servercheck
