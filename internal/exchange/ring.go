package exchange

import "slices"

// ring is the bounded timeline: it grows up to max events, then each new
// event overwrites the oldest, at head, so that adding one costs the same
// however long the timeline is. In order, the timeline is events[head:]
// then events[:head]; head is 0 until the ring is full. Seqs are
// consecutive along it, so an event is found by its Seq in O(1).
type ring struct {
	max    int
	events []Event
	head   int
}

// push adds e, whose Seq is one more than the newest one's.
func (r *ring) push(e Event) {
	switch n := len(r.events); {
	case n >= r.max:
		r.events[r.head] = e
		r.head = (r.head + 1) % n
	case n == cap(r.events):
		// Grow by doubling, but never past the cap: a full ring holds
		// exactly max events and no spare room.
		grown := make([]Event, n, min(max(2*n, 16), r.max))
		copy(grown, r.events)
		r.events = append(grown, e)
	default:
		r.events = append(r.events, e)
	}
}

func (r *ring) len() int { return len(r.events) }

// drain returns the events in order and empties the ring; in order
// already (head 0), the events are handed over without a copy.
func (r *ring) drain() []Event {
	out := r.events
	if r.head != 0 {
		out = append(append(make([]Event, 0, len(out)), out[r.head:]...), out[:r.head]...)
	}
	r.events, r.head = nil, 0
	return out
}

// first is the Seq of the oldest event kept (0 when empty).
func (r *ring) first() int {
	if len(r.events) == 0 {
		return 0
	}
	return r.events[r.head].Seq
}

// at returns the event numbered seq, or nil when it is not kept.
func (r *ring) at(seq int) *Event {
	n := len(r.events)
	i := seq - r.first()
	if n == 0 || i < 0 || i >= n {
		return nil
	}
	return &r.events[(r.head+i)%n]
}

// after copies the events whose Seq is greater than seq, in order. A
// binary search finds the first one: a source asks for the last few
// events of a long timeline.
func (r *ring) after(seq int) []Event {
	older, newer := r.events[r.head:], r.events[:r.head]
	if len(newer) > 0 && newer[0].Seq <= seq {
		// Nothing older is wanted.
		i, _ := slices.BinarySearchFunc(newer, seq+1, bySeq)
		return append(make([]Event, 0, len(newer)-i), newer[i:]...)
	}
	i, _ := slices.BinarySearchFunc(older, seq+1, bySeq)
	out := make([]Event, 0, len(older)-i+len(newer))
	return append(append(out, older[i:]...), newer...)
}

func bySeq(e Event, seq int) int { return e.Seq - seq }
