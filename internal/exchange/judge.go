package exchange

import (
	"log/slog"

	"github.com/mcpplayground/playground/internal/grader"
)

// judge gives each message its report with the single-message checker: a
// response is checked against the request it answers, under the revision
// in force, which the exchange follows itself (the initialize result's
// protocolVersion, or a 2026-07-28 request's _meta).
type judge struct {
	lang       string
	fallback   string // Options.Protocol
	negotiated string // what the handshake settled; "" before
	log        *slog.Logger
	// modern counts the 2026-07-28 requests in flight: what the other side
	// sends meanwhile speaks that revision too.
	modern map[string]int
}

func newJudge(opts Options) judge {
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return judge{lang: opts.Lang, fallback: opts.Protocol, log: log, modern: map[string]int{}}
}

func (j *judge) protocol() string {
	if j.negotiated != "" {
		return j.negotiated
	}
	return j.fallback
}

// revision is the revision a message is read under; req is the request it
// answers (nil if none).
func (j *judge) revision(from string, env envelope, req *request) string {
	switch {
	case env.kind == KindRequest && grader.KnownRevision(env.modern):
		return env.modern
	case req != nil && req.rev != "":
		return req.rev
	case req != nil && req.method == "initialize" && env.kind == KindResponse && grader.KnownRevision(env.version):
		return env.version
	}
	if j.negotiated == "" {
		for _, o := range others(from) {
			if j.modern[o] > 0 {
				return grader.Rev20260728
			}
		}
	}
	return j.protocol()
}

// add judges a message and follows what it changes: the handshake's
// revision, the 2026-07-28 requests in flight.
func (j *judge) add(raw []byte, from string, env envelope, req *request) grader.Report {
	rev := j.revision(from, env, req)
	switch {
	case env.kind == KindRequest && grader.KnownRevision(env.modern):
		j.modern[from]++
	case req != nil && req.rev != "":
		j.modern[req.from]--
	case req != nil && req.method == "initialize" && env.kind == KindResponse && grader.KnownRevision(env.version):
		j.negotiated = env.version
	}
	return j.check(raw, from, rev, req)
}

// peek judges a message without following it.
func (j *judge) peek(raw []byte, from string, env envelope, req *request) grader.Report {
	return j.check(raw, from, j.revision(from, env, req), req)
}

func (j *judge) check(raw []byte, from, rev string, req *request) (rep grader.Report) {
	defer func() {
		if r := recover(); r != nil {
			j.log.Error("checker panicked", "panic", r)
			rep = grader.Report{Protocol: rev, Kind: grader.KindInvalid, Diagnostics: []grader.Diagnostic{}}
		}
	}()
	opts := grader.Options{Protocol: rev, Lang: j.lang, Sender: from}
	if req != nil {
		opts.Request = req.raw
	}
	return grader.Check(raw, opts)
}
