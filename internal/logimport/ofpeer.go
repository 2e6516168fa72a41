package logimport

// OfPeer is r kept to one peer's messages: its entries, the problems about
// them or about no message (their Entry counted again in the kept
// entries), and the lifecycle events of its server or of none. "" keeps
// everything. r is not changed.
func (r Result) OfPeer(peer string) Result {
	if peer == "" {
		return r
	}
	at := make([]int, len(r.Entries))
	var entries []Entry
	for i, e := range r.Entries {
		at[i] = -1
		if e.Peer == peer {
			at[i] = len(entries)
			entries = append(entries, e)
		}
	}
	var problems []Problem
	for _, p := range r.Problems {
		if p.Entry >= 0 && p.Entry < len(at) {
			if at[p.Entry] < 0 {
				continue
			}
			p.Entry = at[p.Entry]
		}
		problems = append(problems, p)
	}
	var lifecycle []Event
	for _, e := range r.Lifecycle {
		if e.Peer == peer || e.Peer == "" {
			lifecycle = append(lifecycle, e)
		}
	}
	r.Entries, r.Problems, r.Lifecycle = entries, problems, lifecycle
	return r
}
