package servercheck

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/procgroup"
)

// stopGrace is how long a server has to exit once its stdin is closed
// before it is killed.
const stopGrace = 2 * time.Second

// exitGrace bounds the wait for a process whose stdout has closed.
const exitGrace = 5 * time.Second

// StartCommand starts name with args as an MCP server on stdio. The server
// runs in its own process group, so Close ends its children too.
func StartCommand(name string, args []string, env []string) (Transport, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("create the stdin pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("create the stdout pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("create the stderr pipe: %w", err)
	}
	cmd := exec.Command(name, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.Env = env
	procgroup.Set(cmd)
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, &reachError{fmt.Errorf("start %s: %w", name, err)}
	}
	closeAll(inR, outW, errW) // the child holds its ends
	p := &proc{cmd: cmd, exited: make(chan struct{})}
	t := newStdio(inW, outR, errR)
	// The process's waiter is one of the transport's goroutines: Close,
	// which reaps the process, waits for it to return too.
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		p.wait()
	}()
	t.pid = cmd.Process.Pid
	t.exited = p.status
	t.stop = p.stop
	t.start()
	return t, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// proc is a started server process.
type proc struct {
	cmd    *exec.Cmd
	exited chan struct{}
	mu     sync.Mutex
	err    error
}

func (p *proc) wait() {
	err := p.cmd.Wait()
	p.mu.Lock()
	p.err = err
	p.mu.Unlock()
	close(p.exited)
}

// status says how the process ended, waiting for it when stdout has just
// closed ("" while it runs). A process whose stdout closed is exiting: the
// wait is long enough for a busy machine to reap it, so the verdict names
// its exit status rather than racing it.
func (p *proc) status() string {
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return "the server exited (" + p.err.Error() + ")"
	}
	return "the server exited (status 0)"
}

// stop lets the server exit on its own once its stdin is closed, then
// kills its process group, and reaps it.
func (p *proc) stop() {
	select {
	case <-p.exited:
	case <-time.After(stopGrace):
	}
	procgroup.Kill(p.cmd)
	<-p.exited
}
