package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

// Two instances on one database must serve the same content: a second
// one with other content is refused with a message that says what to do,
// one with the same content starts, and once the first has stopped the
// changed content starts too; on both engines.
func TestServeRefusesOtherContentOnOneDatabase(t *testing.T) {
	t.Parallel()
	for name, dsn := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "p.db") },
		"postgres": func(t *testing.T) string { return pgtest.DSN(t) },
	} {
		t.Run(name, func(t *testing.T) { testOtherContentRefused(t, dsn(t)) })
	}
}

func testOtherContentRefused(t *testing.T, db string) {
	dir := t.TempDir()
	for _, l := range []string{"en", "fr"} {
		writeFile(t, dir, "lessons/"+l+"/our-extra.md", ownLesson("our-extra", "99", "Our extra "+l))
	}
	// PostgreSQL wants every instance on it to share one chosen token.
	bundled := serveConfig{addr: "127.0.0.1:0", db: db, contentMode: contentReplace, instructorToken: "tok-" + strings.Repeat("k3", 20)}
	first := startServe(t, bundled)
	startServe(t, bundled).stop() // the same content beside it

	other := bundled
	other.content, other.contentMode = dir, contentExtend
	// Refused, it returns at once; accepted, it would serve until the
	// deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := serve(ctx, other, slog.New(slog.NewTextHandler(io.Discard, nil)))
	var ce contentError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "another instance serves different content on this database") || !strings.Contains(err.Error(), "-content") {
		t.Fatalf("a second instance with other content: %v, want a content error that says so", err)
	}
	if err := first.stop(); err != nil {
		t.Fatal(err)
	}
	startServe(t, other)
}
