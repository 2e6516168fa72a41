// Package replay plays the solutions of live exercises against the real gift
// server, in process, as a learner would in the console: check-content then
// knows that each model session is one a real session can produce, and that
// the real session it produces passes the checks.
package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// Timeout bounds the wait for the gift server's messages at each step.
const Timeout = 10 * time.Second

// maxAnswer bounds the replayed session, as the console bounds an answer.
const maxAnswer = 1 << 20

// Lint replays every solution of every live exercise and reports, as
// file:line: what is wrong, those whose real session fails a check.
func Lint(ctx context.Context, exs []*exercise.Exercise) []error {
	var errs []error
	for _, ex := range exs {
		if ex.Kind != exercise.KindLive {
			continue
		}
		for i, sol := range ex.Solutions {
			if err := lintSolution(ctx, ex, sol); err != nil {
				errs = append(errs, frontmatter.Errorf(ex.File, ex.SolutionLine(i), "%v", err))
			}
		}
	}
	return errs
}

type item struct {
	From    string          `json:"from"`
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
// sent as many messages as the written session shows before it, and at
// the end as many as it shows in all. It returns the real session as a
// live exercise's answer.
func Play(ctx context.Context, written []item) (string, error) {
	srv := mockserver.New(mockserver.Config{})
	c := srv.NewConsole(mockserver.ConsoleOptions{})
	defer c.Close()
	updates, stop := c.Subscribe()
	defer stop()
	fromServer := 0
	for _, it := range written {
		if it.From == "server" {
			fromServer++
			continue
		}
		if err := waitServer(ctx, c, updates, fromServer); err != nil {
			return "", err
		}
		raw := string(it.Message)
		var s string
		if json.Unmarshal(it.Message, &s) == nil {
			raw = s // text that was not JSON, sent as it is
		}
		c.Send(raw)
	}
	if err := waitServer(ctx, c, updates, fromServer); err != nil {
		return "", err
	}
	answer, _, err := console.Answer(c.Events(0), maxAnswer)
	return answer, err
}

// waitServer waits until the session holds n messages from the server.
func waitServer(ctx context.Context, c *mockserver.Console, updates <-chan mockserver.ConsoleUpdate, n int) error {
	timer := time.NewTimer(Timeout)
	defer timer.Stop()
	for {
		got := 0
		for _, e := range c.Events(0) {
			if e.From == "server" {
				got++
			}
		}
		if got >= n {
			return nil
		}
		select {
		case <-updates:
		case <-timer.C:
			return fmt.Errorf("the gift server sent %d message(s) where the solution shows %d", got, n)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
