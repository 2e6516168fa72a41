package console

import (
	"fmt"
	"testing"

	"github.com/mcpplayground/playground/mockserver"
)

// benchCall is a tools/call the gift server answers at once.
var benchCall = []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`)

// BenchmarkConsoleSend is a learner's message in the console: the round trip
// plus the checker's report on both messages.
func BenchmarkConsoleSend(b *testing.B) {
	c := Start(mockserver.New(mockserver.Config{}), Options{MaxEvents: 100})
	defer c.Close()
	c.Send(initMsg)
	b.ReportAllocs()
	for b.Loop() {
		if len(c.Send(string(benchCall))) != 2 {
			b.Fatal("no reply")
		}
	}
}

// fullConsole returns a console whose timeline holds limit events, so that
// every further event drops the oldest one.
func fullConsole(b *testing.B, limit int) *Session {
	b.Helper()
	c := Start(mockserver.New(mockserver.Config{}), Options{MaxEvents: limit})
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
