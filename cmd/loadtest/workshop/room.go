package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

// task is one exercise as a learner meets it: a wrong answer first, then
// the solution, with the verdicts the server must give.
type task struct {
	ex            *exercise.Exercise
	wrong, right  []byte // request bodies
	hints         int
	wrongExpected bool // the wrong answer is known to fail
}

// room is the simulated workshop.
type room struct {
	cfg    config
	tasks  []task
	client *http.Transport
	rec    *recorder

	// down is set from just before the server is killed until it answers
	// again: failures in that window are the planned outage, not errors.
	down atomic.Bool

	mu      sync.Mutex
	acked   map[int64]attemptAck // acknowledged attempts, by id
	joined  map[string]bool      // display names acknowledged by the join form
	console bool                 // the server has the console page and its API
	mcp     bool                 // the server has /mcp
}

type attemptAck struct {
	learner  string
	exercise string
	passed   bool
}

func newRoom(cfg config) (*room, error) {
	cat, err := course.Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		return nil, fmt.Errorf("load the bundled course: %w", err)
	}
	r := &room{
		cfg: cfg, rec: newRecorder(),
		client: &http.Transport{MaxIdleConns: cfg.learners + 16, MaxIdleConnsPerHost: cfg.learners + 16, IdleConnTimeout: time.Minute},
		acked:  map[int64]attemptAck{}, joined: map[string]bool{},
	}
	for _, l := range cat.Lessons(i18n.EN) {
		for _, ex := range cat.ExercisesFor(l.Slug) {
			if ex.Kind == exercise.KindLive || len(ex.Solutions) == 0 {
				continue // a live exercise is answered by a console session
			}
			t := task{ex: ex, right: answerBody(ex.Solutions[0]), hints: len(ex.TextIn(i18n.EN).Hints)}
			for _, w := range []string{ex.Starter, `{"jsonrpc": "2.0", "id": null}`, `{"answers": []}`} {
				if w != "" && !ex.Grade(w, i18n.EN).Passed {
					t.wrong, t.wrongExpected = answerBody(w), true
					break
				}
			}
			if t.wrong == nil {
				t.wrong = answerBody("{")
			}
			r.tasks = append(r.tasks, t)
		}
	}
	if len(r.tasks) == 0 {
		return nil, errors.New("the bundled course has no exercise to answer")
	}
	return r, nil
}

func answerBody(answer string) []byte {
	b, _ := json.Marshal(map[string]string{"answer": answer})
	return b
}

// learner is one simulated browser.
type learner struct {
	r    *room
	name string
	c    *http.Client
	rnd  *rand.Rand
}

// run lets the room work for the configured duration, killing and
// restarting the server on the way when asked, and returns the report.
func (r *room) run(ctx context.Context, srv *server) *report {
	r.console = r.cfg.console && r.probeConsole()
	r.mcp = r.cfg.console && r.probeMCP()
	ctx, cancel := context.WithTimeout(ctx, r.cfg.duration)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range r.cfg.learners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			jar, _ := cookiejar.New(nil)
			l := &learner{
				r: r, name: fmt.Sprintf("learner %03d", i+1),
				c: &http.Client{Transport: r.client, Jar: jar, Timeout: 30 * time.Second,
					// A browser follows redirects as new requests; counting
					// them apart keeps each latency to one request.
					CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
				rnd: rand.New(rand.NewPCG(uint64(i), 42)),
			}
			// Arrivals spread over the first seconds, as a room fills up.
			l.pause(ctx, time.Duration(l.rnd.Int64N(int64(min(r.cfg.duration/10, 5*time.Second))+1)))
			l.work(ctx, i)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.instructor(ctx)
	}()
	var outage time.Duration
	if srv != nil && r.cfg.killAfter > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-ctx.Done():
				return
			case <-time.After(r.cfg.killAfter):
			}
			r.down.Store(true)
			t0 := time.Now()
			if err := srv.kill(); err != nil {
				r.rec.fail("kill", err.Error())
			}
			if err := srv.start(); err != nil {
				r.rec.fail("restart", err.Error())
			}
			outage = time.Since(t0)
			r.down.Store(false)
		}()
	}
	wg.Wait()
	rep := r.rec.report(time.Since(start))
	rep.outage = outage
	rep.killed = srv != nil && r.cfg.killAfter > 0
	rep.console, rep.mcp = r.console, r.mcp
	return rep
}

