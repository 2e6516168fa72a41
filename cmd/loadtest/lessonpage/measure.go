package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"
)

// side is one server's round: what it served, and the processor time the
// server's process used meanwhile.
type side struct {
	served
	cpu time.Duration
}

// perPage is the processor time the server spent on each page.
func (s side) perPage() time.Duration {
	if s.pages <= 0 {
		return 0
	}
	return s.cpu / time.Duration(s.pages)
}

// roundPair is one round of each server, the playground's first.
type roundPair struct {
	playground, bare side
}

func (r roundPair) ratio() float64 {
	if r.bare.rate() <= 0 {
		return 0
	}
	return r.playground.rate() / r.bare.rate()
}

// costRatio is bare Gin's processor time per page over the playground's:
// like ratio, 1 when the playground costs what bare Gin does, and less
// when it costs more. It moves less than ratio on a busy machine, since
// another program's load takes time from both alike.
func (r roundPair) costRatio() float64 {
	if r.playground.perPage() <= 0 {
		return 0
	}
	return float64(r.bare.perPage()) / float64(r.playground.perPage())
}

// errNoRounds is measure's answer when asked for no round.
var errNoRounds = errors.New("no rounds to measure")

// measure loads the playground, then bare Gin, n times over, one server
// at a time so that neither competes with the other for the machine;
// alternating spreads another program's load over both.
func measure(ctx context.Context, load loader, p *pair, n int, d time.Duration) ([]roundPair, error) {
	if n < 1 {
		return nil, errNoRounds
	}
	var out []roundPair
	for range n {
		var r roundPair
		var err error
		if r.playground, err = loadOne(ctx, load, p.realURL, p.real.Cmd.Process.Pid, d); err != nil {
			return nil, fmt.Errorf("playground: %w", err)
		}
		if r.bare, err = loadOne(ctx, load, p.bareURL, p.bare.Process.Pid, d); err != nil {
			return nil, fmt.Errorf("bare Gin: %w", err)
		}
		out = append(out, r)
	}
	return out, nil
}

// loadOne is one round of one server, whose process is pid.
func loadOne(ctx context.Context, load loader, url string, pid int, d time.Duration) (side, error) {
	before := cpuTime(pid)
	s, err := load.round(ctx, url, d)
	return side{served: s, cpu: cpuTime(pid) - before}, err
}

// report prints each round pair's figures and ratios, then their medians.
func report(w io.Writer, rounds []roundPair) {
	var ratios, costs []float64
	for i, r := range rounds {
		ratios = append(ratios, r.ratio())
		costs = append(costs, r.costRatio())
		fmt.Fprintf(w, "round %d: playground %7.0f pages/s (%s a page), bare Gin %7.0f pages/s (%s a page), ratio %.3f, cost ratio %.3f\n",
			i+1, r.playground.rate(), micros(r.playground.perPage()), r.bare.rate(), micros(r.bare.perPage()), r.ratio(), r.costRatio())
	}
	fmt.Fprintf(w, "median ratio (playground / bare Gin, pages a second): %.3f over %d rounds each\n", median(ratios), len(ratios))
	fmt.Fprintf(w, "median cost ratio (bare Gin / playground, processor time a page): %.3f\n", median(costs))
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
