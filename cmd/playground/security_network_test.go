package main

import (
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSecurityFloodFromOneNetwork: behind a trusted proxy (loopback has
// one IPv6 address, so the proxy reports the room's), twenty addresses of
// one IPv6 /64 ask for learners as a page of the playground would, then
// forty other /64s do. The /64 counts as one address (300 at once, then 2
// a second), every address together meets the ceiling (1,000 at once,
// then 10 a second), and a learner from another network still reads the
// course. Before: ten addresses of one /64 created 3,030 learners in 1.6 s.
// The figures are logged (go test -v -run TestSecurityFloodFromOneNetwork
// ./cmd/playground).
func TestSecurityFloodFromOneNetwork(t *testing.T) {
	t.Parallel()
	s := serveBinary(t, "-trusted-proxies", "127.0.0.1")
	start := time.Now()
	var addrs []string
	for i := range 20 {
		addrs = append(addrs, fmt.Sprintf("2001:db8:1:2:%x:%x::%x", (0x1000+i*7919)%0xffff, i*104729%0xffff, i+1))
	}
	one, refusedOne := createLearners(t, s.URL, addrs, 40)
	oneTook := time.Since(start)
	if most := 300 + 2*int(oneTook.Seconds()+1); one > most {
		t.Errorf("one /64 from %d addresses created %d learners in %v, more than the bound of one address (%d)", len(addrs), one, oneTook, most)
	}
	if refusedOne == 0 {
		t.Errorf("one /64 had none of its %d requests refused", len(addrs)*40)
	}
	addrs = addrs[:0]
	for i := range 40 {
		addrs = append(addrs, fmt.Sprintf("2001:db8:%x::1", 0x100+i))
	}
	many, refusedMany := createLearners(t, s.URL, addrs, 30)
	took := time.Since(start)
	if most := 1000 + 10*int(took.Seconds()+1); one+many > most {
		t.Errorf("%d learners in %v, more than the ceiling of every address together (%d)", one+many, took, most)
	}
	if refusedMany == 0 {
		t.Errorf("none of the %d requests of forty /64s was refused: no ceiling", len(addrs)*30)
	}
	if n := learnerCount(t, s.URL); n != one+many {
		t.Errorf("the dashboard lists %d learners, the flood was told %d were created", n, one+many)
	}
	req, _ := http.NewRequest("GET", s.URL+"/en/lessons/json-rpc", nil)
	req.Header.Set("X-Forwarded-For", "198.51.100.20")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("a learner of another network during the flood: %v %v, want 200", resp, err)
	} else {
		resp.Body.Close()
	}
	t.Logf("one /64 (%d requests from 20 addresses): %d learners, %d refused, in %v; then forty /64s: %d learners, %d refused; %d in all in %v",
		20*40, one, refusedOne, oneTook.Round(time.Millisecond), many, refusedMany, one+many, took.Round(time.Millisecond))
}

// createLearners sends perAddr first-party posts without a cookie from
// each address (as the trusted proxy reports it), eight at once, and
// returns how many created a learner and how many were refused with 429.
func createLearners(t *testing.T, base string, addrs []string, perAddr int) (created, refused int) {
	t.Helper()
	jobs := make(chan string)
	var ok, tooMany atomic.Int64
	var wg sync.WaitGroup
	c := &http.Client{Timeout: 30 * time.Second}
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for from := range jobs {
				req, _ := http.NewRequest("POST", base+"/api/lessons/json-rpc/read", nil)
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				req.Header.Set("X-Forwarded-For", from)
				resp, err := c.Do(req)
				if err != nil {
					t.Error(err)
					continue
				}
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusNoContent:
					ok.Add(1)
				case http.StatusTooManyRequests:
					tooMany.Add(1)
				default:
					t.Errorf("a learner's post from %s = %d", from, resp.StatusCode)
				}
			}
		}()
	}
	for _, a := range addrs {
		if _, err := netip.ParseAddr(a); err != nil {
			t.Fatalf("the test's address %q: %v (the proxy's own address would be counted instead)", a, err)
		}
	}
	for range perAddr {
		for _, a := range addrs {
			jobs <- a
		}
	}
	close(jobs)
	wg.Wait()
	return int(ok.Load()), int(tooMany.Load())
}
