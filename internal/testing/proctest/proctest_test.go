package proctest

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// helperEnv makes the test binary a process that lives until its stdin
// closes.
const helperEnv = "PROCTEST_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A running process has not exited; once it exits, Exited says so at
// once, before anyone reaps it, and so it does for a killed one.
func TestExited(t *testing.T) {
	for _, end := range []string{"exits", "killed"} {
		t.Run(end, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), helperEnv+"=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			p, err := Watch(cmd.Process.Pid)
			if errors.Is(err, ErrUnsupported) {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				t.Skipf("cannot watch a process here: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if done, err := p.Exited(0); done || err != nil {
				t.Fatalf("a running process: exited %v, %v", done, err)
			}
			if end == "exits" {
				stdin.Close()
			} else {
				_ = cmd.Process.Kill()
			}
			if done, err := p.Exited(time.Minute); !done || err != nil {
				t.Errorf("after it %s: exited %v, %v", end, done, err)
			}
			_ = cmd.Wait() // reaped only now
		})
	}
}
