package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/i18n"
)

// clientChecks are the learners' personal check-client URLs, each keyed
// by an unguessable token, and the run behind each: only the client that
// talks to a URL is judged there, and only its learner (by cookie) reads
// the verdicts. A key is one learner's for one exercise; a new key ends
// the old one.
type clientChecks struct {
	mu      sync.Mutex
	byKey   map[string]*clientCheck
	byOwner map[string]*clientCheck
	running int
}

// Bounds of the checks of learners' clients.
const (
	maxClientKeys   = 4096          // personal URLs kept
	maxClientRuns   = 64            // runs at once, every learner together
	clientCheckIdle = 2 * time.Hour // a URL unused this long is forgotten
)

func newClientChecks() *clientChecks {
	return &clientChecks{byKey: map[string]*clientCheck{}, byOwner: map[string]*clientCheck{}}
}

func clientOwner(learner int64, exercise string) string {
	return strconv.FormatInt(learner, 10) + "/" + exercise
}

// clientCheck is one personal URL and its latest run.
type clientCheck struct {
	key, owner string
	plan       *clientcheck.Plan
	lang       i18n.Lang

	mu      sync.Mutex
	sess    *clientcheck.Session
	steps   []clientcheck.StepResult
	state   string // waiting, running, passed, failed
	changed chan struct{}
	used    time.Time
}

// issue gives owner a new personal URL for plan, ending the one it had.
func (r *clientChecks) issue(owner string, plan *clientcheck.Plan, l i18n.Lang, now time.Time) *clientCheck {
	cc := &clientCheck{key: randomKey(), owner: owner, plan: plan, lang: l, state: "waiting", changed: make(chan struct{}), used: now}
	r.mu.Lock()
	defer r.mu.Unlock()
	if old := r.byOwner[owner]; old != nil {
		r.dropLocked(old)
	}
	r.sweepLocked(now)
	r.byKey[cc.key], r.byOwner[owner] = cc, cc
	return cc
}

// sweepLocked forgets idle URLs, and the least recently used ones past
// maxClientKeys.
func (r *clientChecks) sweepLocked(now time.Time) {
	var oldest *clientCheck
	for _, cc := range r.byKey {
		used := cc.lastUsed()
		if now.Sub(used) > clientCheckIdle {
			r.dropLocked(cc)
			continue
		}
		if oldest == nil || used.Before(oldest.lastUsed()) {
			oldest = cc
		}
	}
	if len(r.byKey) >= maxClientKeys && oldest != nil {
		r.dropLocked(oldest)
	}
}

func (r *clientChecks) dropLocked(cc *clientCheck) {
	delete(r.byKey, cc.key)
	if r.byOwner[cc.owner] == cc {
		delete(r.byOwner, cc.owner)
	}
	cc.mu.Lock()
	if cc.sess != nil {
		cc.sess.Close()
	}
	cc.mu.Unlock()
}

func (r *clientChecks) ofOwner(owner string) *clientCheck {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byOwner[owner]
}

func (r *clientChecks) ofKey(key string) *clientCheck {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byKey[key]
}

// takeRun reserves one of the runs at once; false when all are taken.
func (r *clientChecks) takeRun() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.running >= maxClientRuns {
		return false
	}
	r.running++
	return true
}

func (r *clientChecks) giveRun() {
	r.mu.Lock()
	r.running--
	r.mu.Unlock()
}

// closeAll ends every run (the server shuts down).
func (r *clientChecks) closeAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, cc := range r.byKey {
		r.dropLocked(cc)
	}
}

func (cc *clientCheck) lastUsed() time.Time {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.used
}

// snapshot is the run as it is now, and a channel closed at its next
// change.
func (cc *clientCheck) snapshot() (steps []clientcheck.StepResult, state string, changed <-chan struct{}) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return append([]clientcheck.StepResult(nil), cc.steps...), cc.state, cc.changed
}

// changeLocked wakes the pages that watch the run.
func (cc *clientCheck) changeLocked() {
	close(cc.changed)
	cc.changed = make(chan struct{})
}

// session is the run's session for a message of the client: a new run
// starts when none runs, or when the client begins again (initialize).
func (cc *clientCheck) session(r *clientChecks, restart bool, now time.Time) (*clientcheck.Session, bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.used = now
	if cc.sess != nil && cc.state == "running" && !restart {
		return cc.sess, true
	}
	if !r.takeRun() {
		return nil, false
	}
	if cc.sess != nil {
		cc.sess.Close()
	}
	sess := clientcheck.NewSession()
	cc.sess, cc.steps, cc.state = sess, nil, "running"
	cc.changeLocked()
	go cc.run(r, sess)
	return sess, true
}

// run plays the plan to the client behind sess, each step shown as it ends.
func (cc *clientCheck) run(r *clientChecks, sess *clientcheck.Session) {
	defer r.giveRun()
	defer sess.Close()
	timeout := clientcheck.DefaultTimeout
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(len(cc.plan.Steps)+2)*timeout)
	defer cancel()
	go func() {
		select {
		case <-sess.Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	res, err := clientcheck.Run(ctx, cc.plan, sess, clientcheck.Options{Lang: cc.lang, Timeout: timeout, OnStep: func(sr clientcheck.StepResult) {
		cc.mu.Lock()
		defer cc.mu.Unlock()
		if cc.sess == sess {
			cc.steps = append(cc.steps, sr)
			cc.changeLocked()
		}
	}})
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.sess != sess {
		return // a newer run took over
	}
	switch {
	case err != nil:
		cc.state, cc.steps = "waiting", nil
	case res.Passed:
		cc.state = "passed"
	default:
		cc.state = "failed"
	}
	cc.changeLocked()
}

// isInitialize peeks at a POST's body: a client that sends initialize
// begins again. The body is put back for the session to read.
func isInitialize(r *http.Request) bool {
	if r.Method != http.MethodPost || r.Body == nil {
		return false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, clientcheck.MaxMessageBytes+1))
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &m) == nil && m.Method == "initialize"
}

// randomKey is a personal URL's key: 128 random bits.
func randomKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
