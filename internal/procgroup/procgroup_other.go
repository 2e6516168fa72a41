//go:build !unix

package procgroup

import "os/exec"

// Set does nothing where there are no process groups.
func Set(*exec.Cmd) {}

// Kill kills cmd's process (its children live on where there are no
// process groups).
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
