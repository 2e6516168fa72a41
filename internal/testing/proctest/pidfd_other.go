//go:build !linux || mips || mipsle || mips64 || mips64le

package proctest

import "time"

func watch(int) (*Process, error) { return nil, ErrUnsupported }

func (*Process) exited(time.Duration) (bool, error) { return false, ErrUnsupported }

func (*Process) close() error { return nil }
