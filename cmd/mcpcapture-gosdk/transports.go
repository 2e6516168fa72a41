package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/internal/capture"
)

// recordStdio runs the client and the server over pipes with the tee between them.
func recordStdio(ctx context.Context, path, rev string) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	clientR, clientW := io.Pipe()     // client -> tee
	toServerR, toServerW := io.Pipe() // tee -> server
	serverR, serverW := io.Pipe()     // server -> tee
	toClientR, toClientW := io.Pipe() // tee -> client
	defer func() {
		for _, c := range []io.Closer{clientR, clientW, toServerR, toServerW, serverR, serverW, toClientR, toClientW} {
			c.Close()
		}
	}()
	srv := newServer()
	served := make(chan error, 1)
	go func() { served <- srv.Run(ctx, &mcp.IOTransport{Reader: toServerR, Writer: serverW}) }()
	tee := &capture.Tee{Log: capture.NewLog(f, capture.LogConfig{})}
	teed := make(chan error, 1)
	go func() {
		err := tee.Run(ctx, clientR, toServerW, serverR, toClientW)
		toClientW.Close()
		teed <- err
	}()
	if err := exercise(ctx, &mcp.IOTransport{Reader: toClientR, Writer: clientW}, rev); err != nil {
		return err
	}
	clientW.Close()
	if err := <-teed; err != nil {
		return fmt.Errorf("tee: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, mcp.ErrConnectionClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}

// recordHTTP serves the go-sdk server over Streamable HTTP on loopback, the
// recorder in front of it, and runs the client through the recorder.
func recordHTTP(ctx context.Context, path, rev string) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	srv := newServer()
	// The SDK serves 2026-07-28 over HTTP only without sessions, as that
	// revision has none.
	opts := &mcp.StreamableHTTPOptions{Stateless: rev >= "2026-07-28"}
	upstream, stopUpstream, err := serve(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, opts))
	if err != nil {
		return err
	}
	defer stopUpstream()
	up, _ := url.Parse(upstream + "/mcp")
	proxy, stopProxy, err := serve(&capture.Recorder{Log: capture.NewLog(f, capture.LogConfig{}), Upstream: up})
	if err != nil {
		return err
	}
	defer stopProxy()
	return exercise(ctx, &mcp.StreamableClientTransport{Endpoint: proxy + "/mcp", MaxRetries: -1}, rev)
}

// serve serves h on a free loopback port until stop is called.
func serve(h http.Handler) (base string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("listen: %w", err)
	}
	reqCtx, cancel := context.WithCancel(context.Background())
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return reqCtx }}
	done := make(chan struct{})
	go func() { _ = hs.Serve(ln); close(done) }()
	return "http://" + ln.Addr().String(), func() {
		cancel() // ends the streams still open
		shutdown, c := context.WithTimeout(context.Background(), 5*time.Second)
		defer c()
		if hs.Shutdown(shutdown) != nil {
			hs.Close()
		}
		<-done
	}, nil
}
