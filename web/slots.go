package web

import (
	"errors"
	"sync"
)

// slots bounds what is held at once — event streams, heavy requests, the
// requests of one client behind a proxy — per key and overall, so one key
// cannot hold what everyone shares.
type slots struct {
	perKey, overall int

	mu    sync.Mutex
	held  map[string]int
	total int
}

var (
	// errKeySlots: the key holds perKey already.
	errKeySlots = errors.New("too many held for this client")
	// errAllSlots: everyone together holds overall.
	errAllSlots = errors.New("too many held on the server")
)

func newSlots(perKey, overall int) *slots {
	return &slots{perKey: perKey, overall: overall, held: map[string]int{}}
}

// take holds one slot of key, or says which bound refused it; release
// gives it back (once, however often it is called).
func (s *slots) take(key string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.held[key] >= s.perKey:
		return nil, errKeySlots
	case s.total >= s.overall:
		return nil, errAllSlots
	}
	s.held[key]++
	s.total++
	var once sync.Once
	return func() { once.Do(func() { s.give(key) }) }, nil
}

func (s *slots) give(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.held[key]--; s.held[key] <= 0 {
		delete(s.held, key)
	}
}

// takeOverall holds a slot of key counted against the overall bound only.
func (s *slots) takeOverall(key string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total >= s.overall {
		return nil, errAllSlots
	}
	s.held[key]++
	s.total++
	var once sync.Once
	return func() { once.Do(func() { s.give(key) }) }, nil
}
