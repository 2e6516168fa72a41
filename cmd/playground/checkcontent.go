package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/mcpplayground/playground/internal/markdown"
)

// runCheckContent lints a course directory (or the bundled course) and prints
// one "file:line: what is wrong" per problem.
func runCheckContent(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check-content", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground check-content [DIR]\n\nDIR holds lessons/ and exercises/; without it, the bundled course is checked.")
	}
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	src, err := newContentSource(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if _, err := src.load(markdown.New()); err != nil {
		for _, e := range unjoin(err) {
			fmt.Fprintln(stdout, e)
		}
		return 1
	}
	fmt.Fprintln(stdout, "content OK")
	return 0
}

// unjoin flattens errors.Join trees into one error per line.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	if err == nil {
		return nil
	}
	return []error{err}
}
