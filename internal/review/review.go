// Package review schedules exercises for review, keyed to the learner's
// mistakes, with Leitner boxes.
//
// An exercise enters box 1 when the learner fails it: the attempt tripped
// diagnostic codes (or, for choice exercises, failed checks), and the
// exercise comes back once its box's interval has passed. Passing a due
// review without opening a hint since it was scheduled moves the exercise
// to the next box, further out; passing with a hint keeps it in its box for
// another interval; failing sends it back to box 1. Passing box 5 retires
// it. The intervals:
//
//	box 1: 20 minutes   (the same session: did it stick?)
//	box 2: 1 day
//	box 3: 3 days
//	box 4: 1 week
//	box 5: 3 weeks
//
// Time is always given (now), never read from the wall clock, so the
// schedule is the same in a test as in a workshop.
package review

import (
	"slices"
	"time"
)

// Intervals are the waits of boxes 1 to 5.
var Intervals = [...]time.Duration{20 * time.Minute, 24 * time.Hour, 3 * 24 * time.Hour, 7 * 24 * time.Hour, 21 * 24 * time.Hour}

// Boxes is the number of boxes; passing the last retires the exercise.
const Boxes = len(Intervals)

// MaxCodes bounds the codes kept for one review.
const MaxCodes = 16

// Card is one exercise's place in the schedule for one learner.
type Card struct {
	Box       int       // 1 to Boxes
	Due       time.Time // when it comes back
	Codes     []string  // what the learner got wrong, sorted, at most MaxCodes
	HintsSeen int       // the hints open when it was last scheduled (HintsLookedAgain: see LookAgain)
}

// HintsLookedAgain is a card's HintsSeen once the learner has unfolded,
// during a due review, the hints opened before it: they count as hints
// taken since it was scheduled.
const HintsLookedAgain = -1

// LookAgain is c once the learner has looked at the hints opened before,
// during the review: a pass then keeps the exercise in its box, as a pass
// with a new hint does. Only a due card changes: before it is due, a pass
// changes nothing anyway.
func (c Card) LookAgain(now time.Time) Card {
	if c.IsDue(now) {
		c.HintsSeen = HintsLookedAgain
	}
	return c
}

// LookedAgain reports whether the learner unfolded the old hints during
// this review.
func (c Card) LookedAgain() bool { return c.HintsSeen == HintsLookedAgain }

// IsDue reports whether the card should be reviewed at now.
func (c Card) IsDue(now time.Time) bool { return !c.Due.After(now) }

// Outcome is an attempt as the schedule sees it.
type Outcome struct {
	Passed bool
	Codes  []string // what the attempt tripped (empty on a pass)
	Hints  int      // the hints open on the exercise now
}

// Next is the card after an attempt at now. had is the current card, if
// any. keep is false when the exercise leaves the schedule (retired, or a
// pass with nothing scheduled).
func Next(had *Card, o Outcome, now time.Time) (next Card, keep bool) {
	switch {
	case !o.Passed:
		c := Card{Box: 1, Due: now.Add(Intervals[0]), Codes: merge(nil, o.Codes), HintsSeen: o.Hints}
		if had != nil {
			c.Codes = merge(had.Codes, o.Codes)
		}
		return c, true
	case had == nil:
		return Card{}, false
	case !had.IsDue(now):
		// A pass before the review is due changes nothing: the point is
		// to remember it later.
		return *had, true
	case o.Hints > had.HintsSeen:
		c := *had
		c.Due, c.HintsSeen = now.Add(Intervals[c.Box-1]), o.Hints
		return c, true
	case had.Box >= Boxes:
		return Card{}, false
	}
	c := *had
	c.Box++
	c.Due = now.Add(Intervals[c.Box-1])
	return c, true
}

func merge(a, b []string) []string {
	out := slices.Clone(a)
	for _, code := range b {
		if code != "" && !slices.Contains(out, code) {
			out = append(out, code)
		}
	}
	slices.Sort(out)
	if len(out) > MaxCodes {
		out = out[:MaxCodes]
	}
	return out
}
