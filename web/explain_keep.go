package web

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// Bounds of the explanations kept in memory: each learner's latest one,
// for keepFor, at most keepMax overall and keepBytes of them (their
// messages' text and keptPerMessage a message), and at most half of each
// for one network (addrKey). Nothing is written to disk.
const (
	keepFor        = 30 * time.Minute
	keepMax        = 64
	keepBytes      = 64 << 20
	keptPerMessage = 512 // an event's fields and report, beside its text

	keepMaxPerNetwork   = keepMax / 2
	keepBytesPerNetwork = keepBytes / 2
)

// explainKeep holds each learner's latest explanation of a long log, so
// that the page can show its further pages and the whole text of a long
// message to that learner, and to nobody else. It is safe for concurrent
// use.
//
// Per learner first: a learner's new explanation replaces only their own;
// past its network's share it replaces the network's oldest; when the
// keep is full it replaces the network's oldest, or is not kept. So one
// learner, or one network making learners as fast as it likes, can only
// push out its own explanations, never another network's.
type explainKeep struct {
	mu    sync.Mutex
	items []*keptExplain // oldest first
	bytes int64
}

// keptExplain is one explanation as its pages need it.
type keptExplain struct {
	key     string
	learner int64
	network string    // addrKey of the address that asked
	lang    i18n.Lang // the language its reports and summary are in
	at      time.Time
	size    int64
	summary view.ExplainSummaryVM
	events  []exchange.Event
}

// keptSize is what the events of an explanation cost, as keepBytes counts.
func keptSize(events []exchange.Event) int64 {
	n := int64(0)
	for i := range events {
		n += int64(len(events[i].Raw)) + keptPerMessage
	}
	return n
}

// put keeps the explanation of learner, asked from network, replacing the
// learner's earlier one, and returns its key. An explanation larger than a
// network's share is not kept (""), nor one that would push out another
// network's: its first page is all the page can show.
func (k *explainKeep) put(learner int64, network string, lang i18n.Lang, now time.Time, summary view.ExplainSummaryVM, events []exchange.Event) string {
	size := keptSize(events)
	if size > keepBytesPerNetwork {
		return ""
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	it := &keptExplain{key: hex.EncodeToString(b), learner: learner, network: network, lang: lang, at: now, size: size, summary: summary, events: events}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.expire(now)
	k.drop(func(o *keptExplain) bool { return o.learner == learner })
	for {
		n, nb := k.ofNetwork(network)
		if n < keepMaxPerNetwork && nb+size <= keepBytesPerNetwork && len(k.items) < keepMax && k.bytes+size <= keepBytes {
			break
		}
		if n == 0 {
			return "" // full of other networks' explanations
		}
		k.dropOldestOf(network)
	}
	k.items = append(k.items, it)
	k.bytes += size
	return it.key
}

// ofNetwork counts the explanations of network and their bytes.
func (k *explainKeep) ofNetwork(network string) (n int, bytes int64) {
	for _, it := range k.items {
		if it.network == network {
			n++
			bytes += it.size
		}
	}
	return n, bytes
}

// dropOldestOf drops the oldest explanation of network.
func (k *explainKeep) dropOldestOf(network string) {
	first := true
	k.drop(func(o *keptExplain) bool {
		if first && o.network == network {
			first = false
			return true
		}
		return false
	})
}

// get is the explanation of key if it is learner's and still kept.
func (k *explainKeep) get(key string, learner int64, now time.Time) (*keptExplain, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.expire(now)
	for _, it := range k.items {
		if it.key == key && it.learner == learner {
			return it, true
		}
	}
	return nil, false
}

// expire drops the explanations older than keepFor.
func (k *explainKeep) expire(now time.Time) {
	k.drop(func(o *keptExplain) bool { return now.Sub(o.at) > keepFor })
}

func (k *explainKeep) drop(gone func(*keptExplain) bool) {
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
