package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// loader loads one server for one round of about d, sending headers
// ("Name: value") with every request, and says how many pages it served
// whole with 200, and in how long.
type loader interface {
	round(ctx context.Context, url string, headers []string, d time.Duration) (served, error)
	String() string
}

// served is what one round of one server served.
type served struct {
	pages   int64
	elapsed time.Duration
}

func (s served) rate() float64 {
	if s.elapsed <= 0 {
		return 0
	}
	return float64(s.pages) / s.elapsed.Seconds()
}

// wrkLoad is wrk, the load generator the figures come from.
type wrkLoad struct {
	bin            string
	threads, conns int
}

func (w wrkLoad) String() string {
	return fmt.Sprintf("wrk -t%d -c%d (%s)", w.threads, w.conns, w.bin)
}

func (w wrkLoad) round(ctx context.Context, url string, headers []string, d time.Duration) (served, error) {
	secs := max(1, int(d.Round(time.Second)/time.Second))
	args := []string{"-t" + strconv.Itoa(w.threads), "-c" + strconv.Itoa(w.conns), "-d" + strconv.Itoa(secs) + "s"}
	for _, h := range headers {
		args = append(args, "-H", h)
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, w.bin, append(args, url)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return served{}, fmt.Errorf("%s: %w\n%s", w.bin, err, out.String())
	}
	return parseWrk(out.String())
}

var (
	wrkServed  = regexp.MustCompile(`(?m)^\s*(\d+) requests in ([0-9.]+)(us|ms|s|m|h)\b`)
	wrkNon2xx  = regexp.MustCompile(`(?m)^\s*Non-2xx or 3xx responses: (\d+)`)
	wrkErrored = regexp.MustCompile(`(?m)^\s*Socket errors: .*`)
)

// parseWrk reads the pages and the time from wrk's report ("41858
// requests in 1.10s"); a round in which a request failed (an answer other
// than 2xx or 3xx, a socket error) measured something else, and is an
// error.
func parseWrk(out string) (served, error) {
	if m := wrkNon2xx.FindStringSubmatch(out); m != nil {
		return served{}, fmt.Errorf("wrk: %s answers were not 2xx or 3xx:\n%s", m[1], out)
	}
	if m := wrkErrored.FindString(out); m != "" {
		return served{}, fmt.Errorf("wrk: %s:\n%s", strings.TrimSpace(m), out)
	}
	m := wrkServed.FindStringSubmatch(out)
	if m == nil {
		return served{}, fmt.Errorf("wrk printed no \"requests in\" line:\n%s", out)
	}
	pages, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return served{}, fmt.Errorf("wrk: %w", err)
	}
	elapsed, err := time.ParseDuration(m[2] + m[3])
	if err != nil || elapsed <= 0 {
		return served{}, fmt.Errorf("wrk: a round of %q", m[2]+m[3])
	}
	return served{pages: pages, elapsed: elapsed}, nil
}

// goLoad is Go's HTTP client, for a machine without wrk: conns loops each
// fetch the page over its own keep-alive connection.
type goLoad struct {
	conns int
}

func (g goLoad) String() string { return fmt.Sprintf("Go's HTTP client, %d loops", g.conns) }

func (g goLoad) round(ctx context.Context, url string, headers []string, d time.Duration) (served, error) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: g.conns, MaxConnsPerHost: g.conns}}
	defer client.CloseIdleConnections()
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var pages atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, g.conns)
	for range g.conns {
		wg.Go(func() {
			for ctx.Err() == nil {
				if err := fetch(ctx, client, url, headers); err != nil {
					if ctx.Err() == nil {
						errs <- err
						cancel()
					}
					return
				}
				pages.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return served{}, err
	}
	return served{pages: pages.Load(), elapsed: time.Since(start)}, nil
}

// fetch reads one page whole and wants a 200.
func fetch(ctx context.Context, client *http.Client, url string, headers []string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Add(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return fmt.Errorf("read %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return nil
}