// pause waits about d (±50 %), or until the room closes.
func (l *learner) pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	d = d/2 + time.Duration(l.rnd.Int64N(int64(d)+1))
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// work is a learner's session: join, then exercises in course order, each
// preceded by its lesson; every third exercise, a console session too.
func (l *learner) work(ctx context.Context, i int) {
	r := l.r
	if !l.join(ctx) {
		return
	}
	for k := 0; ctx.Err() == nil; k++ {
		t := r.tasks[(i+k)%len(r.tasks)]
		ex := t.ex
		l.request(ctx, "page", "GET", "/en/lessons/"+ex.Lesson, nil, nil)
		l.pause(ctx, r.cfg.think)
		l.request(ctx, "lesson-read", "POST", "/api/lessons/"+ex.Lesson+"/read", nil, nil)
		l.request(ctx, "page", "GET", "/en/exercises/"+ex.ID, nil, nil)
		l.pause(ctx, r.cfg.think)
		l.attempt(ctx, t, t.wrong, false)
		l.pause(ctx, r.cfg.think)
		if t.hints > 0 && l.rnd.IntN(3) == 0 {
			l.request(ctx, "hint", "POST", "/api/exercises/"+ex.ID+"/hints", []byte(`{"hint": 1}`), nil)
			l.pause(ctx, r.cfg.think)
		}
		l.attempt(ctx, t, t.right, true)
		l.pause(ctx, r.cfg.think)
		// Every third exercise, the console; every sixth, for one learner
		// in four, a real MCP client instead.
		switch {
		case r.mcp && k%6 == 5 && i%4 == 0:
			l.mcpClient(ctx)
			l.pause(ctx, r.cfg.think)
		case r.console && k%3 == 2:
			l.consolePage(ctx)
			l.pause(ctx, r.cfg.think)
		}
	}
}

// join enters the join code and the learner's name, retrying through an
// outage; a learner who cannot join goes home.
func (l *learner) join(ctx context.Context) bool {
	r := l.r
	form := url.Values{"code": {r.cfg.joinCode}, "name": {l.name}}.Encode()
	for ctx.Err() == nil {
		status, _, ok := l.request(ctx, "join", "POST", "/en/join", []byte(form), map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
		if ok && status == http.StatusSeeOther {
			r.mu.Lock()
			r.joined[l.name] = true
			r.mu.Unlock()
			return true
		}
		if ok { // refused for a reason a retry will not fix
			return false
		}
		l.pause(ctx, time.Second)
	}
	return false
}

// attempt sends an answer and records it as acknowledged when the server
// says it is stored (200 with an attempt id).
func (l *learner) attempt(ctx context.Context, t task, body []byte, right bool) {
	_, resp, ok := l.request(ctx, "attempt", "POST", "/api/exercises/"+t.ex.ID+"/attempts", body, map[string]string{"Content-Type": "application/json"})
	if !ok || resp == nil {
		return
	}
	var out struct {
		Passed    bool  `json:"passed"`
		AttemptID int64 `json:"attempt_id"`
	}
	if err := json.Unmarshal(resp, &out); err != nil || out.AttemptID == 0 {
		l.r.rec.fail("attempt", "answer without attempt_id")
		return
	}
	if right != out.Passed && (right || t.wrongExpected) {
		l.r.rec.fail("attempt", fmt.Sprintf("%s: passed=%v, want %v", t.ex.ID, out.Passed, right))
	}
	l.r.mu.Lock()
	l.r.acked[out.AttemptID] = attemptAck{learner: l.name, exercise: t.ex.ID, passed: out.Passed}
	l.r.mu.Unlock()
}

// request sends one request and records its latency under kind. ok is
// false when it failed (and was counted); the body is returned for 200s.
func (l *learner) request(ctx context.Context, kind, method, path string, body []byte, hdr map[string]string) (int, []byte, bool) {
	return l.r.do(ctx, l.c, kind, method, path, body, hdr)
}

func (r *room) do(ctx context.Context, c *http.Client, kind, method, path string, body []byte, hdr map[string]string) (int, []byte, bool) {
	// Once the room closes nobody starts a request: every learner would
	// otherwise fire the rest of their step at once, without pauses.
	if ctx.Err() != nil {
		return 0, nil, false
	}
	// A request in flight when the room closes is finished, not cut: the
	// server would log a cancelled request, and its answer still counts.
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), method, r.cfg.url+path, bytes.NewReader(body))
	if err != nil {
		r.rec.fail(kind, err.Error())
		return 0, nil, false
	}
	if method != http.MethodGet {
		// A learner's browser says its requests come from the
		// playground's own pages; the server creates learners only then.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	wasDown := r.down.Load()
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		switch {
		case ctx.Err() != nil: // the room closed while waiting: not a failure
		case wasDown || r.down.Load():
			r.rec.outage(kind)
		default:
			r.rec.fail(kind, err.Error())
		}
		return 0, nil, false
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	elapsed := time.Since(start)
	if err != nil {
		if wasDown || r.down.Load() {
			r.rec.outage(kind)
		} else if ctx.Err() == nil {
			r.rec.fail(kind, "reading the answer: "+err.Error())
		}
		return 0, nil, false
	}
	if resp.StatusCode >= 400 {
		r.rec.fail(kind, fmt.Sprintf("%s %s: %d %s", method, path, resp.StatusCode, firstLine(data)))
		return resp.StatusCode, nil, false
	}
	r.rec.observe(kind, elapsed)
	return resp.StatusCode, data, true
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no (not on this server)"
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

// instructor refreshes the dashboard as instructor.js does, and fetches
// the JSON for a script now and then.
func (r *room) instructor(ctx context.Context) {
	c := &http.Client{Transport: r.client, Timeout: 30 * time.Second}
	auth := map[string]string{"Authorization": "Bearer " + r.cfg.token, "Accept": "text/html"}
	t := time.NewTicker(r.cfg.dashEvery)
	defer t.Stop()
	for k := 0; ; k++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r.do(ctx, c, "dashboard", "GET", "/instructor/live", nil, auth)
		if k%5 == 4 {
			r.do(ctx, c, "dashboard", "GET", "/instructor/dashboard.json", nil, auth)
		}
	}
}

