package web

import "sync"

// runSlots lets each learner run one server check at a time: a second
// one while the first runs is refused, not queued, so a learner cannot
// pile up connections to their server (or to anything) from the
// playground.
type runSlots struct {
	mu      sync.Mutex
	running map[int64]bool
}

func newRunSlots() *runSlots { return &runSlots{running: map[int64]bool{}} }

// begin takes learner's slot; false when a run of theirs is going.
func (r *runSlots) begin(learner int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.running[learner] {
		return false
	}
	r.running[learner] = true
	return true
}

// end frees learner's slot.
func (r *runSlots) end(learner int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.running, learner)
}
