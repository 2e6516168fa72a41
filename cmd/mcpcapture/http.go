package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/capture"
)

// runHTTP serves the recording proxy on a free loopback port and runs the
// client command against it.
func runHTTP(ctx context.Context, out io.Writer, upstream string, command []string, stdout, stderr io.Writer, logger *slog.Logger) error {
	up, err := url.Parse(upstream)
	if err != nil || (up.Scheme != "http" && up.Scheme != "https") || up.Host == "" {
		return fmt.Errorf("-upstream %q: want the server's http:// endpoint", upstream)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	rec := &capture.Recorder{Log: capture.NewLog(out, capture.LogConfig{}), Upstream: up, Logger: logger}
	reqCtx, cancelRequests := context.WithCancel(ctx)
	defer cancelRequests()
	hs := &http.Server{Handler: rec, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return reqCtx }}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	proxy := "http://" + ln.Addr().String() + up.EscapedPath()
	args := make([]string, len(command)-1)
	for i, a := range command[1:] {
		args[i] = strings.ReplaceAll(a, "{url}", proxy)
	}
	cmd := exec.CommandContext(ctx, command[0], args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()
	cancelRequests() // ends a standalone SSE stream the client left open
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
		hs.Close()
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return runErr
}
