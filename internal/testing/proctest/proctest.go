// Package proctest lets a test wait for a process to exit, any process
// (a server's own child, which the test cannot reap, as well as its own),
// on the kernel's word rather than by asking again and again whether it
// is still there. Only tests import it.
package proctest

import (
	"errors"
	"time"
)

// Process watches one process from Watch on: the pid cannot come to name
// another process meanwhile.
type Process struct {
	fd int
}

// ErrUnsupported is Watch's error where the kernel cannot say when a
// process exits (not Linux, or Linux before 5.3); tests skip what they
// cannot await.
var ErrUnsupported = errors.ErrUnsupported

// Watch starts watching pid, which must be running (or a zombie not yet
// reaped) now. Close the Process when done.
func Watch(pid int) (*Process, error) { return watch(pid) }

// Exited waits until the process has exited (a zombie not yet reaped has
// exited), at most timeout, and says whether it did.
func (p *Process) Exited(timeout time.Duration) (bool, error) { return p.exited(timeout) }

// Close stops watching.
func (p *Process) Close() error { return p.close() }
