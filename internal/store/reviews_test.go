package store

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/review"
)

// Cards and attempt codes are stored, listed when due, retired, and erased
// with the learner's reset.
func TestReviews(t *testing.T) {
	ctx := context.Background()
	st := openTest(t)
	l, _, err := st.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, _, err := st.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "ex-1", Answer: "{}", FirstProblem: "mcp.method.unknown"})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.UnixMilli(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC).UnixMilli())
	card, keep := review.Next(nil, review.Outcome{Codes: []string{"mcp.method.unknown", "jsonrpc.id.null"}}, t0)
	if err := st.RecordReview(ctx, l.ID, a.ID, "ex-1", []string{"mcp.method.unknown", "jsonrpc.id.null"}, card, keep); err != nil {
		t.Fatal(err)
	}
	codes, err := attemptCodes(ctx, st, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(map[int64][]string{a.ID: {"jsonrpc.id.null", "mcp.method.unknown"}}, codes); d != "" {
		t.Errorf("attempt codes (-want +got):\n%s", d)
	}
	if due, err := st.DueReviews(ctx, l.ID, t0.Add(time.Minute)); err != nil || len(due) != 0 {
		t.Errorf("due a minute later: %v, %v", due, err)
	}
	// Not due yet, the card is among the learner's reviews, with its time.
	if all, err := st.Reviews(ctx, l.ID); err != nil || len(all) != 1 || all[0].ExerciseID != "ex-1" || !all[0].Due.Equal(card.Due) {
		t.Errorf("Reviews before it is due = %+v, %v", all, err)
	}
	due, err := st.DueReviews(ctx, l.ID, t0.Add(review.Intervals[0]))
	if err != nil {
		t.Fatal(err)
	}
	want := []ReviewCard{{ExerciseID: "ex-1", Card: card}}
	if d := cmp.Diff(want, due); d != "" {
		t.Errorf("due reviews (-want +got):\n%s", d)
	}
	if got, ok, err := st.ReviewFor(ctx, l.ID, "ex-1"); err != nil || !ok || got.Box != 1 {
		t.Errorf("ReviewFor = %+v, %v, %v", got, ok, err)
	}
	if err := st.ResetLearner(ctx, l.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := st.ReviewFor(ctx, l.ID, "ex-1"); ok {
		t.Error("the learner's reset leaves their reviews")
	}
	// Retiring deletes the card.
	if err := st.RecordReview(ctx, l.ID, a.ID, "ex-1", nil, card, true); err == nil {
		if err := st.RecordReview(ctx, l.ID, a.ID, "ex-1", nil, review.Card{}, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, _ := st.ReviewFor(ctx, l.ID, "ex-1"); ok {
		t.Error("a retired card stays")
	}
}

// attemptCodes reads the codes each attempt tripped, by attempt id, from
// the table RecordReview writes.
func attemptCodes(ctx context.Context, s *Store, ids ...int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	for _, id := range ids {
		rows, err := s.read.QueryContext(ctx, `SELECT code FROM attempt_codes WHERE attempt_id = ? ORDER BY code`, id)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var code string
			if err := rows.Scan(&code); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = append(out[id], code)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
