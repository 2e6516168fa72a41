package grader

import (
	"fmt"
	"runtime"
	"testing"
)

// benchSession is a realistic 1,000-message session with the gift server: the
// handshake, tools/list, then tools/call with progress and log messages, a ping
// now and then, and a list-changed notification.
func benchSession() []step {
	msgs := script(handshake(`{"roots":{"listChanged":true}}`, allServerCaps),
		cl(sreq(1, "tools/list", "")),
		sv(sres(1, `{"tools":[{"name":"suggest_gifts","description":"Suggests gifts","inputSchema":{"type":"object","properties":{"occasion":{"type":"string"},"budget":{"type":"number"}},"required":["occasion"]}}]}`)))
	for id := 2; len(msgs)+8 <= 1000; id++ {
		tok := fmt.Sprintf(`"gifts-%d"`, id)
		msgs = append(msgs,
			cl(sreq(id, "tools/call", `{"name":"suggest_gifts","arguments":{"occasion":"wedding","budget":150,"recipient":"coworker from marketing"},"_meta":{"progressToken":`+tok+`}}`)),
			sv(snotif("notifications/progress", `{"progressToken":`+tok+`,"progress":1,"total":2,"message":"Looking"}`)),
			sv(snotif("notifications/message", `{"level":"info","logger":"gifts","data":"searching the catalog"}`)),
			sv(snotif("notifications/progress", `{"progressToken":`+tok+`,"progress":2,"total":2}`)),
			sv(sres(id, `{"content":[{"type":"text","text":"A teapot, a board game, a scarf"}],"isError":false}`)))
		if id%10 == 0 {
			msgs = append(msgs, sv(sreq(fmt.Sprintf(`"srv-%d"`, id), "ping", "")), cl(sres(fmt.Sprintf(`"srv-%d"`, id), `{}`)))
		}
		if id%50 == 0 {
			msgs = append(msgs, sv(snotif("notifications/tools/list_changed", "")))
		}
	}
	for len(msgs) < 1000 {
		msgs = append(msgs, cl(snotif("notifications/roots/list_changed", "")))
	}
	return msgs
}

// BenchmarkSession: the conversation checker on 1,000 messages, per message;
// "check-only" is Check alone on the same messages, for the session's own cost.
func BenchmarkSession(b *testing.B) {
	msgs := benchSession()
	raws := make([][]byte, len(msgs))
	for i, m := range msgs {
		raws[i] = []byte(m.raw)
	}
	// The session is valid from end to end: the benchmark measures the common case.
	s := NewSession(SessionOptions{})
	for i, m := range msgs {
		if rep := s.Add(raws[i], m.from); !rep.Valid || len(rep.Diagnostics) > 0 {
			b.Fatalf("message %d: %+v", i, rep.Diagnostics)
		}
	}
	if end := s.End(); len(end) > 0 {
		b.Fatalf("End: %+v", end)
	}
	perMessage := func(b *testing.B, run func()) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for b.Loop() {
			run()
		}
		runtime.ReadMemStats(&after)
		n := float64(b.N) * float64(len(msgs))
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/msg")
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/msg")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/msg")
	}
	b.Run("session", func(b *testing.B) {
		perMessage(b, func() {
			s := NewSession(SessionOptions{})
			for i, m := range msgs {
				s.Add(raws[i], m.from)
			}
			s.End()
		})
	})
	b.Run("check-only", func(b *testing.B) {
		perMessage(b, func() {
			for i, m := range msgs {
				Check(raws[i], Options{Sender: m.from})
			}
		})
	})
}
