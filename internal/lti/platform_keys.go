package lti

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// Bounds of a platform's key set.
const (
	maxKeySetBytes = 256 << 10
	keySetTTL      = 10 * time.Minute
	// keySetRefetch is how soon an unknown kid may fetch the set again
	// (the platform rotated its key), so a flood of forged kids does not
	// become a flood of fetches.
	keySetRefetch = 30 * time.Second
)

// keySetCache keeps each platform's JWK set for keySetTTL.
type keySetCache struct {
	s  *Service
	mu sync.Mutex
	m  map[string]cachedSet // by URL
}

type cachedSet struct {
	set jose.JSONWebKeySet
	at  time.Time
}

func newKeySetCache(s *Service) *keySetCache {
	return &keySetCache{s: s, m: map[string]cachedSet{}}
}

// key returns the key kid of the set at url, fetching the set when it is
// not cached, stale, or lacks kid (and was not fetched just now).
func (c *keySetCache) key(ctx context.Context, url, kid string) (*jose.JSONWebKey, error) {
	now := c.s.clock.Now()
	c.mu.Lock()
	cs, ok := c.m[url]
	c.mu.Unlock()
	if ok && now.Sub(cs.at) < keySetTTL {
		if k := pick(cs.set, kid); k != nil {
			return k, nil
		}
		if now.Sub(cs.at) < keySetRefetch {
			return nil, fmt.Errorf("the platform's key set has no key %q", kid)
		}
	}
	set, err := c.fetch(ctx, url)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.m[url] = cachedSet{set: set, at: now}
	c.mu.Unlock()
	if k := pick(set, kid); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("the platform's key set has no key %q", kid)
}

// pick finds kid in set; with no kid, the set's only key.
func pick(set jose.JSONWebKeySet, kid string) *jose.JSONWebKey {
	if kid == "" {
		if len(set.Keys) == 1 {
			return &set.Keys[0]
		}
		return nil
	}
	if ks := set.Key(kid); len(ks) > 0 {
		return &ks[0]
	}
	return nil
}

func (c *keySetCache) fetch(ctx context.Context, url string) (jose.JSONWebKeySet, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("fetch the platform's key set: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.s.http.Do(req)
	if err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("fetch the platform's key set: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return jose.JSONWebKeySet{}, fmt.Errorf("fetch the platform's key set %s: status %d", url, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxKeySetBytes+1))
	if err != nil || len(b) > maxKeySetBytes {
		return jose.JSONWebKeySet{}, fmt.Errorf("read the platform's key set %s: too large or cut (%v)", url, err)
	}
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(b, &set); err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("read the platform's key set %s: %w", url, err)
	}
	return set, nil
}