// recorder gathers latencies and failures from every goroutine.
type recorder struct {
	mu      sync.Mutex
	lat     map[string][]time.Duration
	errs    map[string]int
	outages map[string]int
}

func newRecorder() *recorder {
	return &recorder{lat: map[string][]time.Duration{}, errs: map[string]int{}, outages: map[string]int{}}
}

func (rc *recorder) observe(kind string, d time.Duration) {
	rc.mu.Lock()
	rc.lat[kind] = append(rc.lat[kind], d)
	rc.mu.Unlock()
}

func (rc *recorder) fail(kind, what string) {
	rc.mu.Lock()
	rc.errs[kind+": "+what]++
	rc.mu.Unlock()
}

func (rc *recorder) outage(kind string) {
	rc.mu.Lock()
	rc.outages[kind]++
	rc.mu.Unlock()
}

// report is what a run measured.
type report struct {
	elapsed time.Duration
	lat     map[string][]time.Duration
	errs    map[string]int
	outages map[string]int
	outage  time.Duration
	killed  bool
	console bool
	mcp     bool
	memory  memoryReport
}

func (rc *recorder) report(elapsed time.Duration) *report {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rep := &report{elapsed: elapsed, lat: map[string][]time.Duration{}, errs: map[string]int{}, outages: map[string]int{}}
	for k, v := range rc.lat {
		rep.lat[k] = slices.Clone(v)
		slices.Sort(rep.lat[k])
	}
	for k, v := range rc.errs {
		rep.errs[k] = v
	}
	for k, v := range rc.outages {
		rep.outages[k] = v
	}
	return rep
}

func (rep *report) errorCount() int {
	n := 0
	for _, v := range rep.errs {
		n += v
	}
	return n
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func (rep *report) print(w io.Writer, cfg config) {
	var all []time.Duration
	kinds := make([]string, 0, len(rep.lat))
	for k, v := range rep.lat {
		kinds = append(kinds, k)
		all = append(all, v...)
	}
	sort.Strings(kinds)
	slices.Sort(all)
	fmt.Fprintf(w, "room: %d learners, think %s (±50%%), %s, dashboard every %s, console page %s, MCP clients %s\n",
		cfg.learners, cfg.think, cfg.duration, cfg.dashEvery, yesNo(rep.console), yesNo(rep.mcp))
	fmt.Fprintf(w, "requests: %d answered in %.1f s = %.0f requests/s\n", len(all), rep.elapsed.Seconds(), float64(len(all))/rep.elapsed.Seconds())
	fmt.Fprintf(w, "%-12s %8s %10s %10s %10s %10s\n", "latency", "count", "p50", "p90", "p99", "max")
	row := func(name string, v []time.Duration) {
		fmt.Fprintf(w, "%-12s %8d %10s %10s %10s %10s\n", name, len(v), ms(percentile(v, .5)), ms(percentile(v, .9)), ms(percentile(v, .99)), ms(percentile(v, 1)))
	}
	row("all", all)
	for _, k := range kinds {
		row(k, rep.lat[k])
	}
	fmt.Fprintf(w, "errors: %d\n", rep.errorCount())
	errKeys := make([]string, 0, len(rep.errs))
	for k := range rep.errs {
		errKeys = append(errKeys, k)
	}
	sort.Strings(errKeys)
	for i, k := range errKeys {
		if i == 10 {
			fmt.Fprintf(w, "  … %d more kinds\n", len(errKeys)-10)
			break
		}
		fmt.Fprintf(w, "  %5d × %s\n", rep.errs[k], k)
	}
	if rep.killed {
		n := 0
		for _, v := range rep.outages {
			n += v
		}
		fmt.Fprintf(w, "fault: SIGKILL at %s, restarted on the same database in %s; %d requests refused or cut during the outage\n", cfg.killAfter, rep.outage.Round(time.Millisecond), n)
	}
	if rep.memory.ok {
		fmt.Fprintf(w, "server memory: peak RSS %.1f MiB, RSS at the end %.1f MiB\n", float64(rep.memory.peak)/(1<<20), float64(rep.memory.last)/(1<<20))
	}
}
