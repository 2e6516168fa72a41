package repo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
)

// Process is a playground binary running "serve", started by Start. Its
// log is read to the end as it is written, so the server never blocks on
// a full pipe.
type Process struct {
	Cmd  *exec.Cmd
	Addr string        // host:port, from the line that says it is ready
	Done chan struct{} // closed once the process has exited
	Err  error         // what cmd.Wait returned; read it after Done

	mu   sync.Mutex
	tail []string
}

// StartOptions are what Start passes to the process besides its
// arguments.
type StartOptions struct {
	Env    []string     // added to this process's environment
	OnLine func(string) // called with each line of the log, if set
	Dir    string       // the process's working directory (default: this one's)
}

// ErrExited is the error of a process that exited before it was ready.
var ErrExited = errors.New("exited before it was ready")

// tailLines is how much of the log Process.Log keeps.
const tailLines = 50

// Start runs bin serve with args and returns once the process logs that
// it is ready (the line names its address: no polling). When it exits
// first, Start returns the process and an error wrapping ErrExited; when
// ctx ends first, it kills the process and returns ctx's error. Either
// way Process.Log says what the server wrote.
func Start(ctx context.Context, bin string, args []string, opt StartOptions) (*Process, error) {
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	cmd.Dir = opt.Dir
	if opt.Env != nil {
		cmd.Env = append(os.Environ(), opt.Env...)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	p := &Process{Cmd: cmd, Done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			p.remember(line)
			if opt.OnLine != nil {
				opt.OnLine(line)
			}
			if m := readyLine.FindStringSubmatch(line); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, stderr) // a line too long for the scanner
		p.Err = cmd.Wait()
		close(p.Done)
	}()
	select {
	case p.Addr = <-addr:
		return p, nil
	case <-p.Done:
		return p, fmt.Errorf("%s %w (%v)", bin, ErrExited, p.Err)
	case <-ctx.Done():
		p.Kill()
		return p, ctx.Err()
	}
}

func (p *Process) remember(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tail = append(p.tail, line)
	if len(p.tail) > tailLines {
		p.tail = p.tail[1:]
	}
}

// Log is the end of the process's log.
func (p *Process) Log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.tail, "\n")
}

// Kill sends SIGKILL and waits for the process to be gone.
func (p *Process) Kill() {
	_ = p.Cmd.Process.Signal(syscall.SIGKILL)
	<-p.Done
}

// Stop sends SIGTERM and waits until the process exits.
func (p *Process) Stop() {
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	<-p.Done
}
