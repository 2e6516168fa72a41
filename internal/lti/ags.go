package lti

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/store"
)

// ScoresURL is the scores endpoint of a line item: "/scores" added to its
// path, its query kept (Moodle's line items carry ?type_id=…; a score
// posted to ".../lineitem?type_id=1/scores" is lost).
func ScoresURL(lineItem string) (string, error) {
	u, err := url.Parse(lineItem)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("line item %q is not an http(s) URL", lineItem)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/scores"
	if u.RawPath != "" {
		u.RawPath = strings.TrimSuffix(u.RawPath, "/") + "/scores"
	}
	return u.String(), nil
}

// Score is an AGS score (application/vnd.ims.lis.v1.score+json).
type Score struct {
	UserID           string  `json:"userId"`
	ScoreGiven       float64 `json:"scoreGiven"`
	ScoreMaximum     float64 `json:"scoreMaximum"`
	ActivityProgress string  `json:"activityProgress"`
	GradingProgress  string  `json:"gradingProgress"`
	Timestamp        string  `json:"timestamp"`
}

// postScore sends one score of the outbox to the platform.
func (s *Service) postScore(ctx context.Context, p store.LTIPlatform, sc store.LTIScore) error {
	target, err := ScoresURL(sc.LineItem)
	if err != nil {
		return err
	}
	activity := "Completed"
	if sc.Given < sc.Max {
		activity = "Submitted"
	}
	body, err := json.Marshal(Score{
		UserID: sc.Sub, ScoreGiven: sc.Given, ScoreMaximum: sc.Max,
		ActivityProgress: activity, GradingProgress: "FullyGraded",
		Timestamp: sc.ScoredAt.UTC().Format("2006-01-02T15:04:05.000Z07:00"),
	})
	if err != nil {
		return err
	}
	for try := 0; ; try++ {
		tok, err := s.accessToken(ctx, p, ScopeScore)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", ScoreType)
		req.Header.Set("Authorization", "Bearer "+tok)
		err = s.do(req, nil)
		var se *StatusError
		if try == 0 && errors.As(err, &se) && se.Status == http.StatusUnauthorized {
			s.forgetToken(p, ScopeScore) // expired early: one more try with a fresh one
			continue
		}
		return err
	}
}

// Backoff of the outbox: the first retry within a minute, then doubling,
// at most an hour apart; a claimed score is held for claimLease.
const (
	firstRetry = 30 * time.Second
	maxRetry   = time.Hour
	claimLease = 2 * time.Minute
	claimBatch = 50
)

// retryAfter is the wait after the tries-th failed try (0 for the first).
func retryAfter(tries int) time.Duration {
	d := firstRetry
	for range tries {
		if d *= 2; d >= maxRetry {
			return maxRetry
		}
	}
	return d
}

// GradeLearner queues the current score of each gradebook column the
// learner's launches carried (after a pass, or a regrade), and wakes the
// sender. It returns how many scores were queued (a score equal to the
// one sent is not).
func (s *Service) GradeLearner(ctx context.Context, learnerID int64) (int, error) {
	links, err := s.store.LTILinks(ctx, learnerID)
	if err != nil {
		return 0, err
	}
	return s.queue(ctx, links)
}

// Regrade queues every learner's changed scores (after `playground
// regrade`).
func (s *Service) Regrade(ctx context.Context) (int, error) {
	links, err := s.store.LTILinks(ctx, 0)
	if err != nil {
		return 0, err
	}
	return s.queue(ctx, links)
}

func (s *Service) queue(ctx context.Context, links []store.LTILinkOf) (int, error) {
	n := 0
	for _, l := range links {
		given, maxScore, err := s.store.LTIGrade(ctx, l.LearnerID, l.Link)
		if err != nil {
			return n, err
		}
		q, err := s.store.QueueLTIScore(ctx, store.LTIScore{PlatformID: l.PlatformID, LineItem: l.Link.LineItem, Sub: l.Sub, Given: given, Max: maxScore, ScoredAt: s.clock.Now()})
		if err != nil {
			return n, err
		}
		if q {
			n++
		}
	}
	if n > 0 {
		s.Wake()
	}
	return n, nil
}

// Wake tells the sender that scores wait.
func (s *Service) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// SendDue sends every score due now, recording each failure with its next
// try. It returns how many the platforms took.
func (s *Service) SendDue(ctx context.Context) (int, error) {
	sent := 0
	for {
		due, err := s.store.ClaimLTIScores(ctx, claimBatch, claimLease)
		if err != nil || len(due) == 0 {
			return sent, err
		}
		for _, sc := range due {
			if err := s.sendOne(ctx, sc); err != nil {
				s.log.Warn("LTI score not taken; will retry", "lineitem", sc.LineItem, "tries", sc.Tries+1, "err", err)
				if err := s.store.RetryLTIScore(ctx, sc, s.clock.Now().Add(retryAfter(sc.Tries)), err.Error()); err != nil {
					return sent, err
				}
				continue
			}
			if err := s.store.LTIScoreSent(ctx, sc); err != nil {
				return sent, err
			}
			sent++
		}
		if len(due) < claimBatch {
			return sent, nil
		}
	}
}

func (s *Service) sendOne(ctx context.Context, sc store.LTIScore) error {
	p, err := s.store.LTIPlatformByID(ctx, sc.PlatformID)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return s.postScore(ctx, p, sc)
}

// Run sends scores until ctx ends: at once when woken, else when the next
// waiting score is due (and at least every minute, for scores another
// instance queued).
func (s *Service) Run(ctx context.Context) {
	for {
		if _, err := s.SendDue(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("LTI score sender", "err", err)
		}
		wait := time.Minute
		if at, ok, err := s.store.NextLTIScoreAt(ctx); err == nil && ok {
			wait = min(wait, max(at.Sub(s.clock.Now()), time.Second))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}
