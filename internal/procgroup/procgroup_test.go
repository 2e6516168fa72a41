//go:build unix

package procgroup

import (
	"bufio"
	"io"
	"os/exec"
	"testing"
	"time"
)

// Kill ends the grandchildren too: a shell that started a sleep in the
// background leaves nothing behind. The sleep holds the shell's stdout, so
// the pipe reads to its end only once every process of the group is gone.
func TestKillEndsTheGroup(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	cmd := exec.Command("sh", "-c", "sleep 300 & echo started; wait")
	Set(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(out)
	if line, err := r.ReadString('\n'); err != nil || line != "started\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	Kill(cmd)
	closed := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, r)
		closed <- err
	}()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("reading to the end: %v", err)
		}
	case <-time.After(time.Minute): // a bound, not a pace: the pipe closes at once when the group dies
		t.Fatal("a process of the group still holds the pipe a minute after Kill")
	}
	_ = cmd.Wait()
}
