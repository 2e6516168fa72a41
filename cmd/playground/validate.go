package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// runValidate checks one message and prints the checker's report as indented
// JSON. Exit codes: 0 valid, 1 invalid, 2 usage or I/O error.
func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	protocol := fs.String("protocol", grader.DefaultRevision, "protocol revision: "+grader.JoinRevisions(grader.Revisions(), "or"))
	lang := fs.String("lang", string(i18n.Default), "language of the messages: en or fr")
	request := fs.String("request", "", "file holding the request this message answers (checks the message as its response)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground validate [-protocol REV] [-lang en|fr] [-request FILE] FILE|-")
		fmt.Fprintln(stderr, "\nChecks one JSON-RPC / MCP message (\"-\" reads standard input) and prints the report as JSON.")
		fs.PrintDefaults()
	}
	// Flags may come before or after the file name.
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return flagsExit(err)
	}
	if len(files) != 1 {
		fs.Usage()
		return 2
	}
	if !grader.JudgedRevision(*protocol) {
		fmt.Fprintf(stderr, "playground validate: unknown protocol revision %q (known: %s)\n",
			*protocol, strings.Join(grader.Revisions(), ", "))
		return 2
	}
	l, ok := i18n.Parse(*lang)
	if !ok {
		fmt.Fprintf(stderr, "playground validate: unknown language %q (en or fr)\n", *lang)
		return 2
	}
	msg, err := readMessage(files[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "playground validate: %v\n", err)
		return 2
	}
	opts := grader.Options{Protocol: *protocol, Lang: l}
	if *request != "" {
		if *request == "-" && files[0] == "-" {
			fmt.Fprintln(stderr, "playground validate: the message and the request cannot both come from standard input")
			return 2
		}
		opts.Request, err = readMessage(*request, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "playground validate: request: %v\n", err)
			return 2
		}
	}
	rep := grader.Check(msg, opts)
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		fmt.Fprintf(stderr, "playground validate: write report: %v\n", err)
		return 2
	}
	if !rep.Valid {
		return 1
	}
	return 0
}

// readMessage reads a file ("-" is stdin), at most one byte more than the checker
// accepts: a larger message gets the checker's "too large" diagnostic without
// being held in memory.
func readMessage(name string, stdin io.Reader) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("read message: %w", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, grader.MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", displayName(name), err)
	}
	return b, nil
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}
