// Package keep holds, in memory, each learner's latest long result (an
// explanation of a long log, a check run with a folded message), so that
// its page can show further pages and the whole text of a long message to
// that learner, and to nobody else. Each is kept for a while, within
// bounds of count and bytes, at most half of each for one network.
// Nothing is written to disk; it has no HTTP.
package keep

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Bounds of what a Store holds: each learner's latest item, for keepFor,
// at most keepMax overall and keepBytes of them (as size counts them), and
// at most half of each for one network.
const (
	keepFor           = 30 * time.Minute
	keepMax           = 64
	keepBytes         = 64 << 20
	keptPerMessage    = 512 // an event's fields and report, beside its text
	keptPerDiagnostic = 256 // a diagnostic's or a mention's fields, beside its texts

	keepMaxPerNetwork   = keepMax / 2
	keepBytesPerNetwork = keepBytes / 2
)

// Store holds each learner's latest item: the events of a conversation
// and a value of type T that goes with them (what the page shows before
// them). The zero Store is empty and ready. It is safe for concurrent
// use.
//
// Per learner first: a learner's new item replaces only their own; past
// its network's share it replaces the network's oldest; when the store is
// full it replaces the network's oldest, or is not kept. So one learner,
// or one network making learners as fast as it likes, can only push out
// its own items, never another network's.
type Store[T any] struct {
	mu    sync.Mutex
	items []*Item[T] // oldest first
	bytes int64
}

// Item is one kept result, as its pages need it.
type Item[T any] struct {
	Key     string
	Learner int64
	Network string    // the network of the address that asked (guard.AddrKey)
	Lang    i18n.Lang // the language its reports are in
	Value   T
	Events  []exchange.Event

	at   time.Time
	size int64
}

// size is what events cost, as keepBytes counts: each message's text, id
// and method, and its diagnostics and mentions in every language the judge
// wrote them in (an event holds them all, for exchange.Event.In), beside
// keptPerMessage and keptPerDiagnostic for the fields around them.
func size(events []exchange.Event) int64 {
	n := int64(0)
	for i := range events {
		e := &events[i]
		n += int64(len(e.Raw)+len(e.ID)+len(e.Method)) + keptPerMessage
		for _, d := range e.Report.Diagnostics {
			n += int64(len(d.Pointer)+8*len(d.Related)) + keptPerDiagnostic + diagnosticSize(d)
		}
		for _, m := range e.Mentions {
			n += keptPerDiagnostic + mentionSize(m)
		}
	}
	return n
}

// diagnosticSize is d's message and suggestion in every language, a text
// two languages share counted once (a diagnostic the judge did not write
// says the same in all).
func diagnosticSize(d grader.Diagnostic) int64 {
	first := d.In(i18n.All[0])
	n := len(first.Message) + len(first.Suggestion)
	for _, l := range i18n.All[1:] {
		t := d.In(l)
		n += other(t.Message, first.Message) + other(t.Suggestion, first.Suggestion)
	}
	return int64(n)
}

// mentionSize is m's message in every language, as diagnosticSize counts.
func mentionSize(m exchange.Mention) int64 {
	first := m.In(i18n.All[0]).Message
	n := len(first)
	for _, l := range i18n.All[1:] {
		n += other(m.In(l).Message, first)
	}
	return int64(n)
}

// other is the length of t when it is not the text already counted.
func other(t, counted string) int {
	if t == counted {
		return 0
	}
	return len(t)
}

// Put keeps the item of learner, asked from network at now, replacing the
// learner's earlier one, and returns its key. An item larger than a
// network's share is not kept (""), nor one that would push out another
// network's: its first page is all the page can show.
func (k *Store[T]) Put(learner int64, network string, lang i18n.Lang, now time.Time, v T, events []exchange.Event) string {
	sz := size(events)
	if sz > keepBytesPerNetwork {
		return ""
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	it := &Item[T]{Key: hex.EncodeToString(b), Learner: learner, Network: network, Lang: lang, Value: v, Events: events, at: now, size: sz}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.expire(now)
	k.drop(func(o *Item[T]) bool { return o.Learner == learner })
	for {
		n, nb := k.ofNetwork(network)
		if n < keepMaxPerNetwork && nb+sz <= keepBytesPerNetwork && len(k.items) < keepMax && k.bytes+sz <= keepBytes {
			break
		}
		if n == 0 {
			return "" // full of other networks' items
		}
		k.dropOldestOf(network)
	}
	k.items = append(k.items, it)
	k.bytes += sz
	return it.Key
}

// Get is the item of key at now if it is learner's and still kept.
func (k *Store[T]) Get(key string, learner int64, now time.Time) (*Item[T], bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.expire(now)
	for _, it := range k.items {
		if it.Key == key && it.Learner == learner {
			return it, true
		}
	}
	return nil, false
}

// ofNetwork counts the items of network and their bytes.
func (k *Store[T]) ofNetwork(network string) (n int, bytes int64) {
	for _, it := range k.items {
		if it.Network == network {
			n++
			bytes += it.size
		}
	}
	return n, bytes
}

// dropOldestOf drops the oldest item of network.
func (k *Store[T]) dropOldestOf(network string) {
	first := true
	k.drop(func(o *Item[T]) bool {
		if first && o.Network == network {
			first = false
			return true
		}
		return false
	})
}

// expire drops the items older than keepFor.
func (k *Store[T]) expire(now time.Time) {
	k.drop(func(o *Item[T]) bool { return now.Sub(o.at) > keepFor })
}

func (k *Store[T]) drop(gone func(*Item[T]) bool) {
	kept := k.items[:0]
	for _, it := range k.items {
		if gone(it) {
			k.bytes -= it.size
			continue
		}
		kept = append(kept, it)
	}
	clear(k.items[len(kept):])
	k.items = kept
}
