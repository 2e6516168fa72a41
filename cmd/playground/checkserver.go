package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/servercheck"
)

// checkServerConfig is what check-server's flags say.
type checkServerConfig struct {
	exercise string
	protocol string
	lang     i18n.Lang
	json     bool
	timeout  time.Duration
	url      string
	command  []string
	content  string
}

// runCheckServer runs the server exercises against the learner's own MCP
// server. Exit codes: 0 every step passed, 1 a step failed, 2 the server
// could not be started or reached, or a usage error.
func runCheckServer(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseCheckServer(args, stderr)
	if err != nil {
		return flagsExit(err)
	}
	exs, err := serverExercises(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "playground check-server: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	code := 0
	for _, ex := range exs {
		res, err := checkOne(ctx, cfg, ex)
		if err != nil {
			printUnreachable(stderr, err, cfg.lang)
			return 2
		}
		if cfg.json {
			b, _ := json.Marshal(res)
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			printResult(stdout, res, cfg.lang)
		}
		if !res.Passed && res.Skipped == "" {
			code = 1
		}
	}
	return code
}

func parseCheckServer(args []string, stderr io.Writer) (checkServerConfig, error) {
	var cfg checkServerConfig
	fs := flag.NewFlagSet("check-server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.exercise, "exercise", "", "the id of the server exercise to run (default: every server exercise)")
	fs.StringVar(&cfg.protocol, "protocol", grader.DefaultRevision, "protocol revision: "+grader.JoinRevisions(servercheck.Revisions, "or"))
	lang := fs.String("lang", string(i18n.Default), "language of the report: en or fr")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per exercise")
	fs.DurationVar(&cfg.timeout, "timeout", servercheck.DefaultTimeout, "time allowed for each step")
	fs.StringVar(&cfg.url, "url", "", "the server's Streamable HTTP endpoint, such as http://127.0.0.1:3000/mcp")
	fs.StringVar(&cfg.content, "content", "", "a course directory holding exercises/ (default: the bundled course)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground check-server [-exercise ID] [-protocol REV] [-lang en|fr] [-json] [-timeout 10s] [-content DIR] (-url URL | -- COMMAND ARGS…)")
		fmt.Fprintln(stderr, "\nRuns the server exercises against your MCP server, started as COMMAND (stdio) or reached at URL.\nExit codes: 0 every step passed, 1 a step failed, 2 the server could not be started or reached.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return cfg, err
	}
	cfg.command = fs.Args()
	l, ok := i18n.Parse(*lang)
	switch {
	case !ok:
		fmt.Fprintf(stderr, "playground check-server: unknown language %q (en or fr)\n", *lang)
	case !grader.KnownRevision(cfg.protocol):
		fmt.Fprintf(stderr, "playground check-server: unknown protocol revision %q (known: %s)\n", cfg.protocol, strings.Join(servercheck.Revisions, ", "))
	case (cfg.url == "") == (len(cfg.command) == 0):
		fmt.Fprintln(stderr, "playground check-server: give either -url URL or -- COMMAND ARGS…")
		fs.Usage()
	case cfg.timeout <= 0:
		fmt.Fprintln(stderr, "playground check-server: -timeout must be positive")
	default:
		cfg.lang = l
		return cfg, nil
	}
	return cfg, errUsage
}

// serverExercises returns the exercises to run, in course order.
func serverExercises(cfg checkServerConfig) ([]*exercise.Exercise, error) {
	return exercisesOfKind(cfg.content, exercise.KindServer, cfg.exercise)
}

// checkOne connects to the server afresh (a new process or session) and
// runs one exercise.
func checkOne(ctx context.Context, cfg checkServerConfig, ex *exercise.Exercise) (*servercheck.Result, error) {
	var t servercheck.Transport
	if cfg.url != "" {
		t = servercheck.NewHTTP(cfg.url, nil)
	} else {
		var err error
		if t, err = servercheck.StartCommand(cfg.command[0], cfg.command[1:], os.Environ()); err != nil {
			return nil, err
		}
	}
	defer t.Close()
	return servercheck.Run(ctx, ex, t, servercheck.Options{Protocol: cfg.protocol, Lang: cfg.lang, Timeout: cfg.timeout})
}

// printUnreachable says why the server could not be started or reached,
// with the log of a server that exited at start (once: the run stops).
func printUnreachable(w io.Writer, err error, l i18n.Lang) {
	fmt.Fprintf(w, "playground check-server: %s\n", servercheck.Describe(err, l))
	var ex *servercheck.ExitedError
	if errors.As(err, &ex) {
		if log := strings.TrimRight(ex.Log, "\n"); log != "" {
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(log, "\n", "\n  "))
		}
	}
}
