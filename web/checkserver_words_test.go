package web

import (
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

// The check page speaks of the learner's server, not of the playground's
// client: the diagram's lanes are the playground (client) and "your
// server"; the playground's own messages that break a rule on purpose are
// said to be on purpose; a faulty handshake is not followed by a
// notifications/initialized the conversation would blame on the client; a
// step the revision does not have is not listed, and the reason the rest
// was skipped is said once.
func TestCheckServerBlamesTheServer(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	wrongID := gifttest.URL(t, mockserver.Config{Mistake: mockserver.MistakeWrongID})
	gift := gifttest.URL(t, mockserver.Config{})
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			x := i18n.CheckServerFor(l)
			b := newBrowser(t, e.serve(t))
			r := b.postForm("/"+string(l)+"/check-server", url.Values{"url": {wrongID}, "exercise": {"tools-server-gift-server"}, "protocol": {"2025-11-25"}})
			mustContain(t, "lanes", r.body, escapeText(x.DiagramClient), escapeText(x.DiagramServer))
			for _, bad := range []string{"initialized-early", "notifications/initialized", escapeText(i18n.ConsoleFor(l).DiagramLearner), `data-step="budget-string-2025-06-18"`} {
				if strings.Contains(r.body, bad) {
					t.Errorf("the page holds %q", bad)
				}
			}
			reason := `</span> </p><p class="muted small">` // a step's head, then its reason
			if n := strings.Count(r.body, reason); n != 1 {
				t.Errorf("the skip reason is said %d times, want once", n)
			}
			r = b.postForm("/"+string(l)+"/check-server", url.Values{"url": {gift}, "exercise": {"tools-server-gift-server"}, "protocol": {"2025-11-25"}})
			mustContain(t, "on purpose", r.body, escapeText(x.OnPurpose), escapeText(x.OnPurposeLabel))
			if strings.Contains(r.body, `<code class="tl-code">mcp.method.unknown</code>`) || strings.Contains(r.body, "tl-report-ko") {
				t.Error("the playground's own unknown method is reported as a problem")
			}
		})
	}
}

// A closed port on loopback says nothing is listening there, in words.
// Not parallel: the port must stay closed, and a test beside this one
// could be given it for a listener of its own.
func TestCheckServerClosedPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	e := newTestEnv(t, Config{})
	want := map[i18n.Lang]string{
		i18n.EN: "nothing is listening on " + addr + " — is your server running?",
		i18n.FR: "rien n’écoute sur " + addr + " — votre serveur est-il lancé\u00a0?",
	}
	for _, l := range i18n.All {
		b := newBrowser(t, e.serve(t))
		r := b.postForm("/"+string(l)+"/check-server", url.Values{"url": {"http://" + addr + "/mcp"}})
		mustContain(t, string(l), r.body, escapeText(want[l]))
		if strings.Contains(r.body, "connect: connection refused") {
			t.Errorf("%s: a raw Go error on the page", l)
		}
	}
}
