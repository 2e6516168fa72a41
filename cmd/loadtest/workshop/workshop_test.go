package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// A small room against the real binary, killed with SIGKILL in the middle
// and restarted on the same database: no request fails outside the outage,
// every acknowledged attempt is still there, and the dashboard agrees with
// the stored attempts (run checks all three and fails otherwise).
func TestRoomSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the playground binary: skipped in -short mode")
	}
	var out, logs bytes.Buffer
	cfg := config{
		learners: 40, duration: 8 * time.Second, think: 150 * time.Millisecond,
		dashEvery: 500 * time.Millisecond, killAfter: 4 * time.Second, console: true,
	}
	err := run(context.Background(), cfg, &out, &logs)
	t.Logf("report:\n%s", out.String())
	if err != nil {
		t.Fatalf("%v\nserver errors:\n%s", err, logs.String())
	}
	report := out.String()
	for _, want := range []string{"fault: SIGKILL at 4s", "errors: 0", "missing; ", "0 cells disagree", "server memory: peak RSS"} {
		if !bytes.Contains(out.Bytes(), []byte(want)) {
			t.Errorf("the report lacks %q", want)
		}
	}
	m := regexp.MustCompile(`check: (\d+) attempts acknowledged, (\d+) missing`).FindStringSubmatch(report)
	if m == nil {
		t.Fatal("no acknowledged count in the report")
	}
	if acked, _ := strconv.Atoi(m[1]); acked < 100 {
		t.Errorf("only %d attempts acknowledged: the room did too little to test anything", acked)
	}
	if m[2] != "0" {
		t.Errorf("%s acknowledged attempts lost", m[2])
	}
}

func TestRunRefusesBadConfig(t *testing.T) {
	for _, cfg := range []config{
		{learners: 0, duration: time.Second},
		{learners: 1, duration: 0},
		{learners: 1, duration: time.Second, think: -1},
		{learners: 1, duration: time.Second, killAfter: time.Second, url: "http://127.0.0.1:1"},
		{learners: 1, duration: time.Second, killAfter: 2 * time.Second},
	} {
		if err := run(context.Background(), cfg, io.Discard, io.Discard); err == nil {
			t.Errorf("run(%+v) accepted a bad configuration", cfg)
		}
	}
}

func TestPercentile(t *testing.T) {
	var xs []time.Duration
	for i := 1; i <= 100; i++ {
		xs = append(xs, time.Duration(i)*time.Millisecond)
	}
	for p, want := range map[float64]time.Duration{.5: 50 * time.Millisecond, .99: 99 * time.Millisecond, 1: 100 * time.Millisecond, 0: time.Millisecond} {
		if got := percentile(xs, p); got != want {
			t.Errorf("percentile(1..100 ms, %v) = %v, want %v", p, got, want)
		}
	}
	if percentile(nil, .5) != 0 {
		t.Error("percentile of nothing is not 0")
	}
}
