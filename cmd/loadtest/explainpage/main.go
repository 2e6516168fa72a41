// Command explainpage measures the page "Explain a log" as a learner sees
// it: it serves the playground's real router on a loopback port, opens
// /en/explain in headless Chromium, chooses a log of -bytes as the file
// to explain, submits the form and times the wait until the summary is
// shown; it prints the median of -rounds, and the length of the page's HTML.
//
//	go run ./cmd/loadtest/explainpage -bytes 3000000 -rounds 5
//
// Chromium is $CHROMIUM or chromium on the PATH.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web"
)

func main() {
	size := flag.Int("bytes", 3_000_000, "size of the log, in bytes")
	rounds := flag.Int("rounds", 5, "explanations timed")
	flag.Parse()
	dir, err := os.MkdirTemp("", "explainpage")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	src, n := sessionLog(*size)
	file := filepath.Join(dir, "session.jsonl")
	if err := os.WriteFile(file, src, 0o600); err != nil {
		log.Fatal(err)
	}
	base, stop := serve(dir)
	defer stop()
	ctx, cancel := browser(dir)
	defer cancel()

	var times []time.Duration
	var html int
	for range *rounds {
		d, h, err := explainOnce(ctx, base, file)
		if err != nil {
			log.Fatal(err)
		}
		times, html = append(times, d), h
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Printf("log: %d bytes, %d messages; %d rounds\n", len(src), n, *rounds)
	fmt.Printf("submit to summary shown: median %v, min %v, max %v\n", times[len(times)/2].Round(time.Millisecond),
		times[0].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	fmt.Printf("HTML of the page: %.1f k characters\n", float64(html)/1e3)
}

// explainOnce submits the log and waits for the summary; it returns the
// time taken and the characters of the page's HTML as the browser holds it.
func explainOnce(ctx context.Context, base, file string) (time.Duration, int, error) {
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/en/explain"),
		chromedp.WaitVisible(chromedp.CSS("#explain-file")),
		chromedp.SetUploadFiles(chromedp.CSS("#explain-file"), []string{file}),
	); err != nil {
		return 0, 0, fmt.Errorf("open the page: %w", err)
	}
	t0 := time.Now()
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(".explain-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("[data-summary]")),
	); err != nil {
		return 0, 0, fmt.Errorf("explain: %w", err)
	}
	d := time.Since(t0)
	html, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.outerHTML.length`))
	if err != nil {
		return 0, 0, fmt.Errorf("read the page's size: %w", err)
	}
	return d, html, nil
}

// browser starts headless Chromium with its own profile in dir.
func browser(dir string) (context.Context, func()) {
	path := os.Getenv("CHROMIUM")
	if path == "" {
		p, err := exec.LookPath("chromium")
		if err != nil {
			log.Fatal("no Chromium: set CHROMIUM")
		}
		path = p
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Flag("disable-background-networking", true),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 10*time.Minute)
	return ctx, func() { cancelTimeout(); cancelCtx(); cancelAlloc() }
}

// serve starts the real router on a loopback port, rate limits off.
func serve(dir string) (string, func()) {
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
	return "http://" + ln.Addr().String(), func() {
		_ = hs.Close()
		srv.Close()
		st.Close()
	}
}

// sessionLog is a realistic JSON Lines log of about size bytes: the
// handshake, then tool listings and tool calls with progress, each
// answered. It returns the log and its number of messages.
func sessionLog(size int) ([]byte, int) {
	var b bytes.Buffer
	count := 0
	add := func(from, msg string) {
		fmt.Fprintf(&b, `{"ts":"2026-12-01T10:00:00.000Z","direction":%q,"message":%s}`+"\n", from, msg)
		count++
	}
	add("client", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	add("server", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`)
	add("client", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for id := 2; b.Len() < size; id++ {
		if id%3 == 0 {
			add("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, id))
			add("server", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"tools":[{"name":"suggest_gifts","description":"Suggest gifts","inputSchema":{"type":"object","properties":{"occasion":{"type":"string"}}}}]}}`, id))
			continue
		}
		add("client", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday"},"_meta":{"progressToken":%d}}}`, id, id))
		add("server", fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%d,"progress":1,"total":1}}`, id))
		add("server", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"A scarf, a book, or a plant."}],"isError":false}}`, id))
	}
	return b.Bytes(), count
}
