package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// peakMemory is the most resident memory pid has held so far, in bytes,
// from /proc/PID/status (zero where there is no /proc).
func peakMemory(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	return statusPeak(string(b))
}

// statusPeak reads the VmHWM line of a /proc/PID/status text ("VmHWM:
// 12345 kB"): the resident set's high-water mark.
func statusPeak(s string) int64 {
	for line := range strings.Lines(s) {
		v, ok := strings.CutPrefix(line, "VmHWM:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// reportMemory says each server's peak resident memory once the rounds
// are over: what the playground's speed costs in memory.
func reportMemory(w io.Writer, p *pair) {
	fmt.Fprintf(w, "peak resident memory: playground %s, bare Gin %s", mebibytes(peakMemory(p.real.Cmd.Process.Pid)), mebibytes(peakMemory(p.bare.Process.Pid)))
	if p.base != nil {
		fmt.Fprintf(w, ", baseline %s", mebibytes(peakMemory(p.base.Cmd.Process.Pid)))
	}
	fmt.Fprintln(w)
}

// mebibytes writes n bytes in MiB ("?" when it could not be read).
func mebibytes(n int64) string {
	if n <= 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
