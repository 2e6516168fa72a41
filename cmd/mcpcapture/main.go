// Command mcpcapture records the MCP traffic between a real client and a real
// server as JSON Lines (package capture):
//
//	mcpcapture tee -out FILE [-timeout 2m] -- SERVER [ARGS...]
//
// is the server command to give a stdio client: it starts SERVER, passes the
// client's messages to it and its messages back, and records each one;
//
//	mcpcapture http -out FILE -upstream URL [-timeout 2m] -- CLIENT [ARGS...]
//
// serves a recording reverse proxy of the Streamable HTTP endpoint URL on a
// free loopback port, runs CLIENT with every "{url}" in its arguments replaced
// by the proxy's endpoint, and exits with the client's exit code.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: mcpcapture tee|http -out FILE [flags] -- COMMAND [ARGS...]")
		return 2
	}
	fs := flag.NewFlagSet("mcpcapture "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "the JSON Lines file to write (replaced)")
	timeout := fs.Duration("timeout", 2*time.Minute, "stop after this long")
	upstream := fs.String("upstream", "", "http: the server's Streamable HTTP endpoint")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "mcpcapture: -out FILE and a command after -- are required")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	stopped, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(stopped, *timeout)
	defer cancel()
	f, err := os.Create(*out)
	if err != nil {
		logger.Error("mcpcapture", "err", err)
		return 2
	}
	defer f.Close()
	switch args[0] {
	case "tee":
		err = runTee(ctx, f, fs.Args(), stdin, stdout, stderr)
	case "http":
		err = runHTTP(ctx, f, *upstream, fs.Args(), stdout, stderr, logger)
	default:
		err = fmt.Errorf("unknown mode %q: tee or http", args[0])
	}
	if err == nil {
		err = f.Close()
	}
	var exit *exec.ExitError
	switch {
	case err != nil && stopped.Err() != nil:
		// A stdio client ends its server with SIGTERM once it has closed its
		// side: every message is already recorded.
		logger.Info("mcpcapture: stopped by a signal", "mode", args[0])
		return 0
	case errors.As(err, &exit):
		logger.Error("mcpcapture: the command failed", "mode", args[0], "err", err)
		return exit.ExitCode()
	case err != nil:
		logger.Error("mcpcapture", "mode", args[0], "err", err)
		return 2
	}
	return 0
}
