package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// cpuTime is the processor time pid has used so far, user and system,
// from /proc/PID/stat (zero where there is no /proc).
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	return statCPU(string(b))
}

// statCPU reads utime and stime, fields 14 and 15 of a /proc/PID/stat
// line. The command's name, in parentheses, may hold spaces and
// parentheses: the fields are counted from the last ")".
func statCPU(s string) time.Duration {
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	user, err1 := strconv.ParseInt(f[11], 10, 64)
	sys, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(user+sys) * clockTick
}

// micros writes a processor time a page in microseconds ("?" when it
// could not be read).
func micros(d time.Duration) string {
	if d <= 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
}
