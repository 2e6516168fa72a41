package deploy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
	"github.com/mcpplayground/playground/lessons"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const token = "deploy-test-instructor-token"

// ack is an attempt an instance acknowledged with a 2xx.
type ack struct {
	learner int
	id      int64
	answer  string
}

// PostgreSQL, HAProxy with internal/deploy/haproxy.cfg and three instances of the
// real binary; 200 learners answer through the proxy and one instance is
// SIGKILLed in the middle. Afterwards every acknowledged attempt is in the
// database, the dashboard agrees with the export, and every learner's next
// request succeeds.
func TestThreeInstancesBehindHAProxySurviveAKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL, HAProxy and three playground processes; skipped in -short mode")
	}
	dsn := pgtest.DSN(t)
	requireHAProxy(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	ins, px := startDeployment(t, ctx, dsn)
	ex := fixExercise(t)
	const learners, each = 200, 8
	acks, clients := answerThroughAKill(t, ctx, px.URL, ins[1], ex, learners, each)
	stored := checkAcknowledgedStored(t, ctx, dsn, acks)
	checkDashboardEqualsExport(t, ctx, px.URL, stored)
	checkLearnersGoOn(t, ctx, px.URL, clients)
}

// startDeployment migrates the database, starts three instances of the
// real binary on it and HAProxy in front of them.
func startDeployment(t *testing.T, ctx context.Context, dsn string) ([]*Instance, *Proxy) {
	t.Helper()
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := repo.BuildPlayground(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.CommandContext(ctx, bin, "migrate", "-db", dsn).CombinedOutput(); err != nil {
		t.Fatalf("playground migrate: %v\n%s", err, out)
	}
	var ins []*Instance
	for range 3 {
		in, err := StartInstance(ctx, bin, dsn, token)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(in.Stop)
		ins = append(ins, in)
	}
	px, err := StartHAProxy(ctx, ConfigPath(root), []string{ins[0].Addr, ins[1].Addr, ins[2].Addr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(px.Stop)
	return ins, px
}

// answerThroughAKill has learners send each attempts through the proxy
// at url, and kills victim after the killAfter-th acknowledgement. It
// returns the acknowledged attempts and each learner's client.
func answerThroughAKill(t *testing.T, ctx context.Context, url string, victim *Instance, ex *exercise.Exercise, learners, each int) ([]ack, []*http.Client) {
	t.Helper()
	const killAfter = 600
	var (
		mu      sync.Mutex
		acks    []ack
		clients = make([]*http.Client, learners)
		killed  = make(chan struct{})
		once    sync.Once
		count   atomic.Int64
	)
	tr := &http.Transport{MaxIdleConnsPerHost: learners}
	t.Cleanup(tr.CloseIdleConnections)
	var wg sync.WaitGroup
	for i := range learners {
		jar, _ := cookiejar.New(nil)
		clients[i] = &http.Client{Transport: tr, Jar: jar, Timeout: 20 * time.Second}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range each {
				answer := ex.Starter + fmt.Sprintf("\n// learner %d attempt %d", i, k)
				id, err := postAttempt(ctx, clients[i], url+"/api/exercises/"+ex.ID+"/attempts", answer)
				if err != nil {
					continue // not acknowledged: the instance died under it
				}
				mu.Lock()
				acks = append(acks, ack{learner: i, id: id, answer: answer})
				mu.Unlock()
				if count.Add(1) == killAfter {
					once.Do(func() { victim.Kill(); close(killed) })
				}
			}
		}()
	}
	wg.Wait()
	select {
	case <-killed:
	default:
		t.Fatalf("only %d attempts acknowledged: the kill never happened", count.Load())
	}
	t.Logf("%d of %d attempts acknowledged; instance 2 was SIGKILLed after %d", len(acks), learners*each, killAfter)
	if len(acks) < learners*each*3/4 {
		t.Errorf("only %d of %d attempts acknowledged: the proxy did not move the learners of the dead instance", len(acks), learners*each)
	}
	return acks, clients
}

// checkAcknowledgedStored finds every acknowledged attempt in the
// database, and returns how many attempts it holds.
func checkAcknowledgedStored(t *testing.T, ctx context.Context, dsn string, acks []ack) int {
	t.Helper()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	stored := map[int64]string{}
	if err := st.EachAttempt(ctx, store.AttemptFilter{}, func(a store.Attempt) error {
		stored[a.ID] = a.Answer
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	lost := 0
	for _, a := range acks {
		if stored[a.id] != a.answer {
			lost++
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d acknowledged attempts are not in the database", lost, len(acks))
	}
	return len(stored)
}

// checkLearnersGoOn: every learner's next request succeeds, on whichever
// instance is left.
func checkLearnersGoOn(t *testing.T, ctx context.Context, url string, clients []*http.Client) {
	t.Helper()
	failed := 0
	for i, c := range clients {
		if code := getStatus(ctx, c, url+"/api/progress"); code != http.StatusOK {
			failed++
			if failed <= 3 {
				t.Errorf("learner %d: GET /api/progress after the kill = %d", i, code)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d learners could not go on after the kill", failed, len(clients))
	}
}

func requireHAProxy(t *testing.T) {
	t.Helper()
	if err := HAProxyInstalled(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v; CI requires it", err)
		}
		t.Skipf("%v: the deployment test is skipped", err)
	}
}

func fixExercise(t *testing.T) *exercise.Exercise {
	t.Helper()
	cat, err := course.Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range cat.Exercises() {
		if ex.Kind == exercise.KindFix && ex.Starter != "" {
			return ex
		}
	}
	t.Fatal("the course has no fix exercise")
	return nil
}

func postAttempt(ctx context.Context, c *http.Client, url, answer string) (int64, error) {
	body, _ := json.Marshal(map[string]string{"answer": answer})
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(string(body)))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin") // a learner's browser on the playground's page
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode/100 != 2 {
		return 0, fmt.Errorf("%d %s", resp.StatusCode, data)
	}
	var r struct {
		AttemptID int64 `json:"attempt_id"`
	}
	if err := json.Unmarshal(data, &r); err != nil || r.AttemptID == 0 {
		return 0, fmt.Errorf("no attempt id in %s: %v", data, err)
	}
	return r.AttemptID, nil
}

func getStatus(ctx context.Context, c *http.Client, url string) int {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// checkDashboardEqualsExport reads the dashboard's JSON and the attempts
// export through the proxy: both count every stored attempt, per learner.
func checkDashboardEqualsExport(t *testing.T, ctx context.Context, base string, stored int) {
	t.Helper()
	get := func(path string) *http.Response {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %v %v", path, resp, err)
		}
		return resp
	}
	var dash struct {
		Attempts int `json:"attempts"`
		Learners []struct {
			ID        int64 `json:"id"`
			Exercises map[string]struct {
				Attempts int `json:"attempts"`
			} `json:"exercises"`
		} `json:"learners"`
	}
	resp := get("/instructor/dashboard.json")
	err := json.NewDecoder(resp.Body).Decode(&dash)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	fromDash := map[int64]int{}
	for _, l := range dash.Learners {
		for _, c := range l.Exercises {
			fromDash[l.ID] += c.Attempts
		}
	}
	resp = get("/instructor/attempts.jsonl")
	defer resp.Body.Close()
	fromExport := map[int64]int{}
	lines := 0
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a struct {
			LearnerID int64 `json:"learner_id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("export line %d: %v", lines+1, err)
		}
		fromExport[a.LearnerID]++
		lines++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read the export: %v", err)
	}
	if dash.Attempts != lines || lines != stored {
		t.Errorf("dashboard counts %d attempts, the export has %d lines, the database %d", dash.Attempts, lines, stored)
	}
	for id, n := range fromExport {
		if fromDash[id] != n {
			t.Errorf("learner %d: %d attempts on the dashboard, %d in the export", id, fromDash[id], n)
		}
	}
}
