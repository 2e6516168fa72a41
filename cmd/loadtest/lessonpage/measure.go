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

// roundPair is one round of each server, the playground's first; with
// -base, the baseline's round too.
type roundPair struct {
	playground, bare side
	base             *side
}

func (r roundPair) ratio() float64 { return ratio(r.playground, r.bare) }

// costRatio is bare Gin's processor time per page over the playground's:
// like ratio, 1 when the playground costs what bare Gin does, and less
// when it costs more. It moves less than ratio on a busy machine, since
// another program's load takes time from both alike.
func (r roundPair) costRatio() float64 { return costRatio(r.playground, r.bare) }

// ratio is s's pages a second over bare Gin's.
func ratio(s, bare side) float64 {
	if bare.rate() <= 0 {
		return 0
	}
	return s.rate() / bare.rate()
}

// costRatio is bare Gin's processor time a page over s's.
func costRatio(s, bare side) float64 {
	if s.perPage() <= 0 {
		return 0
	}
	return float64(bare.perPage()) / float64(s.perPage())
}

// errNoRounds is measure's answer when asked for no round.
var errNoRounds = errors.New("no rounds to measure")

// measure loads the playground, then bare Gin, n times over, one server
// at a time so that neither competes with the other for the machine;
// alternating spreads another program's load over both. With a baseline,
// the two playgrounds take turns to go first, and bare Gin comes last.
func measure(ctx context.Context, load loader, p *pair, n int, d time.Duration) ([]roundPair, error) {
	if n < 1 {
		return nil, errNoRounds
	}
	var out []roundPair
	for i := range n {
		var r roundPair
		var err error
		if p.base != nil && i%2 == 1 {
			if r.base, err = loadBase(ctx, load, p, d); err != nil {
				return nil, err
			}
		}
		if r.playground, err = loadOne(ctx, load, p.realURL, p.headers, p.real.Cmd.Process.Pid, d); err != nil {
			return nil, fmt.Errorf("playground: %w", err)
		}
		if p.base != nil && i%2 == 0 {
			if r.base, err = loadBase(ctx, load, p, d); err != nil {
				return nil, err
			}
		}
		if r.bare, err = loadOne(ctx, load, p.bareURL, p.headers, p.bare.Process.Pid, d); err != nil {
			return nil, fmt.Errorf("bare Gin: %w", err)
		}
		out = append(out, r)
	}
	return out, nil
}

// loadBase is one round of the baseline playground.
func loadBase(ctx context.Context, load loader, p *pair, d time.Duration) (*side, error) {
	s, err := loadOne(ctx, load, p.baseURL, p.baseHeaders, p.base.Cmd.Process.Pid, d)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	return &s, nil
}

// loadOne is one round of one server, whose process is pid.
func loadOne(ctx context.Context, load loader, url string, headers []string, pid int, d time.Duration) (side, error) {
	before := cpuTime(pid)
	s, err := load.round(ctx, url, headers, d)
	return side{served: s, cpu: cpuTime(pid) - before}, err
}

// report prints each round pair's figures and ratios, then their medians;
// with a baseline, its figures and ratios to the same bare Gin rounds.
func report(w io.Writer, rounds []roundPair) {
	var ratios, costs, baseRatios, baseCosts []float64
	for i, r := range rounds {
		ratios = append(ratios, r.ratio())
		costs = append(costs, r.costRatio())
		fmt.Fprintf(w, "round %d: playground %7.0f pages/s (%s a page), bare Gin %7.0f pages/s (%s a page), ratio %.3f, cost ratio %.3f\n",
			i+1, r.playground.rate(), micros(r.playground.perPage()), r.bare.rate(), micros(r.bare.perPage()), r.ratio(), r.costRatio())
		if b := r.base; b != nil {
			baseRatios = append(baseRatios, ratio(*b, r.bare))
			baseCosts = append(baseCosts, costRatio(*b, r.bare))
			fmt.Fprintf(w, "         baseline   %7.0f pages/s (%s a page), ratio %.3f, cost ratio %.3f\n",
				b.rate(), micros(b.perPage()), ratio(*b, r.bare), costRatio(*b, r.bare))
		}
	}
	fmt.Fprintf(w, "median ratio (playground / bare Gin, pages a second): %.3f over %d rounds each\n", median(ratios), len(ratios))
	fmt.Fprintf(w, "median cost ratio (bare Gin / playground, processor time a page): %.3f\n", median(costs))
	if len(baseRatios) > 0 {
		fmt.Fprintf(w, "baseline: median ratio %.3f, median cost ratio %.3f\n", median(baseRatios), median(baseCosts))
	}
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
