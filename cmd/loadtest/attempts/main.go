// Command attempts measures how many exercise attempts per second the
// playground acknowledges and stores while many learners answer at once,
// and the latency each learner sees (p50, p99).
//
// By default it starts the real server in this process, on a loopback
// socket over a fresh database, and checks afterwards that every
// acknowledged attempt is in the database:
//
//	go run ./cmd/loadtest/attempts                       # 200 learners, 500 attempts/s, 10 s
//	go run ./cmd/loadtest/attempts -rate 0               # as fast as the server goes
//	go run ./cmd/loadtest/attempts -url http://127.0.0.1:8080
//
// The load is open-loop: each learner sends at fixed times, and a latency
// is counted from the time the attempt was due, so a slow server cannot
// hide its queue by slowing the senders down (coordinated omission).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sync"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/lessons"
	"github.com/mcpplayground/playground/web"
)

type config struct {
	url      string
	learners int
	rate     float64
	duration time.Duration
	exercise string
	db       string
	profile  string
	noLimit  bool
}

func main() {
	var cfg config
	flag.StringVar(&cfg.url, "url", "", "a running playground to load (default: start one in this process)")
	flag.IntVar(&cfg.learners, "learners", 200, "learners answering at once, each with its own cookie")
	flag.Float64Var(&cfg.rate, "rate", 500, "attempts per second, all learners together (0: each learner sends as soon as the last answer came back)")
	flag.DurationVar(&cfg.duration, "duration", 10*time.Second, "how long to send")
	flag.StringVar(&cfg.exercise, "exercise", "", "exercise id (default: the course's first fix exercise)")
	flag.StringVar(&cfg.db, "db", "", "database file for the in-process server (default: a temporary file)")
	flag.BoolVar(&cfg.noLimit, "unlimited", false, "turn off the per-learner rate limit of the in-process server (to measure raw capacity with -rate 0)")
	flag.StringVar(&cfg.profile, "cpuprofile", "", "write a CPU profile of this process (server included when in-process) to this file")
	flag.Parse()
	if cfg.profile != "" {
		f, err := os.Create(cfg.profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "attempts:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "attempts:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(cfg, os.Stdout); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "attempts:", err)
		os.Exit(1)
	}
}

func run(cfg config, out io.Writer) error {
	if cfg.learners < 1 || cfg.duration <= 0 || cfg.rate < 0 {
		return errors.New("-learners must be at least 1, -duration positive and -rate not negative")
	}
	cat, err := course.Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		return fmt.Errorf("load the bundled course: %w", err)
	}
	ex, err := pickExercise(cat, cfg.exercise)
	if err != nil {
		return err
	}

	base, st := cfg.url, (*store.Store)(nil)
	if base == "" {
		var stop func()
		base, st, stop, err = startServer(cat, cfg.db, cfg.noLimit)
		if err != nil {
			return err
		}
		defer stop()
	}

	fmt.Fprintf(out, "exercise %s, %d learners, ", ex.ID, cfg.learners)
	if cfg.rate > 0 {
		fmt.Fprintf(out, "target %.0f attempts/s, ", cfg.rate)
	} else {
		fmt.Fprint(out, "closed loop (as fast as answers come back), ")
	}
	fmt.Fprintf(out, "%s against %s\n", cfg.duration, base)

	res := load(cfg, base, ex)
	res.print(out, cfg)
	if st != nil {
		n, err := st.CountAttempts(context.Background())
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "stored:     %d attempts in the database\n", n)
		if n < res.ok {
			return fmt.Errorf("%d attempts acknowledged but only %d stored", res.ok, n)
		}
	}
	if res.failed > 0 {
		return fmt.Errorf("%d attempts failed", res.failed)
	}
	return nil
}

func pickExercise(cat *course.Catalog, id string) (*exercise.Exercise, error) {
	if id != "" {
		ex, ok := cat.Exercise(id)
		if !ok || !ex.Kind.IsMessage() {
			return nil, fmt.Errorf("exercise %q: not found, or not one where the learner writes a message", id)
		}
		return ex, nil
	}
	for _, ex := range cat.Exercises() {
		if ex.Kind == exercise.KindFix && len(ex.Solutions) > 0 {
			return ex, nil
		}
	}
	return nil, errors.New("the bundled course has no fix exercise")
}

// startServer runs the real router on a loopback socket over a database.
func startServer(cat *course.Catalog, dbPath string, noLimit bool) (string, *store.Store, func(), error) {
	dir := ""
	if dbPath == "" {
		var err error
		if dir, err = os.MkdirTemp("", "attempts-load"); err != nil {
			return "", nil, nil, err
		}
		dbPath = filepath.Join(dir, "load.db")
	}
	st, err := store.Open(context.Background(), dbPath)
	if err != nil {
		return "", nil, nil, err
	}
	wcfg := web.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if noLimit {
		wcfg.AttemptLimit = web.RateLimit{PerSecond: -1}
	}
	srv, err := web.New(wcfg, web.Deps{Store: st, Content: course.Static(cat)})
	if err != nil {
		return "", nil, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
		_ = st.Close()
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
	}
	return "http://" + ln.Addr().String(), st, stop, nil
}

