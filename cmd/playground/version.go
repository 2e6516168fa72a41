package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

// Set by the release build (.goreleaser.yaml) with
// -ldflags "-X main.version=… -X main.commit=… -X main.date=…"; empty in
// any other build, which then reads them from the build information.
var (
	version string
	commit  string
	date    string
)

// buildInfo says which program this is: the version, the commit and the
// date it was built from.
type buildInfo struct {
	Version, Commit, Date string
}

// currentBuild is the release build's stamp, completed from what the Go
// toolchain records: the module's version ("(devel)" for a checkout), and,
// in a build from a git checkout, the commit, its time and "+dirty" when
// the work tree had changes.
func currentBuild() buildInfo {
	return stampedBuild(version, commit, date, readBuildInfo())
}

func readBuildInfo() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// stampedBuild completes what -ldflags set from bi (which may be nil).
func stampedBuild(v, c, d string, bi *debug.BuildInfo) buildInfo {
	if c == "none" { // GoReleaser's word when git told it nothing
		c = ""
	}
	b := buildInfo{Version: v, Commit: c, Date: d}
	modified := false
	if bi != nil {
		if b.Version == "" && bi.Main.Version != "" {
			b.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
				}
			case "vcs.time":
				if b.Date == "" {
					b.Date = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified && c == "" && b.Commit != "" {
			b.Commit += "+dirty"
		}
	}
	if b.Version == "" {
		b.Version = "(devel)"
	}
	if b.Commit == "" {
		b.Commit = "unknown"
	}
	if b.Date == "" {
		b.Date = "unknown"
	}
	return b
}

// runVersion prints the version, the commit and the build date, one a line.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground version\n\nPrints the version, the commit and the date this program was built from.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	b := currentBuild()
	fmt.Fprintf(stdout, "playground %s\ncommit %s\ndate %s\n", b.Version, b.Commit, b.Date)
	return 0
}
