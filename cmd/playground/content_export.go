package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/lessons"
)

// contentUsage is the synopsis of "playground content".
const contentUsage = "usage: playground content export DIR"

// runContent is "playground content export DIR": it writes the bundled
// course (DIR/lessons, DIR/exercises) as the starting point of one's own,
// which -content DIR then serves and check-content DIR lints.
func runContent(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "export" {
		fmt.Fprintln(stderr, contentUsage)
		return groupExit(args)
	}
	flags := flag.NewFlagSet("content export", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintln(stderr, contentUsage+"\n\nWrites the bundled course (DIR/lessons, DIR/exercises) into DIR, new or empty:\nserve it with -content DIR, lint it with check-content DIR.")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args[1:]); err != nil {
		return flagsExit(err)
	}
	if flags.NArg() != 1 {
		flags.Usage()
		return 2
	}
	dir := flags.Arg(0)
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		fmt.Fprintf(stderr, "content export: %s is not empty: choose a new directory, nothing was written\n", dir)
		return 2
	}
	n := 0
	for sub, fsys := range map[string]fs.FS{"lessons": lessons.FS, "exercises": exercises.FS} {
		c, err := exportTree(fsys, filepath.Join(dir, sub))
		if err != nil {
			fmt.Fprintf(stderr, "content export: %v\n", err)
			return 2
		}
		n += c
	}
	fmt.Fprintf(stdout, "wrote %d files to %s: serve them with -content %s, lint them with check-content %s\n", n, dir, dir, dir)
	return 0
}

// exportTree copies every file of fsys under dir.
func exportTree(fsys fs.FS, dir string) (int, error) {
	n := 0
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, b, 0o644); err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return n, fmt.Errorf("write %s: %w", dir, err)
	}
	return n, nil
}
