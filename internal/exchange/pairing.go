package exchange

import "slices"

// request is a message waiting for its response: a request, or an invalid
// message whose id could be read (the error that answers it carries it).
type request struct {
	seq    int
	from   string
	method string
	valid  bool // a request, not an invalid message
}

// pairing finds the partner of each message: a response answers the
// request of the other side with the same id, in any order; an error with
// id null answers the last message of the other side whose id could not be
// read; notifications/cancelled names its sender's latest request with
// that id. A message of an unknown sender looks on both sides.
type pairing struct {
	inflight map[string]map[string]request // sender → id key → request
	latest   map[string]map[string]int     // sender → id key → Seq of its latest request
	unread   map[string]int                // sender → Seq of its last message without a readable id
	size     int                           // entries in inflight and latest, for prune
	limit    int                           // size at which prune looks
}

func newPairing(maxEvents int) pairing {
	return pairing{limit: 4*maxEvents + 64, inflight: map[string]map[string]request{}, latest: map[string]map[string]int{}, unread: map[string]int{}}
}

// others are the senders whose requests a message of from may answer.
func others(from string) []string {
	switch from {
	case FromClient:
		return []string{FromServer}
	case FromServer:
		return []string{FromClient}
	}
	return []string{FromClient, FromServer, ""}
}

// place pairs e (read as env) and records what later messages pair with.
func (p *pairing) place(e *Event, env envelope) {
	switch {
	case env.kind == KindRequest:
		p.put(e.From, env.key, request{seq: e.Seq, from: e.From, method: env.method, valid: true})
		p.latestOf(e.From)[env.key] = e.Seq
	case env.kind == KindInvalid && env.key != "":
		p.put(e.From, env.key, request{seq: e.Seq, from: e.From})
	case env.kind == KindInvalid:
		p.unread[e.From] = e.Seq
	case env.kind == KindNotification && env.cancelKey != "":
		e.Cancels = p.latest[e.From][env.cancelKey]
	case env.nullID:
		for _, o := range others(e.From) {
			if seq := p.unread[o]; seq > 0 {
				e.Answers, p.unread[o] = seq, 0
				return
			}
		}
	case env.key != "":
		if side, r := p.find(e.From, env.key); r != nil {
			delete(p.inflight[side], env.key)
			e.Answers = r.seq
		}
	}
}

func (p *pairing) put(from, key string, r request) {
	m := p.inflight[from]
	if m == nil {
		m = map[string]request{}
		p.inflight[from] = m
	}
	m[key] = r
	p.size++
}

func (p *pairing) latestOf(from string) map[string]int {
	m := p.latest[from]
	if m == nil {
		m = map[string]int{}
		p.latest[from] = m
	}
	p.size++
	return m
}

// find is the request of another side than from with id key.
func (p *pairing) find(from, key string) (string, *request) {
	for _, o := range others(from) {
		if r, ok := p.inflight[o][key]; ok {
			return o, &r
		}
	}
	return "", nil
}

// answered is the request that a response read as env, sent by from,
// would answer (nil when none).
func (p *pairing) answered(from string, env envelope) *request {
	if (env.kind != KindResponse && env.kind != KindError) || env.key == "" {
		return nil
	}
	_, r := p.find(from, env.key)
	return r
}

// waiting lists the Seqs of from's requests without a response, in order.
func (p *pairing) waiting(from string) []int {
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
	for _, m := range p.latest {
		for k, seq := range m {
			if seq < first {
				delete(m, k)
			}
		}
		p.size += len(m)
	}
}
