// Command mcpload measures the gift server over Streamable HTTP side by side
// with the same suggest_gifts tool served by the official Go SDK (go-sdk
// v1.8.0), driven by one load client: calls per second and latency
// percentiles at several numbers of concurrent sessions, the CPU time the
// process spends per call, and the ratio of the two servers, then the
// memory one idle session costs. Both servers run in this process on
// loopback ports and take turns in short slices, so that both meet the
// same load from the rest of the machine; each session drives its own
// keep-alive connection with a lean HTTP/1.1 client (conn.go). The load
// stops by itself after -duration per run and server.
//
//	go run ./cmd/loadtest/mcpload -duration 5s -sessions 1,16,64 -idle 1000
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpplayground/playground/mockserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	duration := flag.Duration("duration", 5*time.Second, "how long each load run lasts")
	sessionsFlag := flag.String("sessions", "1,16,64", "numbers of concurrent sessions, comma-separated")
	idle := flag.Int("idle", 1000, "idle sessions opened to measure memory per session (0 skips)")
	only := flag.String("only", "", `run one server only: "playground" or "go-sdk"`)
	flag.Parse()
	var levels []int
	for _, s := range strings.Split(*sessionsFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 1024 {
			fmt.Fprintf(os.Stderr, "mcpload: bad -sessions %q\n", *sessionsFlag)
			os.Exit(2)
		}
		levels = append(levels, n)
	}
	if *duration <= 0 || *duration > 5*time.Minute || *idle < 0 || *idle > 10000 {
		fmt.Fprintln(os.Stderr, "mcpload: -duration must be in (0, 5m] and -idle in [0, 10000]")
		os.Exit(2)
	}
	servers := []server{
		{"playground", startPlayground},
		{"go-sdk", startGoSDK},
	}
	if *only != "" {
		servers = slices.DeleteFunc(servers, func(s server) bool { return s.name != *only })
	}
	fmt.Printf("mcpload: tools/call suggest_gifts over Streamable HTTP, %d CPUs, GOMAXPROCS %d, %s per run and server\n\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), *duration)
	if err := loadAll(servers, levels, *duration); err != nil {
		fmt.Fprintf(os.Stderr, "mcpload: %v\n", err)
		os.Exit(1)
	}
	if *idle == 0 {
		return
	}
	fmt.Printf("\n%-11s %8s %14s %12s\n", "server", "idle", "bytes/session", "goroutines")
	for _, srv := range servers {
		per, gor, err := idleMemory(srv.start, *idle)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mcpload: idle sessions on %s: %v\n", srv.name, err)
			os.Exit(1)
		}
		fmt.Printf("%-11s %8d %14.0f %12d\n", srv.name, *idle, per, gor)
	}
}

// serve runs h at /mcp on a loopback port.
func serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("listening: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	return "http://" + ln.Addr().String() + "/mcp", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
	}, nil
}

func startPlayground() (string, func(), error) {
	// The load comes from one address: the bounds per client address are
	// lifted so that they measure the server, not the bounds.
	h := mockserver.NewHTTPHandler(mockserver.New(mockserver.Config{}), mockserver.HTTPConfig{
		MaxSessionsPerClient: 20000, MaxHeldPerClient: 4096,
	})
	url, stop, err := serve(h)
	if err != nil {
		return "", nil, err
	}
	return url, func() { stop(); h.Close() }, nil
}

type giftArgs struct {
	Occasion  string  `json:"occasion" jsonschema:"The occasion, for example birthday, wedding, graduation, housewarming, thank-you."`
	Budget    float64 `json:"budget" jsonschema:"The most you want to spend, in US dollars."`
	Recipient string  `json:"recipient,omitempty" jsonschema:"Who the gift is for."`
}

type giftOut struct {
	Gifts []mockserver.GiftSummary `json:"gifts"`
}

// startGoSDK serves the same suggest_gifts tool with the official Go SDK.
func startGoSDK() (string, func(), error) {
	server := mcp.NewServer(&mcp.Implementation{Name: "gift-server", Version: "1.0.0"}, &mcp.ServerOptions{Logger: slog.New(slog.DiscardHandler)})
	mcp.AddTool(server, &mcp.Tool{Name: "suggest_gifts", Description: "Suggests up to three gifts from the catalogue."},
		func(_ context.Context, _ *mcp.CallToolRequest, in giftArgs) (*mcp.CallToolResult, giftOut, error) {
			s := mockserver.Suggest(in.Occasion, in.Budget, in.Recipient)
			res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s.Text}}, IsError: s.NothingFits}
			return res, giftOut{s.Gifts}, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	return serve(h)
}

var client = &http.Client{Transport: &http.Transport{MaxIdleConns: 2048, MaxIdleConnsPerHost: 2048, IdleConnTimeout: time.Minute}}

const (
	initBody   = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcpload","version":"1.0.0"}}}`
	initedBody = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
)

// post sends one message and reads the whole answer (JSON or SSE).
func post(url, session, body string) (string, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", nil, err
	}
	if resp.StatusCode >= 300 {
		return "", b, fmt.Errorf("HTTP %d: %s", resp.StatusCode, b)
	}
	return resp.Header.Get("Mcp-Session-Id"), b, nil
}

// open starts one session: initialize, then notifications/initialized.
func open(url string) (string, error) {
	sid, _, err := post(url, "", initBody)
	if err != nil {
		return "", fmt.Errorf("initialize: %w", err)
	}
	if sid == "" {
		return "", errors.New("initialize: no Mcp-Session-Id")
	}
	if _, _, err := post(url, sid, initedBody); err != nil {
		return "", fmt.Errorf("notifications/initialized: %w", err)
	}
	return sid, nil
}

func closeSession(url, sid string) {
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	req.Header.Set("Mcp-Session-Id", sid)
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}
}

// inUse is the memory the program holds: live heap plus goroutine stacks.
func inUse() uint64 {
	for range 3 {
		runtime.GC()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc + ms.StackInuse
}

// idleMemory opens n sessions that then do nothing, and returns the memory
// and goroutines each costs on the server (the client keeps only their ids).
func idleMemory(start func() (string, func(), error), n int) (float64, int, error) {
	url, stop, err := start()
	if err != nil {
		return 0, 0, err
	}
	defer stop()
	// Warm up: one session, so lazily built tables are not counted.
	sid, err := open(url)
	if err != nil {
		return 0, 0, err
	}
	closeSession(url, sid)
	client.CloseIdleConnections()
	before, gBefore := inUse(), runtime.NumGoroutine()
	ids := make([]string, 0, n)
	for range n {
		sid, err := open(url)
		if err != nil {
			return 0, 0, err
		}
		ids = append(ids, sid)
	}
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond) // let the server notice closed connections
	after, gAfter := inUse(), runtime.NumGoroutine()
	runtime.KeepAlive(ids)
	for _, sid := range ids {
		closeSession(url, sid)
	}
	return float64(after-before) / float64(n), gAfter - gBefore, nil
}
