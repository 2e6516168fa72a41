package logimport

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOfPeer keeps one peer's entries, counts the problems' entries again
// in what is kept, drops the problems about other peers' messages, and
// keeps the problems about no message and the lifecycle events of no
// server.
func TestOfPeer(t *testing.T) {
	t.Parallel()
	entries := []Entry{
		{Line: 1, Peer: "weather"},
		{Line: 2, Peer: "files"},
		{Line: 3, Peer: "weather", Run: 1},
		{Line: 4, Peer: "files"},
	}
	problems := []Problem{
		{Code: "a", Line: 1, Entry: 0},
		{Code: "b", Line: 2, Entry: 1},
		{Code: "c", Line: 5, Entry: -1},
		{Code: "d", Line: 3, Entry: 2},
		{Code: "e", Line: 4, Entry: 3},
	}
	lifecycle := []Event{
		{Line: 1, Kind: EventStarted, Peer: "weather"},
		{Line: 2, Kind: EventStarted, Peer: "files"},
		{Line: 6, Kind: EventExited},
	}
	whole := Result{Format: "claude-desktop", Entries: entries, Problems: problems, Lifecycle: lifecycle, Revision: "2025-06-18", Truncated: true}
	cases := []struct {
		name string
		peer string
		want Result
	}{
		{"no peer keeps everything", "", whole},
		{"the first peer", "weather", Result{Format: "claude-desktop", Revision: "2025-06-18", Truncated: true,
			Entries:   []Entry{{Line: 1, Peer: "weather"}, {Line: 3, Peer: "weather", Run: 1}},
			Problems:  []Problem{{Code: "a", Line: 1, Entry: 0}, {Code: "c", Line: 5, Entry: -1}, {Code: "d", Line: 3, Entry: 1}},
			Lifecycle: []Event{{Line: 1, Kind: EventStarted, Peer: "weather"}, {Line: 6, Kind: EventExited}}}},
		{"the second peer", "files", Result{Format: "claude-desktop", Revision: "2025-06-18", Truncated: true,
			Entries:   []Entry{{Line: 2, Peer: "files"}, {Line: 4, Peer: "files"}},
			Problems:  []Problem{{Code: "b", Line: 2, Entry: 0}, {Code: "c", Line: 5, Entry: -1}, {Code: "e", Line: 4, Entry: 1}},
			Lifecycle: []Event{{Line: 2, Kind: EventStarted, Peer: "files"}, {Line: 6, Kind: EventExited}}}},
		{"a peer the log does not name", "mail", Result{Format: "claude-desktop", Revision: "2025-06-18", Truncated: true,
			Problems:  []Problem{{Code: "c", Line: 5, Entry: -1}},
			Lifecycle: []Event{{Line: 6, Kind: EventExited}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if d := cmp.Diff(c.want, whole.OfPeer(c.peer)); d != "" {
				t.Errorf("OfPeer(%q) (-want +got):\n%s", c.peer, d)
			}
		})
	}
	if d := cmp.Diff(problems[3], Problem{Code: "d", Line: 3, Entry: 2}); d != "" {
		t.Errorf("OfPeer changed the result it was given (-was +now):\n%s", d)
	}
}
