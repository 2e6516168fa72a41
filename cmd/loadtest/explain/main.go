// Command explain measures POST /api/explain under load: it serves the
// playground's real router (middleware included) on a loopback port,
// sends a 10,000-message JSON Lines log from several clients at once, and
// prints the latencies next to a plain encoding/json decode of the same
// messages timed in the same run, the heap the server held at most and the
// process's resident memory (VmRSS sampled, and VmHWM at the end), next
// to its resident memory once the server was up, before any log.
//
//	go run ./cmd/loadtest/explain -n 20 -c 2
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web"
)

func main() {
	n := flag.Int("n", 20, "requests to send")
	conc := flag.Int("c", 2, "clients sending at once")
	msgs := flag.Int("messages", 10000, "messages in the log")
	flag.Parse()
	src := sessionLog(*msgs)
	url, stop := serve()
	defer stop()

	decode := timeDecode(src)
	idle := procKB("VmRSS")
	var peak, rss atomic.Uint64
	done := make(chan struct{})
	go samplePeak(&peak, &rss, done)
	lat, status := load(url, src, *n, *conc)
	close(done)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("log: %d messages, %d bytes; %d requests, %d at once; statuses %v\n", *msgs, len(src), *n, *conc, status)
	fmt.Printf("explain via the API: p50 %v, p95 %v, max %v\n", lat[len(lat)/2], lat[len(lat)*95/100], lat[len(lat)-1])
	fmt.Printf("plain encoding/json decode of the same lines: %v\n", decode)
	fmt.Printf("peak heap in use: %.1f MB (%.1f× the log)\n", float64(peak.Load())/1e6, float64(peak.Load())/float64(len(src)))
	fmt.Printf("resident: %.1f MiB once up, %.1f MiB at most while explaining (VmHWM %.1f MiB)\n",
		float64(idle)/1024, float64(rss.Load())/1024, float64(procKB("VmHWM"))/1024)
}

// serve starts the real router on a loopback port, rate limits off.
func serve() (string, func()) {
	dir, err := os.MkdirTemp("", "explainload")
	if err != nil {
		log.Fatal(err)
	}
	st, err := store.Open(context.Background(), filepath.Join(dir, "load.db"))
	if err != nil {
		log.Fatal(err)
	}
	off := web.RateLimit{PerSecond: -1}
	srv, err := web.New(web.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), ConsoleLimit: off, AnonymousLimit: off},
		web.Deps{Store: st, Content: course.Static(&course.Catalog{})})
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go func() { _ = hs.Serve(ln) }()
	return "http://" + ln.Addr().String() + "/api/explain", func() {
		_ = hs.Close()
		srv.Close()
		st.Close()
		os.RemoveAll(dir)
	}
}

// load sends n requests from conc clients and returns their latencies and
// the statuses seen.
func load(url string, src []byte, n, conc int) ([]time.Duration, map[int]int) {
	var (
		mu     sync.Mutex
		lat    []time.Duration
		status = map[int]int{}
		next   atomic.Int64
		wg     sync.WaitGroup
	)
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				t0 := time.Now()
				resp, err := http.Post(url, "application/jsonl", bytes.NewReader(src))
				if err != nil {
					log.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				lat = append(lat, time.Since(t0))
				status[resp.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return lat, status
}

// timeDecode is how long encoding/json takes to decode every line of src.
func timeDecode(src []byte) time.Duration {
	t0 := time.Now()
	for _, l := range bytes.Split(src, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			log.Fatal(err)
		}
	}
	return time.Since(t0)
}

// samplePeak records the largest heap in use and resident size (KiB)
// until done is closed.
func samplePeak(peak, rss *atomic.Uint64, done chan struct{}) {
	var ms runtime.MemStats
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			if kb := procKB("VmRSS"); kb > rss.Load() {
				rss.Store(kb)
			}
		}
	}
}

// procKB reads a size in KiB from /proc/self/status (0 where there is
// none: not Linux).
func procKB(field string) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// sessionLog is a realistic JSON Lines log of n messages: the handshake,
// then tool listings and tool calls with progress, each answered.
func sessionLog(n int) []byte {
	var b bytes.Buffer
	count := 0
	add := func(from, msg string) {
		fmt.Fprintf(&b, `{"ts":"2026-12-01T10:00:00.000Z","direction":%q,"message":%s}`+"\n", from, msg)
		count++
	}
	add("client", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	add("server", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`)
	add("client", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for id := 2; count < n; id++ {
		if id%3 == 0 {
			add("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, id))
			add("server", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"tools":[{"name":"suggest_gifts","description":"Suggest gifts","inputSchema":{"type":"object","properties":{"occasion":{"type":"string"}}}}]}}`, id))
			continue
		}
		add("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday"},"_meta":{"progressToken":%d}}}`, id, id))
		add("server", fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%d,"progress":1,"total":1}}`, id))
		add("server", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"A scarf, a book, or a plant."}],"isError":false}}`, id))
	}
	return b.Bytes()
}
