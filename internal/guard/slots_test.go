package guard

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSlots: a key holds at most its bound, everyone together the bound
// overall, takeOverall counts only against the latter, and a release
// gives back one slot however often it is called.
func TestSlots(t *testing.T) {
	s := NewSlots(2, 3)
	var got []error
	take := func(key string) func() {
		release, err := s.Take(key)
		got = append(got, err)
		return release
	}
	a1 := take("a")
	take("a")
	take("a") // a's bound
	take("b")
	take("c") // everyone's bound
	a1()
	a1()
	take("c")
	_, err := s.takeOverall("a")
	got = append(got, err)
	want := []error{nil, nil, ErrKeySlots, nil, ErrAllSlots, nil, ErrAllSlots}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y error) bool { return x == y })); diff != "" {
		t.Errorf("takes (-want +got):\n%s", diff)
	}
}
