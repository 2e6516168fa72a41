package explain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// benchLog is a realistic JSON Lines log of n messages: the handshake, then
// tool listings and tool calls with progress, each answered.
func benchLog(n int) []byte {
	var b bytes.Buffer
	count := 0
	add := func(from, msg string) {
		fmt.Fprintf(&b, `{"ts":"2026-12-01T10:00:00.000Z","direction":%q,"message":%s}`+"\n", from, msg)
		count++
	}
	add("client", initReq)
	add("server", initRes)
	add("client", initDone)
	for id := 2; count < n; id++ {
		switch id % 3 {
		case 0:
			add("client", req(fmt.Sprint(id), "tools/list"))
			add("server", res(fmt.Sprint(id), `{"tools":[{"name":"suggest_gifts","description":"Suggest gifts","inputSchema":{"type":"object","properties":{"occasion":{"type":"string"}}}}]}`))
		default:
			add("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday"},"_meta":{"progressToken":%d}}}`, id, id))
			add("server", fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%d,"progress":1,"total":1}}`, id))
			add("server", res(fmt.Sprint(id), `{"content":[{"type":"text","text":"A scarf, a book, or a plant."}],"isError":false}`))
		}
	}
	return b.Bytes()
}

func measure(b *testing.B, size int, run func()) {
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run()
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(size), "alloc/logsize")
	b.SetBytes(int64(size))
}

// BenchmarkExplain10k explains a 10,000-message JSON Lines log;
// BenchmarkDecode10k decodes the same lines with encoding/json alone, the
// floor to compare with.
func BenchmarkExplain10k(b *testing.B) {
	src := benchLog(10000)
	measure(b, len(src), func() {
		r, err := Explain(src, Options{})
		if err != nil || r.Summary.Messages < 10000 {
			b.Fatalf("explain: %v, %d messages", err, r.Summary.Messages)
		}
	})
}

func BenchmarkDecode10k(b *testing.B) {
	src := benchLog(10000)
	measure(b, len(src), func() {
		n := 0
		for _, l := range bytes.Split(src, []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal(l, &m); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n < 10000 {
			b.Fatalf("%d lines", n)
		}
	})
}

// denseLog is a JSON Lines log of about size bytes of small tool calls
// and their answers, the densest in messages a log gets.
func denseLog(size int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, wrapClient+"\n"+wrapServer+"\n"+wrapClient+"\n", initReq, initRes, initDone)
	for id := 2; b.Len() < size; id++ {
		fmt.Fprintf(&b, wrapClient+"\n", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":%d}}}`, id, id))
		fmt.Fprintf(&b, wrapServer+"\n", res(fmt.Sprint(id), fmt.Sprintf(`{"content":[{"type":"text","text":"A scarf, a book, or a plant for %d."}],"isError":false}`, id)))
	}
	return b.Bytes()
}

// BenchmarkExplainMemory reports the most heap an explanation holds
// (sampled every millisecond, the log itself not counted) and what the
// report keeps, each as a multiple of the log's size: for the
// 10,000-message log, and for a dense 5 MiB one (20,000 messages read).
//
//	go test ./internal/explain -run '^$' -bench ExplainMemory -benchtime 5x
func BenchmarkExplainMemory(b *testing.B) {
	for _, c := range []struct {
		name string
		src  []byte
	}{{"10k", benchLog(10000)}, {"dense5MiB", denseLog(5<<20 - 4096)}} {
		b.Run(c.name, func(b *testing.B) {
			var worst, kept float64
			for b.Loop() {
				p, k := explainPeak(b, c.src)
				worst, kept = max(worst, p), k
			}
			b.ReportMetric(worst/float64(len(c.src)), "peak/logsize")
			b.ReportMetric(kept/float64(len(c.src)), "kept/logsize")
		})
	}
}

// explainPeak explains src and returns the most heap in use above what
// was in use before (sampled), and what the report keeps once done.
func explainPeak(b *testing.B, src []byte) (peak, kept float64) {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var top atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&m)
				top.Store(max(top.Load(), m.HeapInuse))
			}
		}
	}()
	r, err := Explain(src, Options{})
	close(done)
	<-sampled
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(r)
	return float64(top.Load()) - float64(base.HeapInuse), float64(after.HeapInuse) - float64(base.HeapInuse)
}
