package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestHeavyLimit: explains held at once are bounded per learner (here an
// address without a learner) and overall; past a bound the request is
// refused before its body is read, with 503, a Retry-After and a message
// in the learner's language that says which bound it met.
func TestHeavyLimit(t *testing.T) {
	e := newTestEnv(t, Config{TrustedProxies: []string{"127.0.0.1"}, HeavyLimit: HeavyLimit{PerLearner: 2, Overall: 3, RetryAfter: 7 * time.Second}})
	base := strings.TrimPrefix(e.serve(t), "http://")
	// held starts an explain whose body never comes: the server's 100
	// Continue says the request is past the limit and reading its body.
	held := func(from string) {
		c, err := net.Dial("tcp", base)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(30 * time.Second))
		fmt.Fprintf(c, "POST /api/explain HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n", from)
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
			t.Fatalf("held explain from %s: %q, %v; want 100 Continue", from, line, err)
		}
	}
	type answer struct {
		Status     int
		RetryAfter string
		Error      string
	}
	try := func(from, lang string) answer {
		req, _ := http.NewRequest("POST", "http://"+base+"/api/explain?lang="+lang, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("X-Forwarded-For", from)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Error string }
		if resp.StatusCode != http.StatusOK {
			_ = json.NewDecoder(resp.Body).Decode(&body)
		}
		return answer{resp.StatusCode, resp.Header.Get("Retry-After"), body.Error}
	}
	if a := try("192.0.2.9", "en"); a.Status != http.StatusOK {
		t.Fatalf("an explain with every slot free = %+v, want 200", a)
	}
	held("192.0.2.1")
	held("192.0.2.1")
	got := []answer{try("192.0.2.1", "fr")}
	held("192.0.2.2")
	got = append(got, try("192.0.2.3", "en"))
	want := []answer{
		{503, "7", fmt.Sprintf(i18n.WorkshopFor(i18n.FR).BusyMine, 7)},
		{503, "7", fmt.Sprintf(i18n.WorkshopFor(i18n.EN).BusyHeavy, 7)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("refusals (-want +got):\n%s", diff)
	}
}
