package mockserver

import (
	"fmt"
	"testing"
)

// fullConsole returns a console whose timeline holds limit events, so that
// every further event drops the oldest one.
func fullConsole(b *testing.B, limit int) *Console {
	b.Helper()
	c := New(Config{}).NewConsole(ConsoleOptions{MaxEvents: limit})
	b.Cleanup(c.Close)
	c.Send(initMsg)
	for len(c.Events(0)) < limit {
		c.Send(string(benchCall))
	}
	return c
}

// BenchmarkConsoleSendFull is a learner's message in a console whose
// timeline is at its cap: the round trip, the checker's reports, the
// timeline and the events returned. (The timeline's own cost of one more
// event is internal/exchange's BenchmarkConsoleAppendFull.)
func BenchmarkConsoleSendFull(b *testing.B) {
	for _, limit := range []int{300, 1000} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			c := fullConsole(b, limit)
			b.ReportAllocs()
			for b.Loop() {
				if len(c.Send(string(benchCall))) != 2 {
					b.Fatal("no reply")
				}
			}
		})
	}
}
