// Command gosdk records sessions between the official Go SDK's client and a
// server made with the same SDK (a tool that reports progress and logs, a
// resource, a prompt with a completion), over stdio (through capture.Tee, in
// process) and over Streamable HTTP (through capture.Recorder, on loopback),
// in every revision the SDK speaks. Run by internal/capture/record.sh:
//
//	go run ./cmd/mcpcapture-gosdk -out DIR
//
// writes DIR/gosdk-gosdk/{stdio,http}-REVISION.jsonl.
package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// revisions are the revisions both sides speak.
var revisions = grader.CourseRevisions()

func main() {
	out := flag.String("out", "", "the directory of captured sessions")
	timeout := flag.Duration("timeout", 30*time.Second, "the longest one session may last")
	flag.Parse()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if *out == "" {
		logger.Error("gosdk: -out DIR is required")
		os.Exit(2)
	}
	if err := record(filepath.Join(*out, "gosdk-gosdk"), *timeout, logger); err != nil {
		logger.Error("gosdk", "err", err)
		os.Exit(1)
	}
}

// record writes one session per transport and revision.
func record(dir string, timeout time.Duration, logger *slog.Logger) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	for _, rev := range revisions {
		for _, tr := range []struct {
			name string
			run  func(ctx context.Context, path, rev string) error
		}{{"stdio", recordStdio}, {"http", recordHTTP}} {
			path := filepath.Join(dir, tr.name+"-"+rev+".jsonl")
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			err := tr.run(ctx, path, rev)
			cancel()
			if err != nil {
				return fmt.Errorf("%s %s: %w", tr.name, rev, err)
			}
			logger.Info("gosdk: recorded", "file", path)
		}
	}
	return nil
}
