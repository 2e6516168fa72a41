package guard

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// countingBody counts what is read of it.
type countingBody struct {
	io.Reader
	n int
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.Reader.Read(p)
	b.n += n
	return n, err
}

func (b *countingBody) Close() error { return nil }

// TestHeavy: while a client holds its slot, its next heavy request is
// refused as its own ("mine") and another client's is served up to the
// bound overall, then refused as the server's; a refused request's body
// is drained up to Drain; once the slots are given back, the client is
// served again.
func TestHeavy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		type refusal struct {
			Mine  bool
			Retry time.Duration
		}
		var (
			mu      sync.Mutex
			refused []refusal
		)
		release := make(chan struct{})
		h := Heavy(HeavyConfig{
			Gate:   NewHeavyGate(HeavyLimit{PerLearner: 1, Overall: 2, RetryAfter: 5 * time.Second}),
			Client: headerClient,
			Refuse: func(w http.ResponseWriter, _ *http.Request, mine bool, retry time.Duration) {
				mu.Lock()
				refused = append(refused, refusal{mine, retry})
				mu.Unlock()
				w.WriteHeader(http.StatusServiceUnavailable)
			},
			Drain: 100,
		})(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			if r.Header.Get("X-Hold") != "" {
				<-release
			}
		}))
		send := func(learner string, hold bool, body *countingBody) int {
			req := httptest.NewRequest("POST", "/explain", nil)
			if body != nil {
				req.Body = body
			}
			req.Header.Set("X-Learner", learner)
			if hold {
				req.Header.Set("X-Hold", "1")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec.Code
		}
		var wg sync.WaitGroup
		for _, l := range []string{"a", "b"} {
			wg.Go(func() { send(l, true, nil) })
		}
		synctest.Wait() // both hold their slot
		time.Sleep(2 * time.Second)
		big := &countingBody{Reader: strings.NewReader(strings.Repeat("x", 1000))}
		got := []int{send("a", false, big), send("c", false, nil)}
		close(release)
		wg.Wait()
		got = append(got, send("a", false, nil))
		if diff := cmp.Diff([]int{503, 503, 200}, got); diff != "" {
			t.Errorf("statuses (-want +got):\n%s", diff)
		}
		want := []refusal{{true, 3 * time.Second}, {false, 3 * time.Second}}
		if diff := cmp.Diff(want, refused); diff != "" {
			t.Errorf("refusals (-want +got):\n%s", diff)
		}
		if big.n != 100 {
			t.Errorf("%d bytes of the refused body drained, want 100", big.n)
		}
	})
}
