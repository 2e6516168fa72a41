package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// measureConfig is one side-by-side run: rounds of d each, in which both
// servers are loaded at once with conns connections each, so that both
// meet the same machine at the same moment (another program's load falls
// on both alike).
type measureConfig struct {
	conns  int
	d      time.Duration
	rounds int
}

// rate is what one round served from each server.
type rate struct {
	router, bare int64 // pages served whole with 200
	d            time.Duration
}

// measure loads realURL and bareURL together, round after round, and
// returns each round's pages.
func measure(ctx context.Context, cfg measureConfig, realURL, bareURL string) ([]rate, error) {
	var out []rate
	for range cfg.rounds {
		var r rate
		var errR, errB error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); r.router, errR = round(ctx, newClient(cfg.conns), realURL, cfg.conns, cfg.d) }()
		go func() { defer wg.Done(); r.bare, errB = round(ctx, newClient(cfg.conns), bareURL, cfg.conns, cfg.d) }()
		wg.Wait()
		if err := errors.Join(errR, errB); err != nil {
			return nil, err
		}
		r.d = cfg.d
		out = append(out, r)
	}
	return out, nil
}

// newClient keeps conns connections alive to one server.
func newClient(conns int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
}

// round has conns clients fetch url in a loop for d; it returns the pages
// served whole with 200.
func round(ctx context.Context, client *http.Client, url string, conns int, d time.Duration) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var pages atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, conns)
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if err := fetch(ctx, client, url); err != nil {
					if ctx.Err() == nil {
						errs <- err
						cancel()
					}
					return
				}
				pages.Add(1)
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return 0, err
	}
	return pages.Load(), nil
}

func fetch(ctx context.Context, client *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("request %s: %w", url, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", url, err)
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

// report prints each round and the median of the rounds' ratios, router
// over bare Gin.
func report(w io.Writer, rates []rate) {
	var ratios []float64
	for i, r := range rates {
		ratio := float64(r.router) / float64(r.bare)
		ratios = append(ratios, ratio)
		fmt.Fprintf(w, "round %d: router %6.0f pages/s, bare Gin %6.0f pages/s, ratio %.3f\n",
			i+1, float64(r.router)/r.d.Seconds(), float64(r.bare)/r.d.Seconds(), ratio)
	}
	fmt.Fprintf(w, "median ratio (router / bare Gin): %.3f over %d rounds\n", median(ratios), len(ratios))
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
