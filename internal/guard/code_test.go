package guard

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestCodeGuard: a network is refused past its wrong codes in a window;
// past the bound overall, only the networks that failed are refused; the
// window's end forgives; each wrong code is a warning naming the network.
func TestCodeGuard(t *testing.T) {
	var logs bytes.Buffer
	g := NewCodeGuard("join code", FailureLimit{Max: 2, GlobalMax: 3, Window: time.Minute},
		slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{ReplaceAttr: dropTime})))
	t0 := time.Unix(1_000_000, 0)
	type step struct {
		at   time.Duration
		addr string
		fail bool // a wrong code, else: may it try?
	}
	var got []bool
	for _, s := range []step{
		{0, "10.0.0.1", true}, {0, "10.0.0.1", false}, {0, "10.0.0.1", true}, {0, "10.0.0.1", false},
		{0, "2001:db8::1", true}, // the bound overall is reached
		{0, "2001:db8::2", false}, {0, "10.0.0.2", false},
		{time.Minute, "10.0.0.1", false},
	} {
		if s.fail {
			g.Fail(s.addr, "form", t0.Add(s.at))
			continue
		}
		got = append(got, g.Allow(s.addr, t0.Add(s.at)))
	}
	if diff := cmp.Diff([]bool{true, false, false, true, true}, got); diff != "" {
		t.Errorf("allowed: after one failure, after two, the same /64 past the bound overall, a network that never failed, after the window (-want +got):\n%s", diff)
	}
	want := []string{
		`level=WARN msg="wrong join code" network=10.0.0.1 way=form failures_in_burst=1 failures_overall=1`,
		`level=WARN msg="wrong join code" network=10.0.0.1 way=form failures_in_burst=2 failures_overall=2`,
		`level=WARN msg="wrong join code" network=2001:db8::/64 way=form failures_in_burst=1 failures_overall=3`,
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSpace(logs.String()), "\n")); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

func dropTime(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}
