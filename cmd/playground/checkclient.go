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

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// checkClientConfig is what check-client's flags say.
type checkClientConfig struct {
	exercise string
	protocol string
	lang     i18n.Lang
	json     bool
	timeout  time.Duration
	stdio    bool
	command  []string
	content  string
}

// relayCommand is the hidden subcommand a -stdio client starts as its
// server: it pipes its stdin and stdout to the check-client run.
const relayCommand = "check-client-relay"

// runCheckClient plays a checking gift server to the learner's own MCP
// client. Exit codes: 0 every step passed, 1 a step failed, 2 the client
// could not be started or never connected, or a usage error.
func runCheckClient(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseCheckClient(args, stderr)
	if err != nil {
		return flagsExit(err)
	}
	exs, err := clientExercises(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "playground check-client: %v\n", err)
		return 2
	}
	relay, err := relayArgs()
	if err != nil && cfg.stdio {
		fmt.Fprintf(stderr, "playground check-client: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	code := 0
	for _, ex := range exs {
		c := clientcheck.Command{Name: cfg.command[0], Args: cfg.command[1:], Env: os.Environ(), Stdio: cfg.stdio, Relay: relay}
		res, err := clientcheck.RunCommand(ctx, clientcheck.PlanOf(ex, cfg.lang), c,
			clientcheck.Options{Protocol: cfg.protocol, Lang: cfg.lang, Timeout: cfg.timeout})
		if err != nil {
			printNeverConnected(stderr, ex.ID, err)
			return 2
		}
		if cfg.json {
			b, _ := json.Marshal(res)
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			printClientResult(stdout, res, cfg.lang)
		}
		if !res.Passed && res.Skipped == "" {
			code = 1
		}
	}
	return code
}

func parseCheckClient(args []string, stderr io.Writer) (checkClientConfig, error) {
	var cfg checkClientConfig
	fs := flag.NewFlagSet("check-client", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.exercise, "exercise", "", "the id of the client exercise to run (default: every client exercise)")
	fs.StringVar(&cfg.protocol, "protocol", "", "protocol revision: "+grader.JoinRevisions(clientcheck.Revisions, "or")+" (default: each exercise's own)")
	lang := fs.String("lang", string(i18n.Default), "language of the report: en or fr")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per exercise")
	fs.DurationVar(&cfg.timeout, "timeout", clientcheck.DefaultTimeout, "time allowed for each step")
	fs.BoolVar(&cfg.stdio, "stdio", false, "give the client a command that starts the checking server on stdio (MCP_SERVER_COMMAND, {command}) instead of a URL")
	fs.StringVar(&cfg.content, "content", "", "a course directory holding exercises/ (default: the bundled course)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground check-client [-exercise ID] [-protocol REV] [-lang en|fr] [-json] [-timeout 10s] [-stdio] [-content DIR] -- COMMAND ARGS…")
		fmt.Fprintln(stderr, "\nServes a checking gift server and runs your MCP client as COMMAND, with MCP_SERVER_URL=http://127.0.0.1:PORT/mcp\n"+
			"in its environment and {url} in ARGS replaced by that URL; with -stdio, MCP_SERVER_COMMAND and {command} are a\n"+
			"command line that starts the checking server on stdio.\n"+
			"Exit codes: 0 every step passed, 1 a step failed, 2 the client could not be started or never connected.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return cfg, err
	}
	cfg.command = fs.Args()
	l, ok := i18n.Parse(*lang)
	switch {
	case !ok:
		fmt.Fprintf(stderr, "playground check-client: unknown language %q (en or fr)\n", *lang)
	case cfg.protocol != "" && !grader.KnownRevision(cfg.protocol):
		fmt.Fprintf(stderr, "playground check-client: unknown protocol revision %q (known: %s)\n", cfg.protocol, strings.Join(clientcheck.Revisions, ", "))
	case len(cfg.command) == 0:
		fmt.Fprintln(stderr, "playground check-client: give the client's command after --: -- COMMAND ARGS…")
		fs.Usage()
	case cfg.timeout <= 0:
		fmt.Fprintln(stderr, "playground check-client: -timeout must be positive")
	default:
		cfg.lang = l
		return cfg, nil
	}
	return cfg, errUsage
}

// clientExercises returns the exercises to run, in course order.
func clientExercises(cfg checkClientConfig) ([]*exercise.Exercise, error) {
	return exercisesOfKind(cfg.content, exercise.KindClient, cfg.exercise)
}

// relayArgs is the command line that starts this binary's relay.
func relayArgs() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the playground binary for -stdio: %w", err)
	}
	return []string{exe, relayCommand}, nil
}

// runCheckClientRelay is the hidden subcommand: ADDR TOKEN.
func runCheckClientRelay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprintf(stderr, "usage: playground %s ADDR TOKEN\n\nStarted by check-client -stdio: pipes stdin and stdout to the check's run.\n", relayCommand)
		return 0
	}
	if len(args) != 2 {
		fmt.Fprintf(stderr, "playground %s: started by check-client -stdio with ADDR TOKEN\n", relayCommand)
		return 2
	}
	if err := clientcheck.Relay(context.Background(), args[0], args[1], stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "playground %s: %v\n", relayCommand, err)
		return 2
	}
	return 0
}

// printNeverConnected says why the client could not be checked, with
// what it logged.
func printNeverConnected(w io.Writer, id string, err error) {
	fmt.Fprintf(w, "playground check-client: %s: %v\n", id, err)
	var nc *clientcheck.NeverConnectedError
	if errors.As(err, &nc) {
		if log := strings.TrimRight(nc.Log, "\n"); log != "" {
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(log, "\n", "\n  "))
		}
	}
}
