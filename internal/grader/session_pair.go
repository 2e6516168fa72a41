package grader

import "slices"

// Pairing: which earlier message a message answers or cancels. The session
// already finds the request a response, a progress notification or a
// cancellation refers to (resolve); pairing adds what a receiver reads
// beyond requests — an error with id null answers the other side's last
// message whose id could not be read, an error with an id answers a message
// that was no request but whose id could be read — and, for a log merged
// from two captures, a response written before its request.

// Link says which earlier messages a message placed in a Session refers
// to, by index (0-based, the order the session received them; -1 when
// none), and what its receiver read of it.
type Link struct {
	Envelope Envelope
	// Answers is, on a response, the message it answers: the request with
	// its id that was still waiting, or, as above, a message that was no
	// request.
	Answers int
	// AnsweredBy is, on a request, the response that came before it
	// (SessionOptions.LateRequests); later responses name their request
	// with Answers instead.
	AnsweredBy int
	// Cancels is, on notifications/cancelled, the request it names.
	Cancels int
}

// maxKeptPairs bounds each of the small maps pairing keeps beside the
// requests (messages that were no request, responses before their
// request); past it the map starts again empty.
const maxKeptPairs = 1024

// Place judges raw as the next message, records it (as Add does), and says
// how it refers to earlier messages.
func (s *Session) Place(raw []byte, from Sender) (Report, Link) {
	rep, f := s.judge(raw, from)
	l := s.link(&f)
	s.record(&f)
	s.n++
	return rep, l
}

// link is the Link of a judged message, read before record changes the
// session.
func (s *Session) link(f *facts) Link {
	l := Link{Envelope: f.env.clone(), Answers: -1, AnsweredBy: f.late, Cancels: -1}
	switch {
	case (f.kind == KindResponse || f.kind == KindError) && f.target != nil && f.target.resp < 0:
		l.Answers = f.target.idx
	case f.other >= 0:
		l.Answers = f.other
	case f.kind == KindNotification && f.method == "notifications/cancelled" && f.target != nil:
		l.Cancels = f.target.idx
	}
	return l
}

// reqSides are the sides whose messages a response of side from may
// answer.
func reqSides(from int) []int {
	switch from {
	case 0:
		return []int{1}
	case 1:
		return []int{0}
	}
	return []int{0, 1}
}

// resolvePair finds what resolve does not: the message that was no request
// a response answers, and, with LateRequests, the response that came
// before a request.
func (s *Session) resolvePair(f *facts) {
	switch {
	case f.kind == KindError && f.env.NullID:
		for _, rs := range reqSides(f.from) {
			if s.unread[rs] >= 0 {
				f.other = s.unread[rs]
				return
			}
		}
	case (f.kind == KindResponse || f.kind == KindError) && f.key.kind != 0 && f.target == nil && f.ownReq == nil:
		for _, rs := range reqSides(f.from) {
			if idx, ok := s.bad[rs][f.key]; ok {
				f.other = idx
				return
			}
		}
		f.unknown = s.late
	case f.kind == KindRequest && s.late:
		if idx, ok := s.early[max(f.from, 0)][f.key]; ok {
			f.late = idx
		}
	}
}

// recordPair keeps what later messages pair with.
func (s *Session) recordPair(f *facts) {
	sd := max(f.from, 0)
	if f.other >= 0 {
		for i := range s.unread {
			if s.unread[i] == f.other {
				s.unread[i] = -1
			}
			delete(s.bad[i], f.key)
		}
	}
	switch {
	case f.env.Kind == KindInvalid && f.env.Key.IsZero():
		s.unread[sd] = f.idx
	case f.env.Kind == KindInvalid && f.kind == KindInvalid:
		s.bad[sd] = keepPair(s.bad[sd], f.env.Key, f.idx)
	case f.unknown:
		for _, rs := range reqSides(f.from) {
			if _, ok := s.early[rs][f.key]; !ok {
				s.early[rs] = keepPair(s.early[rs], f.key, f.idx)
			}
		}
	case f.late >= 0:
		for i := range s.early { // a response of an unknown sender waits on both sides
			if idx, ok := s.early[i][f.key]; ok && idx == f.late {
				delete(s.early[i], f.key)
			}
		}
	}
}

// keepPair adds key → idx to m (made when nil, emptied when full).
func keepPair(m map[IDKey]int, key IDKey, idx int) map[IDKey]int {
	if m == nil || len(m) >= maxKeptPairs {
		m = map[IDKey]int{}
	}
	m[key.clone()] = idx
	return m
}

// Answering is the waiting request that raw, sent by from, would answer,
// by index; false when it would answer none. It records nothing.
func (s *Session) Answering(raw []byte, from Sender) (int, bool) {
	defer s.p.clear() // the tree aliases raw
	f := s.read(raw, from)
	if f.kind != KindResponse && f.kind != KindError {
		return -1, false
	}
	s.resolve(&f)
	if f.target == nil || f.target.resp >= 0 {
		return -1, false
	}
	return f.target.idx, true
}

// Waiting lists, by index and in order, the requests from sent that wait
// for a response: none came and none was cancelled.
func (s *Session) Waiting(from Sender) []int {
	sd := side(from)
	if sd < 0 {
		return nil
	}
	var out []int
	for _, st := range s.ids[sd] {
		if st.resp < 0 && st.cancel < 0 {
			out = append(out, st.idx)
		}
	}
	slices.Sort(out)
	return out
}
