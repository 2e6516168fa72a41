// Package replay plays the solutions of live exercises against the real gift
// server, in process, as a learner would in the console: check-content then
// knows that each model session is one a real session can produce, and that
// the real session it produces passes the checks.
package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// Timeout bounds the wait for the gift server's messages at each step.
const Timeout = 10 * time.Second

// maxAnswer bounds the replayed session, as the console bounds an answer.
const maxAnswer = 1 << 20

// Lint replays every solution and every wrong answer of every live
// exercise and reports, as file:line: what is wrong, the solutions whose
// real session fails a check and the wrong answers whose real session
// passes them all (the mistake, made in the console, would be accepted).
func Lint(ctx context.Context, exs []*exercise.Exercise) []error {
	var jobs []job
	for _, ex := range exs {
		if ex.Kind != exercise.KindLive {
			continue
		}
		for i, sol := range ex.Solutions {
			jobs = append(jobs, job{ex: ex, text: sol, line: ex.SolutionLine(i), lint: lintSolution})
		}
		for _, w := range ex.WrongAnswers() {
			jobs = append(jobs, job{ex: ex, text: w.Text, line: w.Line, lint: lintWrong})
		}
	}
	return runJobs(ctx, jobs)
}

// job is one written session to replay and what to say of it.
type job struct {
	ex   *exercise.Exercise
	text string
	line int
	lint func(context.Context, *exercise.Exercise, string) error
}

// parallel bounds the sessions replayed at once: most of a replay is
// waiting for the slow tool's steps, not work.
const parallel = 8

