package exchange

import (
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"testing"
)

const benchCall = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":50}}}`

// fullExchange returns an exchange whose timeline holds limit events, so
// that every further event drops the oldest one.
func fullExchange(b *testing.B, limit int) *Exchange {
	b.Helper()
	x := New(Options{MaxEvents: limit})
	add(x, grader.SenderClient, initReq)
	for x.tl.len() < limit {
		add(x, grader.SenderClient, benchCall)
	}
	return x
}

// BenchmarkConsoleAppendFull is the timeline's own cost of one more event
// when it is at its cap (no checker): it must not grow with the cap.
func BenchmarkConsoleAppendFull(b *testing.B) {
	for _, limit := range []int{300, 1000} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			x := fullExchange(b, limit)
			e, _ := x.Event(x.Len())
			b.ReportAllocs()
			for b.Loop() {
				x.mu.Lock()
				x.seq++
				e.Seq = x.seq
				x.tl.push(e)
				x.mu.Unlock()
			}
		})
	}
}

// BenchmarkConsoleAddFull is one request and its response added to a full
// exchange: reading, pairing, the checker's reports and the timeline.
func BenchmarkConsoleAddFull(b *testing.B) {
	for _, limit := range []int{300, 1000} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			x := fullExchange(b, limit)
			req := Message{Raw: []byte(benchCall), From: grader.SenderClient}
			resp := Message{Raw: []byte(`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"A board game"}]}}`), From: grader.SenderServer}
			b.ReportAllocs()
			for b.Loop() {
				x.Add(req)
				if x.Add(resp).Answers == 0 {
					b.Fatal("not paired")
				}
			}
		})
	}
}
