package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/mcpplayground/playground/internal/capture"
)

// runTee starts the server command and tees the client (our stdin/stdout)
// with it until the server's output closes.
func runTee(ctx context.Context, out io.Writer, command []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := exec.CommandContext(ctx, command[0], command[1:]...)
	cmd.Stderr = stderr
	cmd.WaitDelay = 5 * time.Second
	toServer, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("server stdin: %w", err)
	}
	fromServer, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("server stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start the server: %w", err)
	}
	tee := &capture.Tee{Log: capture.NewLog(out, capture.LogConfig{})}
	teeErr := tee.Run(ctx, stdin, toServer, fromServer, stdout)
	if f, ok := stdout.(*os.File); ok {
		f.Close() // tell the client the server is gone
	}
	waitErr := cmd.Wait()
	if teeErr != nil {
		return teeErr
	}
	return waitErr
}