// result is what the learners saw.
type result struct {
	ok, failed int
	statuses   map[string]int
	latencies  []time.Duration
	elapsed    time.Duration
}

func load(cfg config, base string, ex *exercise.Exercise) *result {
	tr := &http.Transport{MaxIdleConns: cfg.learners, MaxIdleConnsPerHost: cfg.learners, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	url := base + "/api/exercises/" + ex.ID + "/attempts"
	bodies := [][]byte{mustJSON(ex.Starter), mustJSON(ex.Starter), mustJSON(ex.Solutions[0])}

	var mu sync.Mutex
	res := &result{statuses: map[string]int{}}
	var clock window
	ready := make(chan struct{})
	var wg, warmed sync.WaitGroup
	for i := range cfg.learners {
		wg.Add(1)
		warmed.Add(1)
		go func() {
			defer wg.Done()
			jar, _ := cookiejar.New(nil)
			client := &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second}
			// The learner starts by reading the lesson, which gives it its
			// cookie: the timed attempts are then a known learner's, as in
			// a classroom, not 200 strangers behind one address.
			if status, err := post(client, base+"/api/lessons/"+ex.Lesson+"/read", nil); err != nil || status/100 != 2 {
				mu.Lock()
				res.statuses[fmt.Sprintf("lesson read %d %v", status, err)]++
				mu.Unlock()
			}
			warmed.Done()
			<-ready
			lr := answerUntil(cfg, clock, i, func(k int) (int, error) { return post(client, url, bodies[(i+k)%len(bodies)]) })
			mu.Lock()
			defer mu.Unlock()
			res.add(lr)
		}()
	}
	// Every learner has its cookie: start the clock.
	warmed.Wait()
	clock.start = time.Now().Add(50 * time.Millisecond)
	clock.deadline = clock.start.Add(cfg.duration)
	close(ready)
	wg.Wait()
	res.elapsed = time.Since(clock.start)
	return res
}

// window is when the learners send.
type window struct{ start, deadline time.Time }

// answerUntil is learner i sending its attempts (send(k) sends the k-th)
// at fixed times from w.start to w.deadline, or one after the other when
// cfg.rate is 0.
func answerUntil(cfg config, w window, i int, send func(k int) (int, error)) *result {
	lr := &result{statuses: map[string]int{}}
	interval := time.Duration(0)
	next := w.start
	if cfg.rate > 0 {
		interval = time.Duration(float64(time.Second) * float64(cfg.learners) / cfg.rate)
		next = w.start.Add(interval * time.Duration(i) / time.Duration(cfg.learners))
	}
	for k := 0; next.Before(w.deadline); k++ {
		if d := time.Until(next); d > 0 {
			time.Sleep(d)
		}
		due := next
		if cfg.rate == 0 {
			due = time.Now()
		}
		status, err := send(k)
		lr.latencies = append(lr.latencies, time.Since(due))
		switch {
		case err != nil:
			lr.failed++
			lr.statuses[err.Error()]++
		case status/100 == 2:
			lr.ok++
		default:
			lr.failed++
			lr.statuses[fmt.Sprint(status)]++
		}
		if cfg.rate > 0 {
			next = next.Add(interval)
		} else {
			next = time.Now()
		}
	}
	return lr
}

// add counts one learner's result in res.
func (res *result) add(lr *result) {
	res.ok += lr.ok
	res.failed += lr.failed
	res.latencies = append(res.latencies, lr.latencies...)
	for s, n := range lr.statuses {
		res.statuses[s] += n
	}
}

func mustJSON(answer string) []byte {
	b, err := json.Marshal(map[string]string{"answer": answer})
	if err != nil {
		panic(err)
	}
	return b
}

func post(c *http.Client, url string, body []byte) (int, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin") // as the exercise page's script sends it
	resp, err := c.Do(req)
	if err != nil {
		return 0, errors.New("no answer")
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, nil
}

func (r *result) print(out io.Writer, cfg config) {
	slices.Sort(r.latencies)
	pct := func(p float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		i := int(p * float64(len(r.latencies)-1))
		return r.latencies[i]
	}
	rate := float64(r.ok) / r.elapsed.Seconds()
	fmt.Fprintf(out, "sent:       %d attempts, %d acknowledged (2xx), %d failed %v\n", r.ok+r.failed, r.ok, r.failed, r.statuses)
	fmt.Fprintf(out, "throughput: %.1f attempts/s acknowledged\n", rate)
	fmt.Fprintf(out, "latency:    p50 %s  p90 %s  p99 %s  max %s\n",
		round(pct(.50)), round(pct(.90)), round(pct(.99)), round(pct(1)))
	if cfg.rate > 0 {
		verdict := "met"
		if pct(.99) >= 50*time.Millisecond || rate < 0.98*cfg.rate {
			verdict = "NOT met"
		}
		fmt.Fprintf(out, "goal:       p99 under 50ms at %.0f attempts/s: %s\n", cfg.rate, verdict)
	}
}

func round(d time.Duration) time.Duration {
	switch {
	case d > time.Second:
		return d.Round(time.Millisecond)
	case d > time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
