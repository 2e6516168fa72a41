package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// client is one attacker or one honest client: an HTTP client whose
// connections leave from one loopback address, so the server sees one
// client address per client.
type client struct {
	url  string
	http *http.Client
}

// newClient dials from the loopback address from ("127.0.0.2", …); the
// kernel routes all of 127.0.0.0/8 to the loopback interface.
func newClient(url, from string, conns int) *client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: conns, MaxConnsPerHost: 0}
	return &client{url: url, http: &http.Client{Transport: tr}}
}

func (c *client) close() { c.http.Transport.(*http.Transport).CloseIdleConnections() }

const initBody = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"attack","version":"1"}}}`

// post sends one message; hdr are name, value pairs.
func (c *client) post(ctx context.Context, body string, hdr ...string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	return c.http.Do(req)
}

// initialize opens a session; it returns the session id ("" when refused)
// and the HTTP status.
func (c *client) initialize(ctx context.Context) (string, int, error) {
	resp, err := c.post(ctx, initBody)
	if err != nil {
		return "", 0, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	return resp.Header.Get("Mcp-Session-Id"), resp.StatusCode, nil
}

// sessionFlood is the first attack: initialize as fast as workers can for d.
type sessionFlood struct {
	created, refused, errors  int64
	acceptedTime, refusedTime time.Duration // summed latencies
	ids                       []string      // the last maxKept sessions created
	alive                     int           // of ids, those still answering after the flood
}

// maxKept bounds the session ids a flood keeps to check afterwards.
const maxKept = 20000

func floodSessions(ctx context.Context, c *client, workers int, d time.Duration) *sessionFlood {
	var mu sync.Mutex
	out := &sessionFlood{}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				start := time.Now()
				sid, status, err := c.initialize(ctx)
				took := time.Since(start)
				mu.Lock()
				switch {
				case err != nil:
					if ctx.Err() == nil {
						out.errors++
					}
				case sid != "" && status == http.StatusOK:
					out.created++
					out.acceptedTime += took
					if len(out.ids) < maxKept {
						out.ids = append(out.ids, sid)
					} else {
						out.ids[out.created%maxKept] = sid
					}
				default:
					out.refused++
					out.refusedTime += took
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	out.alive = alive(context.WithoutCancel(ctx), c, out.ids, workers)
	return out
}

// alive counts the sessions that still answer a ping.
func alive(ctx context.Context, c *client, ids []string, workers int) int {
	var n atomic.Int64
	next := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for sid := range next {
				resp, err := c.post(ctx, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "Mcp-Session-Id", sid)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					n.Add(1)
				}
			}
		})
	}
	for _, sid := range ids {
		next <- sid
	}
	close(next)
	wg.Wait()
	return int(n.Load())
}

// askFloodCap bounds an ask flood that has not yet sent its minimum.
const askFloodCap = time.Minute

// askFlood is the second attack: sessions that each leave perSession
// ask_gift_preferences calls unanswered (the client reads the server's
// elicitation/create, never answers and hangs up).
type askFlood struct {
	sessions, asks, refused, requests atomic.Int64
	// summed initialize latencies, in nanoseconds
	acceptedNanos, refusedNanos atomic.Int64
}

// floodAsks stops after d or after maxRequests requests, whichever first,
// but not before minRequests: a busy machine gets fewer requests through
// in d, and a flood that never reached the bound proves nothing. A flood
// still short of minRequests gives up after askFloodCap.
func floodAsks(ctx context.Context, c *client, workers, perSession int, d time.Duration, minRequests, maxRequests int64) *askFlood {
	out := &askFlood{}
	soft, cancelSoft := context.WithTimeout(ctx, d)
	defer cancelSoft()
	ctx, cancel := context.WithTimeout(ctx, askFloodCap)
	defer cancel()
	going := func() bool {
		n := out.requests.Load()
		return ctx.Err() == nil && n < maxRequests && (soft.Err() == nil || n < minRequests)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for going() {
				out.requests.Add(1)
				start := time.Now()
				sid, status, err := c.initialize(ctx)
				took := int64(time.Since(start))
				if err != nil || sid == "" {
					if err == nil && status != http.StatusOK {
						out.refused.Add(1)
						out.refusedNanos.Add(took)
					}
					continue
				}
				out.sessions.Add(1)
				out.acceptedNanos.Add(took)
				out.requests.Add(1)
				if resp, err := c.post(ctx, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Mcp-Session-Id", sid); err == nil {
					resp.Body.Close()
				}
				for i := range perSession {
					out.requests.Add(1)
					if hangAsk(ctx, c, sid, i+1) {
						out.asks.Add(1)
					}
				}
			}
		})
	}
	wg.Wait()
	return out
}

// hangAsk calls ask_gift_preferences, reads until the server's
// elicitation/create arrives, and hangs up without answering.
func hangAsk(ctx context.Context, c *client, sid string, id int) bool {
	resp, err := c.post(ctx, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, id), "Mcp-Session-Id", sid)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"elicitation/create"`) {
			return true
		}
	}
	return false
}

// honest is what a client with its own address got after a flood.
type honest struct {
	first int           // the HTTP status of its first initialize
	wait  time.Duration // until it had a session
	ok    bool          // false: it never got one within the limit
}

// honestSession is how long a client with its own address waits for a
// session, retrying every 20 ms up to limit.
func honestSession(ctx context.Context, c *client, limit time.Duration) honest {
	start := time.Now()
	var h honest
	for time.Since(start) < limit {
		rctx, cancel := context.WithTimeout(ctx, limit)
		sid, status, err := c.initialize(rctx)
		cancel()
		if h.first == 0 {
			h.first = status
		}
		if err == nil && sid != "" && status == http.StatusOK {
			h.wait, h.ok = time.Since(start), true
			return h
		}
		time.Sleep(20 * time.Millisecond)
	}
	h.wait = time.Since(start)
	return h
}

const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// holdListens opens n subscriptions/listen streams and keeps them until ctx
// ends; it returns once each stream was acknowledged or refused, with the
// number held.
func holdListens(ctx context.Context, c *client, n int) int {
	var held atomic.Int64
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},%s}}`, i+1, modernMeta)
			resp, err := c.post(ctx, body, "Mcp-Protocol-Version", "2026-07-28", "Mcp-Method", "subscriptions/listen")
			if err != nil {
				wg.Done()
				return
			}
			if resp.StatusCode != http.StatusOK {
				resp.Body.Close()
				wg.Done()
				return
			}
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if strings.Contains(sc.Text(), "acknowledged") {
					held.Add(1)
					break
				}
			}
			wg.Done()
			<-ctx.Done()
			resp.Body.Close()
		}()
	}
	wg.Wait()
	return int(held.Load())
}

// statelessRefused sends n 2026-07-28 tools/list requests one after the
// other and counts those not answered 200.
func statelessRefused(ctx context.Context, c *client, n int) int {
	refused := 0
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + modernMeta + `}}`
	for range n {
		resp, err := c.post(ctx, body, "Mcp-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list")
		if err != nil {
			refused++
			continue
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			refused++
		}
	}
	return refused
}
