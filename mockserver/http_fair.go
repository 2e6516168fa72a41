package mockserver

import "sync"

// fairSlots bounds what runs at once overall and per client address, so one
// client cannot take every slot: at most perClient each, max in all.
type fairSlots struct {
	mu        sync.Mutex
	held      map[string]int
	total     int
	max       int
	perClient int
}

func newFairSlots(max, perClient int) *fairSlots {
	return &fairSlots{held: make(map[string]int), max: max, perClient: perClient}
}

// acquire takes a slot for client; false when client holds its share or
// every slot is taken.
func (f *fairSlots) acquire(client string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.total >= f.max || f.held[client] >= f.perClient {
		return false
	}
	f.held[client]++
	f.total++
	return true
}

// release gives back a slot acquire took.
func (f *fairSlots) release(client string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.total--
	if n := f.held[client] - 1; n > 0 {
		f.held[client] = n
	} else {
		delete(f.held, client)
	}
}
