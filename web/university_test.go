package web

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/store/pgtest"
)

// TestMain gives the tests that ask for it (onPostgres) a throwaway
// PostgreSQL cluster; without one they skip.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// onPostgres puts the test's database on a fresh PostgreSQL schema.
func onPostgres() envOption {
	return func(s *envSetup) { s.postgres = true }
}

// eachEngine runs fn as a subtest against the real router on SQLite and on
// PostgreSQL, each with a fresh database.
func eachEngine(t *testing.T, cfg Config, fn func(t *testing.T, e *testEnv), opts ...envOption) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, newTestEnv(t, cfg, opts...)) })
	t.Run("postgres", func(t *testing.T) {
		pgtest.Require(t)
		fn(t, newTestEnv(t, cfg, append(opts, onPostgres())...))
	})
}

// joined is a learner's browser after joining the workshop by its code.
func joined(t *testing.T, base, code, name string) *browser {
	t.Helper()
	b := newBrowser(t, base)
	if r := joinForm(b, "en", code, name, ""); r.status != http.StatusSeeOther {
		t.Fatalf("join as %s = %d %s", name, r.status, r.body)
	}
	return b
}

// After a workshop reset, a new learner gets an id no one had and an empty
// console: never the session, timeline or draft of a learner of the old
// room (ids used to start again at 1 and the console registry is keyed by
// id).
func TestWorkshopResetGivesNewLearnersAFreshConsole(t *testing.T) {
	eachEngine(t, Config{JoinCode: "ROOM-1"}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ada := joined(t, base, "ROOM-1", "Ada")
		ada.send(strings.Replace(msgInitialize, `"name":"test"`, `"name":"ada-s-own-client"`, 1))
		if x, _ := ada.exchange(); len(x.Exchange) == 0 {
			t.Fatal("Ada's console holds nothing after a message")
		}
		old, err := e.store.Learners(t.Context())
		if err != nil || len(old) != 1 {
			t.Fatalf("learners before the reset: %v, %v", old, err)
		}
		ins := newBrowser(t, base)
		signIn(t, ins, testToken)
		r := ins.do("POST", "/instructor/reset", "application/x-www-form-urlencoded", "confirm=yes", "Origin", base)
		if r.status != http.StatusSeeOther {
			t.Fatalf("workshop reset = %d %s", r.status, r.body)
		}
		if n := e.srv.consoles.Count(); n != 0 {
			t.Errorf("%d console sessions survive the workshop reset", n)
		}
		bob := joined(t, base, "ROOM-1", "Bob")
		if x, raw := bob.exchange(); len(x.Exchange) != 0 {
			t.Errorf("Bob, new after the reset, sees a console with %d messages: %s", len(x.Exchange), raw)
		}
		if page := bob.get("/en/console"); strings.Contains(page.body, "ada-s-own-client") {
			t.Errorf("Bob's console page shows an earlier learner's message")
		}
		now, err := e.store.Learners(t.Context())
		if err != nil || len(now) != 1 {
			t.Fatalf("learners after the reset: %v, %v", now, err)
		}
		if now[0].ID == old[0].ID {
			t.Errorf("Bob got Ada's learner id %d after the reset", old[0].ID)
		}
	}, asWorkshop())
}