// runJobs replays the sessions, parallel at a time, and returns their
// problems in the order of jobs.
func runJobs(ctx context.Context, jobs []job) []error {
	found := make([]error, len(jobs))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := j.lint(ctx, j.ex, j.text); err != nil {
				found[i] = frontmatter.Errorf(j.ex.File, j.line, "%v", err)
			}
		}()
	}
	wg.Wait()
	var errs []error
	for _, err := range found {
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// midSession reports whether a written session starts after the handshake
// (the console left its oldest messages out): a new gift server session
// cannot give what follows.
func midSession(ex *exercise.Exercise, written []item) bool {
	if ex.Protocol == grader.Rev20260728 || len(written) == 0 {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return written[0].From != grader.SenderClient || json.Unmarshal(written[0].Message, &m) != nil || m.Method != "initialize"
}

// lintWrong replays a wrong answer. One that no real session can give (it
// starts mid-session, shows what the gift server never sends, or in
// another order) is left to the other checks: it cannot be replayed, and
// is no hole.
func lintWrong(ctx context.Context, ex *exercise.Exercise, text string) error {
	var doc struct {
		Exchange []item `json:"exchange"`
	}
	if json.Unmarshal([]byte(text), &doc) != nil || midSession(ex, doc.Exchange) {
		return nil
	}
	events, err := play(ctx, doc.Exchange)
	if err != nil || !sameOrder(doc.Exchange, events) {
		return nil //nolint:nilerr // not replayable: nothing to say
	}
	answer, _, err := console.Answer(events, maxAnswer)
	if err != nil {
		return err
	}
	if ex.Grade(answer, i18n.EN).Passed {
		return errors.New("this wrong answer, replayed against the gift server, passes every check: the same mistake made in the console would be accepted; add a check that rejects it")
	}
	return nil
}

type item struct {
	From    grader.Sender   `json:"from"`
	Message json.RawMessage `json:"message"`
}

func lintSolution(ctx context.Context, ex *exercise.Exercise, sol string) error {
	var doc struct {
		Exchange []item `json:"exchange"`
	}
	if err := json.Unmarshal([]byte(sol), &doc); err != nil {
		return fmt.Errorf("this solution is not a session: %w", err)
	}
	answer, err := Play(ctx, doc.Exchange)
	if err != nil {
		return fmt.Errorf("this solution cannot be replayed against the gift server: %w", err)
	}
	res := ex.Grade(answer, i18n.EN)
	for j, cr := range res.Checks {
		if cr.Passed {
			continue
		}
		why := ""
		if cr.Feedback != "" {
			why = " (" + strings.TrimSuffix(cr.Feedback, ".") + ")"
		}
		return fmt.Errorf("this solution, replayed against the gift server, fails the check on line %d: %s%s; a real session cannot give what this one shows", ex.Checks[j].Line, strings.TrimSuffix(cr.Message, "."), why)
	}
	return nil
}

// Play sends the client's messages of a written session to a new gift
// server session, in order; before each one it waits until the server has
// sent as many messages as the written session shows before it, and the
// responses it shows (by id: a cancellation written after the result is
// sent after the real result, however many progress notifications came
// first); at the end, all it shows. It returns the real session as a live
// exercise's answer.
func Play(ctx context.Context, written []item) (string, error) {
	events, err := play(ctx, written)
	if err != nil {
		return "", err
	}
	answer, _, err := console.Answer(events, maxAnswer)
	return answer, err
}

// play is Play, giving the real session's events. The client echoes what
// the server sealed: where a written client message carries a
// requestState the written session shows the server sending, the real
// server's requestState for that response is sent instead (echoStates).
func play(ctx context.Context, written []item) ([]exchange.Event, error) {
	c := console.Start(mockserver.New(mockserver.Config{}), console.Options{})
	defer c.Close()
	updates, stop := c.Subscribe()
	defer stop()
	var want shown
	for i, it := range written {
		if it.From == grader.SenderServer {
			want.add(it.Message)
			continue
		}
		if err := waitServer(ctx, c, updates, want); err != nil {
			return nil, err
		}
		raw := string(it.Message)
		var s string
		if json.Unmarshal(it.Message, &s) == nil {
			raw = s // text that was not JSON, sent as it is
		} else {
			raw = echoStates(raw, sealedStates(written[:i], c.Events(0)))
		}
		c.Send(raw)
	}
	if err := waitServer(ctx, c, updates, want); err != nil {
		return nil, err
	}
	return c.Events(0), nil
}

// sameOrder reports whether each client message of the real session comes
// after as many server messages as in the written one: the server may send
// more, sooner (a notification the written session shows later), and the
// real session is then another session than the one written.
func sameOrder(written []item, events []exchange.Event) bool {
	before := func(n int, from func(i int) string) []int {
		var out []int
		server := 0
		for i := range n {
			if from(i) == grader.SenderServer {
				server++
			} else {
				out = append(out, server)
			}
		}
		return out
	}
	w := before(len(written), func(i int) string { return written[i].From })
	r := before(len(events), func(i int) string { return string(events[i].From) })
	return slices.Equal(w, r)
}

// shown is what the written session shows from the server up to a point:
// how many messages, and the ids of its responses.
type shown struct {
	n   int
	ids []string
}

func (s *shown) add(msg json.RawMessage) {
	s.n++
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(msg, &m) == nil && m.Method == nil && len(m.ID) > 0 && string(m.ID) != "null" {
		if id, err := compactJSON(m.ID); err == nil {
			s.ids = append(s.ids, id)
		}
	}
}

// missing says what the real session lacks of what is shown ("" when
// nothing).
func (s shown) missing(events []exchange.Event) string {
	got := 0
	answered := map[string]bool{}
	for _, e := range events {
		if e.From != grader.SenderServer {
			continue
		}
		got++
		if e.Kind == grader.KindResponse || e.Kind == grader.KindError {
			answered[string(e.ID)] = true
		}
	}
	if got < s.n {
		return fmt.Sprintf("the gift server sent %d message(s) where the session shows %d", got, s.n)
	}
	for _, id := range s.ids {
		if !answered[id] {
			return "the gift server did not answer request " + id + ", which the session shows answered"
		}
	}
	return ""
}

func compactJSON(raw json.RawMessage) (string, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return "", fmt.Errorf("compact an id: %w", err)
	}
	return b.String(), nil
}

// waitServer waits until the session holds what want shows from the server.
func waitServer(ctx context.Context, c *console.Session, updates <-chan console.Update, want shown) error {
	timer := time.NewTimer(Timeout)
	defer timer.Stop()
	for {
		lack := want.missing(c.Events(0))
		if lack == "" {
			return nil
		}
		select {
		case <-updates:
		case <-timer.C:
			return errors.New(lack)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// sealedStates pairs each requestState the written session shows the
// server sending with the one the real server sent in the same place: the
// n-th response with that id. The gift server seals its state with a key
// drawn for each server, so a written session can show only what one real
// session gave; the replay's client, like a learner in the console,
// echoes what its own server sent.
func sealedStates(written []item, events []exchange.Event) map[string]string {
	real := map[string][]string{} // compact id → the states of its responses, in order
	for _, e := range events {
		if e.From == grader.SenderServer && (e.Kind == grader.KindResponse || e.Kind == grader.KindError) {
			id, err := compactJSON(e.ID)
			if err == nil {
				real[id] = append(real[id], resultState([]byte(e.Raw)))
			}
		}
	}
	out := map[string]string{}
	seen := map[string]int{}
	for _, it := range written {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method *string         `json:"method"`
		}
		if it.From != grader.SenderServer || json.Unmarshal(it.Message, &m) != nil || m.Method != nil || len(m.ID) == 0 {
			continue
		}
		id, err := compactJSON(m.ID)
		if err != nil {
			continue
		}
		n := seen[id]
		seen[id]++
		if shown := resultState(it.Message); shown != "" && n < len(real[id]) && real[id][n] != "" {
			out[shown] = real[id][n]
		}
	}
	return out
}

// resultState is the requestState of a response's result ("" when none).
func resultState(msg []byte) string {
	var m struct {
		Result struct {
			RequestState string `json:"requestState"`
		} `json:"result"`
	}
	_ = json.Unmarshal(msg, &m)
	return m.Result.RequestState
}

// echoStates writes the real states in place of the written ones in a
// client message, where it carries one as a JSON string (a quoted string
// inside another string is escaped, and is left alone).
func echoStates(raw string, states map[string]string) string {
	for shown, real := range states {
		quoted, _ := json.Marshal(shown)
		withReal, _ := json.Marshal(real)
		raw = strings.ReplaceAll(raw, string(quoted), string(withReal))
	}
	return raw
}
