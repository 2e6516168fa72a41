package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// headerClient counts a request for the learner its X-Learner header
// names, or for its address; "fail" is a failure the callback answers.
func headerClient(w http.ResponseWriter, r *http.Request) (Client, bool) {
	switch l := r.Header.Get("X-Learner"); l {
	case "fail":
		w.WriteHeader(http.StatusInternalServerError)
		return Client{}, false
	case "":
		return Client{Key: "ip:" + AddrKey(remoteIP(r))}, true
	default:
		return Client{Key: "learner:" + l, Known: true}, true
	}
}

// TestRate: a client spends its bucket's burst, is refused with the wait
// until a token is back, and is served again once the clock (synctest's)
// has moved; a learner and an address have buckets of their own.
func TestRate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		type answer struct {
			Status int
			Retry  time.Duration
		}
		var retry time.Duration
		h := Rate(RateConfig{
			Client:    headerClient,
			Known:     NewLimiter(RateLimit{PerSecond: 1, Burst: 2}),
			Anonymous: NewLimiter(RateLimit{PerSecond: 0.5, Burst: 1}),
			Refuse: func(w http.ResponseWriter, _ *http.Request, wait time.Duration) {
				retry = wait
				w.WriteHeader(http.StatusTooManyRequests)
			},
		})(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		send := func(learner string) answer {
			retry = 0
			req := httptest.NewRequest("POST", "/", nil)
			req.Header.Set("X-Learner", learner)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return answer{rec.Code, retry}
		}
		got := []answer{send("1"), send("1"), send("1"), send("2"), send(""), send(""), send("fail")}
		time.Sleep(time.Second)
		got = append(got, send("1"), send("1"), send(""))
		want := []answer{
			{200, 0}, {200, 0}, {429, time.Second}, // the learner's burst of two, then one a second
			{200, 0},                         // another learner
			{200, 0}, {429, 2 * time.Second}, // an address: a burst of one, one per two seconds
			{500, 0},                     // the callback's own failure
			{200, 0}, {429, time.Second}, // a second later: one token back
			{429, time.Second}, // the address: half a token back
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("answers (-want +got):\n%s", diff)
		}
	})
}
