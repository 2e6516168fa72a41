//go:build linux && !(mips || mipsle || mips64 || mips64le)

package proctest

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// sysPidfdOpen is pidfd_open(2) (Linux 5.3) on every architecture but MIPS.
const sysPidfdOpen = 434

func watch(pid int) (*Process, error) {
	fd, _, errno := syscall.Syscall(sysPidfdOpen, uintptr(pid), 0, 0)
	switch errno {
	case 0:
		return &Process{fd: int(fd)}, nil
	case syscall.ENOSYS:
		return nil, ErrUnsupported
	}
	return nil, os.NewSyscallError("pidfd_open", errno)
}

// pollFd is struct pollfd.
type pollFd struct {
	fd      int32
	events  int16
	revents int16
}

const pollIn = 0x1

// exited blocks in ppoll(2) on the pidfd, which becomes readable when the
// process exits.
func (p *Process) exited(timeout time.Duration) (bool, error) {
	deadline := time.Now().Add(timeout)
	for {
		ts := syscall.NsecToTimespec(max(int64(time.Until(deadline)), 0))
		pfd := pollFd{fd: int32(p.fd), events: pollIn}
		n, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&pfd)), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
		switch {
		case errno == syscall.EINTR:
			continue // a signal to this thread: wait again, for what is left
		case errno != 0:
			return false, os.NewSyscallError("ppoll", errno)
		}
		return n > 0 && pfd.revents&pollIn != 0, nil
	}
}

func (p *Process) close() error { return syscall.Close(p.fd) }
