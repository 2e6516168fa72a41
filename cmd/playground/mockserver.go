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
	"os/signal"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/mockserver"
)

// runMockserver runs the gift MCP server on its own: on stdin/stdout for
// desktop MCP clients (-stdio), or over Streamable HTTP at /mcp (-http ADDR)
// for the conformance suite and load tests. Logs go to stderr only: stdout
// belongs to the protocol.
func runMockserver(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mockserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	stdio := fs.Bool("stdio", false, "serve one client on stdin/stdout (newline-delimited JSON-RPC)")
	addr := fs.String("http", "", "serve Streamable HTTP at http://ADDR/mcp instead (for example 127.0.0.1:3001)")
	fixtures := fs.String("fixtures", "", `extra fixtures: "conformance" adds the conformance suite's tools, resources and prompts`)
	timeout := fs.Duration("mcp-request-timeout", 60*time.Second, "with -http: how long a request the server sends to the client (elicitation, sampling, roots) waits for its answer")
	mistakeName := fs.String("mistake", "", "commit one typical server mistake on purpose (see -mistakes)")
	listMistakes := fs.Bool("mistakes", false, "list the mistake modes and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: playground mockserver -stdio [-fixtures conformance] [-mistake NAME]\n       playground mockserver -http 127.0.0.1:3001 [-fixtures conformance] [-mistake NAME] [-mcp-request-timeout 1m]\n       playground mockserver -mistakes\n\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if *listMistakes && fs.NArg() == 0 && !*stdio && *addr == "" {
		fmt.Fprint(stdout, mockserver.MistakeList())
		return 0
	}
	mistake, err := mockserver.LookupMistake(*mistakeName)
	if err != nil {
		fmt.Fprintf(stderr, "playground mockserver: %v\n", err)
		return 2
	}
	if fs.NArg() > 0 || *stdio == (*addr != "") {
		fmt.Fprintln(stderr, "playground mockserver: choose exactly one of -stdio or -http ADDR")
		fs.Usage()
		return 2
	}
	if err := checkFixtures(*fixtures); err != nil {
		fmt.Fprintf(stderr, "playground mockserver: %v\n", err)
		return 2
	}
	if err := checkMCPTimeout(*timeout); err != nil {
		fmt.Fprintf(stderr, "playground mockserver: %v\n", err)
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv := mockserver.New(mockserver.Config{Fixtures: *fixtures, Logger: logger, Mistake: mistake})
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if *stdio {
		if err := srv.ServeStdio(ctx, stdin, stdout); err != nil {
			logger.Error("mockserver stopped", "err", err)
			return 2
		}
		return 0
	}
	return serveMockHTTP(ctx, srv, *addr, *timeout, logger)
}

// checkMCPTimeout refuses a -mcp-request-timeout outside (0, 24h].
func checkMCPTimeout(d time.Duration) error {
	if d <= 0 || d > 24*time.Hour {
		return fmt.Errorf("-mcp-request-timeout %s is out of range: give a duration above 0 and at most 24h (default 60s)", d)
	}
	return nil
}

func serveMockHTTP(ctx context.Context, srv *mockserver.Server, addr string, timeout time.Duration, logger *slog.Logger) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		logger.Error("listening", "addr", addr, "err", err)
		return 2
	}
	h := mockserver.NewHTTPHandler(srv, mockserver.HTTPConfig{RequestTimeout: timeout, Logger: logger})
	defer h.Close()
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		h.Close()
		_ = hs.Shutdown(shutdown)
	}()
	logger.Info("gift MCP server listening", "url", "http://"+ln.Addr().String()+"/mcp")
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Error("serving", "err", err)
		return 2
	}
	return 0
}
