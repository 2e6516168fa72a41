package mockserver

// idleList is an intrusive doubly linked list of sessions with nothing in
// flight, least recently active first: the order in which idle sessions
// expire and are evicted. Every operation is O(1) and allocates nothing.
// The registry's mutex guards it.
type idleList struct {
	head, tail *httpSession
	which      int // index of this list's links in httpSession.idle
	n          int
}

// idleLinks are one list's links in a session.
type idleLinks struct {
	prev, next *httpSession
	in         bool
}

// push appends s (the most recently active).
func (l *idleList) push(s *httpSession) {
	k := &s.idle[l.which]
	if k.in {
		return
	}
	k.prev, k.next, k.in = l.tail, nil, true
	if l.tail != nil {
		l.tail.idle[l.which].next = s
	} else {
		l.head = s
	}
	l.tail = s
	l.n++
}

// remove takes s out of the list, if it is in it.
func (l *idleList) remove(s *httpSession) {
	k := &s.idle[l.which]
	if !k.in {
		return
	}
	if k.prev != nil {
		k.prev.idle[l.which].next = k.next
	} else {
		l.head = k.next
	}
	if k.next != nil {
		k.next.idle[l.which].prev = k.prev
	} else {
		l.tail = k.prev
	}
	*k = idleLinks{}
	l.n--
}
