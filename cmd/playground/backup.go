package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mcpplayground/playground/internal/store"
)

// runBackup copies the database consistently, even while a server writes to it.
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "playground.db", "database to copy")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground backup [-db PATH] FILE")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	dest := fs.Arg(0)
	if _, err := os.Stat(dest); err == nil {
		fmt.Fprintf(stderr, "backup: %s already exists; choose a new file name\n", dest)
		return 2
	}
	if store.EngineOf(*db) == store.Postgres {
		fmt.Fprintln(stderr, "backup: a PostgreSQL database is backed up with pg_dump (see docs/operations.md, \"Backups and upgrades\")")
		return 2
	}
	if _, err := os.Stat(*db); err != nil {
		fmt.Fprintf(stderr, "backup: %v\n", err)
		return 2
	}
	if err := store.BackupFile(context.Background(), *db, dest); err != nil {
		fmt.Fprintf(stderr, "backup: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *db, dest)
	return 0
}
