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
	// freed is broadcast, under mu, when a slot is given back: tests wait
	// on it instead of polling.
	freed *sync.Cond
}

func newFairSlots(max, perClient int) *fairSlots {
	f := &fairSlots{held: make(map[string]int), max: max, perClient: perClient}
	f.freed = sync.NewCond(&f.mu)
	return f
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
	f.freed.Broadcast()
}
