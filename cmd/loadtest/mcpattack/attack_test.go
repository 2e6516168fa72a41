package main

import (
	"bufio"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// peakBound is the resident memory the server must stay under during the
// floods below: it starts at about 30 MiB, and the bounds per client
// address (64 sessions, 512 requests and streams held, 128 stateless slots)
// keep one attacker's share to a few MiB. Unbounded, the ask flood's 6,000
// requests took it past 120 MiB (about 17 KiB per unanswered ask).
const peakBound = 80 << 20

// heldPerClient is the gift server's bound on requests and streams one
// address holds (mockserver.HTTPConfig.MaxHeldPerClient's default).
const heldPerClient = 512

// TestAttacksOnMCPFail runs the /mcp attacks of issue 10 against the real
// binary on loopback, each bounded in time and count, and fails if one
// succeeds again: one address keeps at most its share of sessions, memory
// stays bounded under unanswered asks, a client from another address gets a
// session on its first try, and listen streams do not starve it.
func TestAttacksOnMCPFail(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the playground binary and floods it; skipped in -short mode")
	}
	ctx := context.Background()
	dir := t.TempDir()
	bin, err := repo.BuildPlayground(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{bin: bin, duration: 2 * time.Second, workers: 16, asks: 16, listens: 300,
		honestLimit: 10 * time.Second, minRequests: 3 * heldPerClient, maxRequests: 6000}
	f, err := run(ctx, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	f.print(cfg)
	if f.sessions.alive > 64 || f.sessions.created == 0 {
		t.Errorf("one address created %d sessions and kept %d alive; want at most 64 alive", f.sessions.created, f.sessions.alive)
	}
	if f.sessionHonest.first != 200 {
		t.Errorf("after the session flood, another address's first initialize got %d", f.sessionHonest.first)
	}
	// The flood must have pressed on the bound (512 asks held per address)
	// for the memory check to mean something; how far past it a busy
	// machine gets in the flood's time is not the point.
	if n := f.asks.requests.Load(); n < 2*heldPerClient {
		t.Errorf("the ask flood sent only %d requests, not enough to press on the bound of %d held", n, heldPerClient)
	}
	if f.peakRSS == 0 || f.peakRSS > peakBound {
		t.Errorf("server peak RSS %d MiB under the ask flood; bound %d MiB", f.peakRSS>>20, peakBound>>20)
	}
	if f.askHonest.first != 200 {
		t.Errorf("after the ask flood, another address's first initialize got %d", f.askHonest.first)
	}
	if f.listensHeld == 0 || f.listensHeld > 128 || f.listenRefused != 0 {
		t.Errorf("one address held %d listen streams (share 128), another had %d of %d requests refused", f.listensHeld, f.listenRefused, f.listenRequests)
	}
}

// TestUnansweredAskTimesOut: with PLAYGROUND_MCP_REQUEST_TIMEOUT the real
// server ends an ask the client never answers, with a tool error.
func TestUnansweredAskTimesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the playground binary; skipped in -short mode")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin, err := repo.BuildPlayground(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := startServer(ctx, bin, dir, []string{"PLAYGROUND_MCP_REQUEST_TIMEOUT=1s"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	c := newClient(srv.url, "127.0.0.1", 1)
	defer c.close()
	sid, status, err := c.initialize(ctx)
	if err != nil || status != 200 {
		t.Fatalf("initialize: %d %v", status, err)
	}
	if resp, err := c.post(ctx, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Mcp-Session-Id", sid); err == nil {
		resp.Body.Close()
	}
	resp, err := c.post(ctx, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`, "Mcp-Session-Id", sid)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var lines []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), `"id":5,"result"`) {
			break
		}
	}
	got := strings.Join(lines, "\n")
	if !strings.Contains(got, `"elicitation/create"`) || !strings.Contains(got, "did not answer in time") || !strings.Contains(got, `"isError":true`) {
		t.Errorf("the ask's stream:\n%s", got)
	}
}
