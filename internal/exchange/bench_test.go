package exchange

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
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

// BenchmarkLongConsoleMemory is the heap a console exchange (300 events)
// holds after 50,000 requests, half of them never answered (a learner's
// script left running): it follows the timeline, not the conversation.
func BenchmarkLongConsoleMemory(b *testing.B) {
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		x := New(Options{MaxEvents: 300})
		add(x, grader.SenderClient, initReq)
		for id := range 50_000 {
			x.Add(Message{Raw: fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`, id+10), From: grader.SenderClient})
			if id%2 == 0 {
				x.Add(Message{Raw: fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"result":{}}`, id+10), From: grader.SenderServer})
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/(1<<20), "MiB-held")
		runtime.KeepAlive(x)
	}
}
