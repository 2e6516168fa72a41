package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mcpplayground/playground/internal/store"
)

// runMigrate applies the pending migrations and exits: with several
// instances on one database, an upgrade runs it once before the new
// binary is rolled out (instances also migrate when they start, under a
// lock, so forgetting it is safe, only slower to start).
func runMigrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "playground.db", "SQLite database file or postgres:// URL")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground migrate [-db DSN]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "migrate: %v\n", err)
		return 2
	}
	defer st.Close()
	v, err := st.SchemaVersion(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "migrate: %v\n", err)
		return 2
	}
	for _, m := range st.Applied() {
		fmt.Fprintf(stdout, "applied %s\n", m)
	}
	fmt.Fprintf(stdout, "%s is at schema version %d\n", st.Path(), v)
	return 0
}
