package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// descriptors names the server's open descriptors: files by path, TCP
// sockets by their local and remote ports and state (from
// /proc/PID/net/tcp*), so a connection left behind shows which.
func descriptors(pid int) map[string]int {
	socks := tcpSockets(pid)
	out := map[string]int{}
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return out
	}
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join(fmt.Sprintf("/proc/%d/fd", pid), e.Name()))
		if err != nil {
			continue
		}
		if inode, ok := strings.CutPrefix(target, "socket:["); ok {
			if s, ok := socks[strings.TrimSuffix(inode, "]")]; ok {
				target = s
			}
		}
		out[target]++
	}
	return out
}

// tcpStates are the kernel's TCP states, by their hex code.
var tcpStates = map[string]string{"01": "ESTABLISHED", "06": "TIME_WAIT", "08": "CLOSE_WAIT", "0A": "LISTEN"}

func tcpSockets(pid int) map[string]string {
	out := map[string]string{}
	for _, f := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/net/%s", pid, f))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n")[1:] {
			fs := strings.Fields(line)
			if len(fs) < 10 {
				continue
			}
			state := tcpStates[fs[3]]
			if state == "" {
				state = fs[3]
			}
			out[fs[9]] = fmt.Sprintf("tcp %s -> %s %s", port(fs[1]), port(fs[2]), state)
		}
	}
	return out
}

// port is the port of a /proc/net/tcp address ("0100007F:1F90").
func port(addr string) string {
	_, p, _ := strings.Cut(addr, ":")
	n, err := strconv.ParseUint(p, 16, 16)
	if err != nil {
		return p
	}
	return strconv.FormatUint(n, 10)
}

// newDescriptors are those of now that idle did not have.
func newDescriptors(idle, now map[string]int) []string {
	var out []string
	for k, n := range now {
		if n > idle[k] {
			out = append(out, fmt.Sprintf("%s ×%d", k, n-idle[k]))
		}
	}
	return out
}
