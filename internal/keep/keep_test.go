package keep

import (
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// events are n messages of size bytes each.
func events(n, size int) []exchange.Event {
	out := make([]exchange.Event, n)
	for i := range out {
		out[i] = exchange.Event{Seq: i + 1, Raw: strings.Repeat("x", size)}
	}
	return out
}

// An item is its learner's only: another learner does not find it, and
// the learner's next item replaces it. What Get returns is what Put kept.
func TestStorePerLearner(t *testing.T) {
	t.Parallel()
	var k Store[string]
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	a := k.Put(1, "10.0.0.1", i18n.FR, now, "summary", events(10, 10))
	it, ok := k.Get(a, 1, now)
	if !ok {
		t.Fatal("a kept item is not found")
	}
	if it.Key != a || it.Learner != 1 || it.Network != "10.0.0.1" || it.Lang != i18n.FR || it.Value != "summary" || len(it.Events) != 10 {
		t.Errorf("Get = %+v, want what Put kept", it)
	}
	if _, ok := k.Get(a, 2, now); ok {
		t.Error("another learner finds it")
	}
	a2 := k.Put(1, "10.0.0.1", i18n.EN, now, "summary", events(10, 10))
	if a2 == "" || a2 == a {
		t.Fatalf("the new item's key is %q (the first's %q)", a2, a)
	}
	if _, ok := k.Get(a, 1, now); ok {
		t.Error("a learner's earlier item is still kept after a new one")
	}
	if len(k.items) != 1 || k.bytes != size(events(10, 10)) {
		t.Errorf("the store holds %d items, %d bytes, want the one new item", len(k.items), k.bytes)
	}
}

// An item is kept for keepFor, and not a moment longer: a clock in a
// synctest bubble moves to the edge.
func TestStoreExpires(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var k Store[struct{}]
		key := k.Put(1, "10.0.0.1", i18n.EN, time.Now(), struct{}{}, events(1, 1))
		time.Sleep(keepFor)
		if _, ok := k.Get(key, 1, time.Now()); !ok {
			t.Fatal("an item is gone at keepFor")
		}
		time.Sleep(time.Nanosecond)
		if _, ok := k.Get(key, 1, time.Now()); ok {
			t.Error("an item is kept past keepFor")
		}
		if len(k.items) != 0 || k.bytes != 0 {
			t.Errorf("an expired item still counts: %d items, %d bytes", len(k.items), k.bytes)
		}
	})
}

// One network, however many learners it makes, can only push out its
// own: past its share, or when the store is full, its new item replaces
// its oldest, or is not kept.
func TestStoreNetworkShare(t *testing.T) {
	t.Parallel()
	var k Store[int]
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	var others []string
	for i := range keepMax - keepMaxPerNetwork {
		others = append(others, k.Put(int64(100+i), "10.1.0."+strconv.Itoa(i), i18n.EN, now, i, events(1, 1)))
	}
	for i := range 3 * keepMax {
		k.Put(int64(1000+i), "10.66.0.1", i18n.EN, now, i, events(1, 1))
	}
	for i, key := range others {
		if _, ok := k.Get(key, int64(100+i), now); !ok {
			t.Fatalf("learner %d's item was pushed out by another network", 100+i)
		}
	}
	if n, _ := k.ofNetwork("10.66.0.1"); n != keepMaxPerNetwork || len(k.items) != keepMax {
		t.Errorf("the attacker's network holds %d of %d, want its share %d of %d", n, len(k.items), keepMaxPerNetwork, keepMax)
	}
	if _, ok := k.Get(k.items[len(k.items)-1].Key, int64(1000+3*keepMax-1), now); !ok {
		t.Error("the attacker's latest item is not kept: a network replaces its own oldest")
	}
	if got := k.Put(9, "10.2.0.1", i18n.EN, now, 0, events(1, 1)); got != "" {
		t.Error("a new network pushed out another's item from a full store")
	}
}

// A network keeps at most half of keepBytes; an item larger than that is
// not kept; the store's count of bytes is its items'.
func TestStoreBytes(t *testing.T) {
	t.Parallel()
	var big Store[int]
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	for i := range 3 {
		big.Put(int64(2000+i), "10.3.0.1", i18n.EN, now, i, events(4, keepBytes/10))
	}
	if _, nb := big.ofNetwork("10.3.0.1"); nb > keepBytesPerNetwork || big.bytes > keepBytes {
		t.Errorf("%d bytes kept for one network (%d overall), want at most %d", nb, big.bytes, keepBytesPerNetwork)
	}
	if got := big.Put(7, "10.4.0.1", i18n.EN, now, 0, events(6, keepBytes/10)); got != "" {
		t.Error("an item larger than a network's share is kept")
	}
	var sizes int64
	for _, it := range big.items {
		sizes += it.size
	}
	if sizes != big.bytes {
		t.Errorf("the store counts %d bytes, its items hold %d", big.bytes, sizes)
	}
}

// What the store counts for an item holds every language its events'
// diagnostics and mentions are kept in: a conversation judged in French
// holds the English texts too (exchange.Event.In), and they count.
func TestSizeCountsEveryLanguage(t *testing.T) {
	t.Parallel()
	x := exchange.New(exchange.Options{Lang: i18n.FR})
	for _, m := range []exchange.Message{
		{From: grader.SenderClient, Raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)},
		{From: grader.SenderClient, Raw: []byte(`{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"nom":"x"},}`)},
		{From: grader.SenderClient, Raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)},
	} {
		x.Add(m)
	}
	events := x.Events(0)
	bare := make([]exchange.Event, len(events))
	var texts, fr, en int64
	for i, e := range events {
		bare[i] = exchange.Event{Seq: e.Seq, Raw: e.Raw, ID: e.ID, Method: e.Method}
		for _, l := range i18n.All {
			in := e.In(l)
			n := int64(0)
			for _, d := range in.Report.Diagnostics {
				n += int64(len(d.Message) + len(d.Suggestion))
			}
			for _, m := range in.Mentions {
				n += int64(len(m.Message))
			}
			texts += n
			if l == i18n.FR {
				fr += n
			} else {
				en += n
			}
		}
	}
	if fr == 0 || en == 0 || len(events[0].Mentions) == 0 {
		t.Fatalf("the conversation says %d bytes in French, %d in English, %d mentions on #1: the test needs diagnostics and mentions", fr, en, len(events[0].Mentions))
	}
	if got := size(events) - size(bare); got < texts {
		t.Errorf("the diagnostics and mentions count %d bytes, want at least their %d in French and %d in English", got, fr, en)
	}
}
