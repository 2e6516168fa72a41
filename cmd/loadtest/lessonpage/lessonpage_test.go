package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestMain lets the test binary be the bare Gin child, as the program is
// when it runs itself with -bare-body.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-bare-body" {
		main()
		return
	}
	os.Exit(m.Run())
}

const wrkReport = `Running 1s test @ http://127.0.0.1:18182/en/lessons/requests
  2 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.14ms    3.49ms  36.76ms   93.60%
    Req/Sec    19.12k     4.56k   24.16k    63.64%
  41858 requests in 1.10s, 0.96GB read
Requests/sec:  38080.35
Transfer/sec:      0.88GB
`

func TestParseWrk(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		want    served
		wantErr string
	}{
		{name: "seconds", out: wrkReport, want: served{pages: 41858, elapsed: 1100 * time.Millisecond}},
		{name: "minutes", out: "  9000000 requests in 1.00m, 200GB read\n", want: served{pages: 9000000, elapsed: time.Minute}},
		{name: "refused", out: strings.Replace(wrkReport, "Requests/sec", "  Non-2xx or 3xx responses: 12\nRequests/sec", 1), wantErr: "12 answers were not 2xx or 3xx"},
		{name: "socket errors", out: strings.Replace(wrkReport, "Requests/sec", "  Socket errors: connect 0, read 3, write 0, timeout 0\nRequests/sec", 1), wantErr: "Socket errors: connect 0, read 3"},
		{name: "no report", out: "unable to connect to 127.0.0.1:1 Connection refused\n", wantErr: `no "requests in" line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseWrk(tt.out)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("parseWrk() error = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(served{})); diff != "" {
				t.Errorf("parseWrk() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStatCPU(t *testing.T) {
	// The name holds a space and a ")": the fields count from the last one.
	line := "4242 (we ird) x) S 1 4242 4242 0 -1 4194560 1009 0 0 0 250 31 0 0 20 0 12 0 4110 1430000000 9000 18446744073709551615\n"
	if got, want := statCPU(line), 2810*time.Millisecond; got != want {
		t.Errorf("statCPU() = %v, want %v (utime 250 + stime 31 ticks)", got, want)
	}
	if got := statCPU("4242 (short) S 1"); got != 0 {
		t.Errorf("statCPU(a cut line) = %v, want 0", got)
	}
}

func TestReport(t *testing.T) {
	side := func(pages int64, cpu time.Duration) side {
		return side{served: served{pages: pages, elapsed: time.Second}, cpu: cpu}
	}
	rounds := []roundPair{
		{playground: side(9000, 270*time.Millisecond), bare: side(10000, 250*time.Millisecond)},
		{playground: side(9500, 285*time.Millisecond), bare: side(10000, 250*time.Millisecond)},
		{playground: side(12000, 300*time.Millisecond), bare: side(10000, 250*time.Millisecond)},
	}
	var out bytes.Buffer
	report(&out, rounds)
	want := `round 1: playground    9000 pages/s (30.0 µs a page), bare Gin   10000 pages/s (25.0 µs a page), ratio 0.900, cost ratio 0.833
round 2: playground    9500 pages/s (30.0 µs a page), bare Gin   10000 pages/s (25.0 µs a page), ratio 0.950, cost ratio 0.833
round 3: playground   12000 pages/s (25.0 µs a page), bare Gin   10000 pages/s (25.0 µs a page), ratio 1.200, cost ratio 1.000
median ratio (playground / bare Gin, pages a second): 0.950 over 3 rounds each
median cost ratio (bare Gin / playground, processor time a page): 0.833
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}

// With -base, each round also says the baseline's figures and its ratios
// to the same bare Gin round, and the medians close with the baseline's.
func TestReportWithBaseline(t *testing.T) {
	side := func(pages int64, cpu time.Duration) *side {
		return &side{served: served{pages: pages, elapsed: time.Second}, cpu: cpu}
	}
	rounds := []roundPair{
		{playground: *side(9500, 285*time.Millisecond), bare: *side(10000, 250*time.Millisecond), base: side(9000, 300*time.Millisecond)},
		{playground: *side(9600, 288*time.Millisecond), bare: *side(10000, 250*time.Millisecond), base: side(8000, 320*time.Millisecond)},
	}
	var out bytes.Buffer
	report(&out, rounds)
	want := `round 1: playground    9500 pages/s (30.0 µs a page), bare Gin   10000 pages/s (25.0 µs a page), ratio 0.950, cost ratio 0.833
         baseline      9000 pages/s (33.3 µs a page), ratio 0.900, cost ratio 0.750
round 2: playground    9600 pages/s (30.0 µs a page), bare Gin   10000 pages/s (25.0 µs a page), ratio 0.960, cost ratio 0.833
         baseline      8000 pages/s (40.0 µs a page), ratio 0.800, cost ratio 0.625
median ratio (playground / bare Gin, pages a second): 0.955 over 2 rounds each
median cost ratio (bare Gin / playground, processor time a page): 0.833
baseline: median ratio 0.850, median cost ratio 0.688
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.xs); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.xs, got, tt.want)
		}
	}
}

func TestLearnerNeedsALessonPath(t *testing.T) {
	_, err := browserHeaders(context.Background(), "http://127.0.0.1:1", "/en/exercises")
	if err == nil || !strings.Contains(err.Error(), "/{lang}/lessons/{slug}") {
		t.Errorf("browserHeaders(/en/exercises) error = %v, want one naming the lesson path", err)
	}
}

// The whole program against the real binary: both servers start in
// their own processes and, with -same-headers, answer the same bytes but
// for the Date; one round of each is measured and reported.
func TestMeasureOneRound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the playground binary: skipped in -short mode")
	}
	ctx := context.Background()
	cfg := config{real: "127.0.0.1:0", bare: "127.0.0.1:0", path: "/en/lessons/requests", learner: true, sameHeaders: true}
	p, err := startPair(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer p.stop()
	realBody, realHeader, err := get(ctx, p.realURL, p.headers)
	if err != nil {
		t.Fatal(err)
	}
	bareBody, bareHeader, err := get(ctx, p.bareURL, p.headers)
	if err != nil {
		t.Fatal(err)
	}
	realHeader.Del("Date")
	bareHeader.Del("Date")
	if diff := cmp.Diff(realHeader, bareHeader); diff != "" || !bytes.Equal(realBody, bareBody) {
		t.Errorf("the servers answer differently (bodies equal: %v); headers (-playground +bare):\n%s", bytes.Equal(realBody, bareBody), diff)
	}
	if realHeader.Get("Content-Security-Policy") == "" {
		t.Error("the playground sent no Content-Security-Policy: not the page measured")
	}

	load := loader(goLoad{conns: 4})
	if wrk, err := exec.LookPath("wrk"); err == nil {
		load = wrkLoad{bin: wrk, threads: 1, conns: 4}
	}
	rounds, err := measure(ctx, load, p, 1, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	report(&out, rounds)
	for _, re := range []string{
		`(?m)^round 1: playground +\d+ pages/s \([0-9.]+ µs a page\), bare Gin +\d+ pages/s \([0-9.]+ µs a page\), ratio [0-9.]+, cost ratio [0-9.]+$`,
		`(?m)^median ratio \(playground / bare Gin, pages a second\): [0-9.]+ over 1 rounds each$`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("the report does not match %s:\n%s", re, out.String())
		}
	}
}

func TestHeadersFile(t *testing.T) {
	h := http.Header{
		"Content-Security-Policy": {"default-src 'self'; frame-ancestors 'none'"},
		"Etag":                    {`"d1c14e6e159f83b5"`},
		"Vary":                    {"Accept-Language", "Cookie"},
		"Date":                    {"Sun, 06 Dec 2026 05:00:00 GMT"},
		"Content-Length":          {"24565"},
		"Content-Type":            {"text/html; charset=utf-8"},
	}
	file := filepath.Join(t.TempDir(), "headers.txt")
	if err := writeHeaders(file, h); err != nil {
		t.Fatal(err)
	}
	got, err := readHeaders(file)
	if err != nil {
		t.Fatal(err)
	}
	want := http.Header{"Content-Security-Policy": h["Content-Security-Policy"], "Etag": h["Etag"], "Vary": h["Vary"]}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("headers read back (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(file, []byte("no colon here\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readHeaders(file); err == nil || !strings.Contains(err.Error(), "is not a header") {
		t.Errorf("readHeaders(a line without a colon) error = %v", err)
	}
}

func TestStatusPeak(t *testing.T) {
	tests := []struct {
		name, status string
		want         int64
	}{
		{"a process", "Name:\tplayground\nVmPeak:\t 1300000 kB\nVmHWM:\t   41236 kB\nVmRSS:\t   40000 kB\n", 41236 << 10},
		{"no high-water mark", "Name:\tplayground\nVmRSS:\t   40000 kB\n", 0},
		{"not a number", "VmHWM:\t  many kB\n", 0},
	}
	for _, tt := range tests {
		if got := statusPeak(tt.status); got != tt.want {
			t.Errorf("%s: statusPeak = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// The test process's own peak is read from /proc: more than nothing.
func TestPeakMemoryOfThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	if got := peakMemory(os.Getpid()); got < 1<<20 {
		t.Errorf("peakMemory(self) = %d bytes, want at least a MiB", got)
	}
}
