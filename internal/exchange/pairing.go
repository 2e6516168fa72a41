package exchange

import (
	"slices"

	"github.com/mcpplayground/playground/internal/grader"
)

// request is a message waiting for its response: a request, or an invalid
// message whose id could be read (the error that answers it carries it).
type request struct {
	seq    int
	from   grader.Sender
	method string
	valid  bool // a request, not an invalid message
}

// pairing finds the partner of each message: a response answers the
// request of the other side with the same id, in any order; an error with
// id null answers the last message of the other side whose id could not be
// read; notifications/cancelled names its sender's latest request with
// that id. A message of an unknown sender looks on both sides.
type pairing struct {
	inflight map[grader.Sender]map[grader.IDKey]request // sender → id key → request
	latest   map[grader.Sender]map[grader.IDKey]int     // sender → id key → Seq of its latest request
	unread   map[grader.Sender]int                      // sender → Seq of its last message without a readable id
	size     int                                        // entries in inflight and latest, for prune
	limit    int                                        // size at which prune looks
	// early holds, with Options.LateRequests, the responses that came
	// before their request: asker → id key → Seq of the response.
	early map[grader.Sender]map[grader.IDKey]int
}

func newPairing(maxEvents int, late bool) pairing {
	p := pairing{limit: 4*maxEvents + 64, inflight: map[grader.Sender]map[grader.IDKey]request{}, latest: map[grader.Sender]map[grader.IDKey]int{}, unread: map[grader.Sender]int{}}
	if late {
		p.early = map[grader.Sender]map[grader.IDKey]int{}
	}
	return p
}

// others are the senders whose requests a message of from may answer.
func others(from grader.Sender) []grader.Sender {
	switch from {
	case grader.SenderClient:
		return []grader.Sender{grader.SenderServer}
	case grader.SenderServer:
		return []grader.Sender{grader.SenderClient}
	}
	return []grader.Sender{grader.SenderClient, grader.SenderServer, grader.SenderUnknown}
}

// place pairs e (read as env) and records what later messages pair with.
func (p *pairing) place(e *Event, env grader.Envelope) {
	switch {
	case env.Kind == grader.KindRequest:
		p.latestOf(e.From)[env.Key] = e.Seq
		if seq := p.early[e.From][env.Key]; seq > 0 {
			delete(p.early[e.From], env.Key)
			e.AnsweredBy = seq
			return
		}
		p.put(e.From, env.Key, request{seq: e.Seq, from: e.From, method: env.Method, valid: true})
	case env.Kind == grader.KindInvalid && !env.Key.IsZero():
		p.put(e.From, env.Key, request{seq: e.Seq, from: e.From})
	case env.Kind == grader.KindInvalid:
		p.unread[e.From] = e.Seq
	case env.Kind == grader.KindNotification && !env.Cancels.IsZero():
		e.Cancels = p.latest[e.From][env.Cancels]
	case env.NullID:
		for _, o := range others(e.From) {
			if seq := p.unread[o]; seq > 0 {
				e.Answers, p.unread[o] = seq, 0
				return
			}
		}
	case !env.Key.IsZero():
		if side, r := p.find(e.From, env.Key); r != nil {
			delete(p.inflight[side], env.Key)
			e.Answers = r.seq
		} else if p.early != nil && (env.Kind == grader.KindResponse || env.Kind == grader.KindError) {
			p.keepEarly(e.From, env.Key, e.Seq)
		}
	}
}

// keepEarly remembers a response that answers no request yet, for the
// request with its id that may follow.
func (p *pairing) keepEarly(from grader.Sender, key grader.IDKey, seq int) {
	for _, o := range others(from) {
		m := p.early[o]
		if m == nil {
			m = map[grader.IDKey]int{}
			p.early[o] = m
		}
		if _, ok := m[key]; !ok {
			m[key] = seq
			p.size++
		}
	}
}

func (p *pairing) put(from grader.Sender, key grader.IDKey, r request) {
	m := p.inflight[from]
	if m == nil {
		m = map[grader.IDKey]request{}
		p.inflight[from] = m
	}
	m[key] = r
	p.size++
}

func (p *pairing) latestOf(from grader.Sender) map[grader.IDKey]int {
	m := p.latest[from]
	if m == nil {
		m = map[grader.IDKey]int{}
		p.latest[from] = m
	}
	p.size++
	return m
}

// find is the request of another side than from with id key.
func (p *pairing) find(from grader.Sender, key grader.IDKey) (grader.Sender, *request) {
	for _, o := range others(from) {
		if r, ok := p.inflight[o][key]; ok {
			return o, &r
		}
	}
	return "", nil
}

// answered is the request that a response read as env, sent by from,
// would answer (nil when none).
func (p *pairing) answered(from grader.Sender, env grader.Envelope) *request {
	if (env.Kind != grader.KindResponse && env.Kind != grader.KindError) || env.Key.IsZero() {
		return nil
	}
	_, r := p.find(from, env.Key)
	return r
}

// waiting lists the Seqs of from's requests without a response, in order.
func (p *pairing) waiting(from grader.Sender) []int {
	var out []int
	for _, r := range p.inflight[from] {
		if r.valid {
			out = append(out, r.seq)
		}
	}
	slices.Sort(out)
	return out
}

// prune forgets, once the maps hold many entries, the requests older than
// the timeline's first event, so that a long conversation whose requests go
// unanswered stays bounded. A late response to one of them pairs with
// nothing.
func (p *pairing) prune(first int) {
	if p.size < p.limit {
		return
	}
	p.size = 0
	for _, m := range p.inflight {
		for k, r := range m {
			if r.seq < first {
				delete(m, k)
			}
		}
		p.size += len(m)
	}
	for _, m := range p.early {
		for k, seq := range m {
			if seq < first {
				delete(m, k)
			}
		}
		p.size += len(m)
	}
	for _, m := range p.latest {
		for k, seq := range m {
			if seq < first {
				delete(m, k)
			}
		}
		p.size += len(m)
	}
}
