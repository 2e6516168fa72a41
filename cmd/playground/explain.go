package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// explainFlags are the options of playground explain.
type explainFlags struct {
	format, protocol, lang, serverOut, peer string
	json                                    bool
	maxBytes                                int64
	maxMessages                             int
}

// runExplain explains a log: an annotated timeline, or the explain JSON
// with -json. Exit codes: 0 nothing wrong, 1 something wrong, 2 usage or
// I/O error.
func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f explainFlags
	fs.StringVar(&f.format, "format", "auto", "log format: "+strings.Join(logimport.Names(), ", "))
	fs.StringVar(&f.protocol, "protocol", "", "protocol revision assumed until a handshake says (default "+grader.DefaultRevision+")")
	fs.StringVar(&f.lang, "lang", string(i18n.Default), "language of the explanation: en or fr")
	fs.BoolVar(&f.json, "json", false, "print the explain JSON instead of the timeline")
	fs.StringVar(&f.serverOut, "server-out", "", "a stdio capture in two files: FILE is what the client wrote, this what the server wrote")
	fs.StringVar(&f.peer, "peer", "", "a Claude Desktop mcp.log: explain only this server's messages")
	fs.Int64Var(&f.maxBytes, "max-bytes", 64<<20, "largest log read, in bytes")
	fs.IntVar(&f.maxMessages, "max-messages", 100_000, "most messages explained")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: playground explain [-format %s] [-protocol REV] [-lang en|fr] [-json] [-server-out FILE] [-peer NAME] [-max-bytes N] [-max-messages N] FILE|-\n", strings.Join(logimport.Names(), "|"))
		fmt.Fprintln(stderr, "\nExplains a real MCP log (\"-\" reads standard input): every message checked, requests and responses paired, the conversation's problems.")
		fs.PrintDefaults()
	}
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return flagsExit(err)
	}
	if len(files) != 1 {
		fs.Usage()
		return 2
	}
	opts, err := f.options()
	if err != nil {
		fmt.Fprintf(stderr, "playground explain: %v\n", err)
		return 2
	}
	rep, err := f.explain(files[0], stdin, opts)
	if err != nil {
		fmt.Fprintf(stderr, "playground explain: %v\n", err)
		return 2
	}
	if err := f.write(stdout, rep, opts.Lang); err != nil {
		fmt.Fprintf(stderr, "playground explain: %v\n", err)
		return 2
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// parseInterleaved parses flags that may come before or after the file
// names, then the environment; it returns the file names.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if err := envDefaults(fs); err != nil {
		fmt.Fprintln(fs.Output(), err)
		return nil, err
	}
	return files, nil
}

// options checks the flags and turns them into explain options.
func (f explainFlags) options() (explain.Options, error) {
	format, err := logimport.ParseFormat(f.format)
	if err != nil {
		return explain.Options{}, err
	}
	if f.protocol != "" && !grader.JudgedRevision(f.protocol) {
		return explain.Options{}, fmt.Errorf("unknown protocol revision %q (known: %s)",
			f.protocol, strings.Join(grader.Revisions(), ", "))
	}
	l, ok := i18n.Parse(f.lang)
	if !ok {
		return explain.Options{}, fmt.Errorf("unknown language %q (en or fr)", f.lang)
	}
	return explain.Options{Format: format, Protocol: f.protocol, Lang: l, Peer: f.peer,
		Limits: logimport.Limits{MaxBytes: f.maxBytes, MaxMessages: f.maxMessages}}, nil
}

// explain reads the log (and the server's side, with -server-out) and
// explains it.
func (f explainFlags) explain(name string, stdin io.Reader, opts explain.Options) (*explain.Report, error) {
	src, err := readLog(name, stdin, opts.Limits.MaxBytes)
	if err != nil {
		return nil, err
	}
	if f.serverOut == "" {
		return explain.Explain(src, opts)
	}
	if f.serverOut == "-" && name == "-" {
		return nil, fmt.Errorf("the two sides of the capture cannot both come from standard input")
	}
	srv, err := readLog(f.serverOut, stdin, opts.Limits.MaxBytes)
	if err != nil {
		return nil, err
	}
	return explain.ExplainPair(src, srv, opts)
}

// write prints the report as JSON or as a timeline in lang.
func (f explainFlags) write(w io.Writer, rep *explain.Report, lang i18n.Lang) error {
	if !f.json {
		return explain.WriteText(w, rep, lang)
	}
	b, err := rep.JSON()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// readLog reads a log file ("-" is stdin), at most max bytes and one more
// (so that the explainer can say it is too large).
func readLog(name string, stdin io.Reader, max int64) ([]byte, error) {
	var r io.Reader = stdin
	if name != "-" {
		file, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("read the log: %w", err)
		}
		defer file.Close()
		r = file
	}
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", displayName(name), err)
	}
	return b, nil
}
