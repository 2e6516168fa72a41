package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/store"
)

// syncBuffer is a log destination that handlers may write concurrently.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// codeEnv is a workshop with a roster student, whose requests come from
// the networks a test names (through a trusted proxy), on a clock the
// test moves.
type codeEnv struct {
	*testEnv
	clock *manualClock
	logs  *syncBuffer
	code  string // the roster student's personal code
}

func newCodeEnv(t *testing.T) *codeEnv {
	t.Helper()
	lim := FailureLimit{Max: 3, GlobalMax: 10, Window: time.Minute}
	clock := &manualClock{t: time.Unix(1_000_000, 0)}
	logs := &syncBuffer{}
	e := newTestEnv(t, Config{
		JoinCode: "ROOM-1", Clock: clock, TrustedProxies: []string{"192.0.2.1"},
		JoinCodeLimit: lim, ResumeCodeLimit: lim,
		Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}, asWorkshop())
	if _, _, err := e.store.ImportRoster(t.Context(), []store.RosterStudent{{StudentID: "s1", Name: "Ada"}}); err != nil {
		t.Fatal(err)
	}
	ada, err := e.store.LearnerByStudentID(t.Context(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	return &codeEnv{testEnv: e, clock: clock, logs: logs, code: ada.ResumeCode}
}

// resume posts a resume code from addr; link opens a personal link;
// join posts the join code.
func (e *codeEnv) resume(t *testing.T, addr, code string) int {
	return e.do(t, "POST", "/en/progress/resume", strings.NewReader(url.Values{"code": {code}}.Encode()),
		"Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-For", addr).Code
}

func (e *codeEnv) link(t *testing.T, addr, code string) int {
	return e.do(t, "GET", "/en/join?student="+url.QueryEscape(code), nil, "X-Forwarded-For", addr).Code
}

func (e *codeEnv) join(t *testing.T, addr, code string) int {
	return e.do(t, "POST", "/en/join", strings.NewReader(url.Values{"code": {code}, "name": {"Eve " + addr}}.Encode()),
		"Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-For", addr).Code
}

// Many networks guessing exhaust the bound overall, and the right code
// from a network that has not failed still gets in at once; a network that
// guessed is refused, its own right code too, until its burst is over. An
// IPv6 /64 is one network.
func TestCodesCannotLockTheRoomOut(t *testing.T) {
	t.Parallel()
	e := newCodeEnv(t)
	for _, way := range []struct {
		name  string
		try   func(t *testing.T, addr, code string) int
		right string
		ok    int
		wrong int
	}{
		{"resume form", e.resume, e.code, http.StatusSeeOther, http.StatusBadRequest},
		{"personal link", e.link, e.code, http.StatusOK, http.StatusNotFound},
		{"join code", e.join, "ROOM-1", http.StatusSeeOther, http.StatusForbidden},
	} {
		t.Run(way.name, func(t *testing.T) {
			var got []int
			for i := range 4 { // 4 networks x 3 wrong codes: past the bound overall (10)
				for range 3 {
					got = append(got, way.try(t, "10.0."+itoa(i)+".1", "ZZZZ-ZZZZ"))
				}
			}
			got = append(got,
				way.try(t, "10.0.0.1", way.right), // guessed: refused
				way.try(t, "10.9.9.9", way.right), // has not failed: in
				way.try(t, "2001:db8::1", "ZZZZ-ZZZZ"),
				way.try(t, "2001:db8::2", way.right),     // same /64 under pressure: one try
				way.try(t, "2001:db8:0:1::1", way.right), // another /64
			)
			want := []int{}
			for range 10 {
				want = append(want, way.wrong)
			}
			// the fourth network's second try is past the bound overall
			want = append(want, http.StatusTooManyRequests, http.StatusTooManyRequests)
			want = append(want, http.StatusTooManyRequests, way.ok, way.wrong, http.StatusTooManyRequests, way.ok)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("answers (-want +got):\n%s", diff)
			}
			e.clock.advance(time.Minute)
			if got := way.try(t, "10.0.0.1", way.right); got != way.ok {
				t.Errorf("the guessing network's right code after its burst = %d, want %d", got, way.ok)
			}
		})
	}
	logs := e.logs.String()
	for _, want := range []string{
		`level=WARN msg="wrong resume code" network=10.0.2.1 way=form failures_in_burst=3`,
		`level=WARN msg="wrong resume code" network=2001:db8::/64 way=link failures_in_burst=1`,
		`level=WARN msg="wrong join code" network=10.0.0.1 way=form failures_in_burst=1`,
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("the logs do not say %q:\n%s", want, logs)
		}
	}
}
