package main

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// server is one of the servers compared.
type server struct {
	name  string
	start func() (url string, stop func(), err error)
}

// sliceLength is how long one server is loaded before the other takes
// its turn: the servers alternate (A B B A …) so that both meet the same
// load from the rest of the machine, which on a shared machine changes
// from one second to the next.
const sliceLength = 250 * time.Millisecond

// target is a started server and what its load runs measured.
type target struct {
	name     string
	url      string
	sessions []string
	conns    []*loadConn // each session's connection
	nextID   []int       // the next request id of each session
	lat      []time.Duration
	failures atomic.Int64
	busy     time.Duration // time under load, slice tails included
	cpu      time.Duration // CPU time this process used meanwhile
}

type result struct {
	perSecond  float64
	cpuPerCall time.Duration
	p50, p99   time.Duration
	errors     int64
}

// loadAll starts the servers, loads them at each level for d each, in
// alternating slices, and prints a line per server and level, then the
// ratio of the first to the second.
func loadAll(servers []server, levels []int, d time.Duration) error {
	targets := make([]*target, 0, len(servers))
	for _, srv := range servers {
		url, stop, err := srv.start()
		if err != nil {
			return fmt.Errorf("starting %s: %w", srv.name, err)
		}
		defer stop()
		targets = append(targets, &target{name: srv.name, url: url})
	}
	fmt.Printf("%-11s %8s %10s %10s %10s %8s %10s\n", "server", "sessions", "calls/s", "p50", "p99", "errors", "CPU/call")
	for _, n := range levels {
		rs, err := compare(targets, n, d)
		if err != nil {
			return fmt.Errorf("%d sessions: %w", n, err)
		}
		for i, t := range targets {
			r := rs[i]
			fmt.Printf("%-11s %8d %10.0f %10s %10s %8d %10s\n", t.name, n, r.perSecond, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.errors, r.cpuPerCall.Round(100*time.Nanosecond))
		}
		if len(rs) == 2 && rs[1].perSecond > 0 {
			fmt.Printf("%-11s %8d %9.2f× %43.2f×\n", "ratio", n, rs[0].perSecond/rs[1].perSecond, float64(rs[1].cpuPerCall)/float64(rs[0].cpuPerCall))
		}
	}
	return nil
}

// compare opens n sessions on each target, loads the targets in turn
// for d each, in slices, then closes the sessions.
func compare(targets []*target, n int, d time.Duration) ([]result, error) {
	for _, t := range targets {
		t.sessions, t.conns, t.nextID, t.lat, t.busy = t.sessions[:0], t.conns[:0], make([]int, n), t.lat[:0], 0
		t.cpu = 0
		t.failures.Store(0)
		for range n {
			sid, err := open(t.url)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", t.name, err)
			}
			lc, err := dialLoad(t.url, sid)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", t.name, err)
			}
			t.sessions, t.conns = append(t.sessions, sid), append(t.conns, lc)
		}
	}
	rounds := max(1, int(d/sliceLength))
	for r := range rounds {
		order := slices.Clone(targets)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, t := range order {
			t.run(d / time.Duration(rounds))
		}
	}
	rs := make([]result, len(targets))
	for i, t := range targets {
		for i, sid := range t.sessions {
			t.conns[i].close()
			closeSession(t.url, sid)
		}
		if len(t.lat) == 0 {
			return nil, fmt.Errorf("%s: no call succeeded", t.name)
		}
		slices.Sort(t.lat)
		rs[i] = result{
			perSecond:  float64(len(t.lat)) / t.busy.Seconds(),
			cpuPerCall: t.cpu / time.Duration(len(t.lat)),
			p50:        t.lat[len(t.lat)/2],
			p99:        t.lat[len(t.lat)*99/100],
			errors:     t.failures.Load(),
		}
	}
	return rs, nil
}

// run has every session call suggest_gifts in a loop for d.
func (t *target) run(d time.Duration) {
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	start, cpu0 := time.Now(), cpuTime()
	deadline := start.Add(d)
	for i, lc := range t.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1024)
			id := t.nextID[i]
			for ; time.Now().Before(deadline); id++ {
				body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id+1) + `,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":` + strconv.Itoa(20+(i+id+1)%100) + `,"recipient":"friend who loves board games"}}}`
				began := time.Now()
				b, err := lc.call(body, deadline.Add(30*time.Second))
				if err != nil || !bytes.Contains(b, []byte(`"result"`)) {
					t.failures.Add(1)
					continue
				}
				lat = append(lat, time.Since(began))
			}
			t.nextID[i] = id
			mu.Lock()
			t.lat = append(t.lat, lat...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.busy += time.Since(start)
	t.cpu += cpuTime() - cpu0
}

// cpuTime is the CPU time (user and system) this process used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
