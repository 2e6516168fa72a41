package guard

import (
	"errors"
	"sync"
)

// Slots bounds what is held at once — event streams, heavy requests, the
// requests of one client behind a proxy, connections — per key and
// overall, so one key cannot hold what everyone shares.
type Slots struct {
	perKey, overall int

	mu    sync.Mutex
	held  map[string]int
	total int
}

var (
	// ErrKeySlots: the key holds perKey already.
	ErrKeySlots = errors.New("too many held for this client")
	// ErrAllSlots: everyone together holds overall.
	ErrAllSlots = errors.New("too many held on the server")
)

// NewSlots holds at most perKey slots per key and overall in all.
func NewSlots(perKey, overall int) *Slots {
	return &Slots{perKey: perKey, overall: overall, held: map[string]int{}}
}

// Take holds one slot of key, or says which bound refused it; release
// gives it back (once, however often it is called).
func (s *Slots) Take(key string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.held[key] >= s.perKey:
		return nil, ErrKeySlots
	case s.total >= s.overall:
		return nil, ErrAllSlots
	}
	return s.hold(key), nil
}

// takeOverall holds a slot of key counted against the overall bound only.
func (s *Slots) takeOverall(key string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total >= s.overall {
		return nil, ErrAllSlots
	}
	return s.hold(key), nil
}

// hold counts one slot of key; s.mu is held.
func (s *Slots) hold(key string) (release func()) {
	s.held[key]++
	s.total++
	var once sync.Once
	return func() { once.Do(func() { s.give(key) }) }
}

func (s *Slots) give(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.held[key]--; s.held[key] <= 0 {
		delete(s.held, key)
	}
}
