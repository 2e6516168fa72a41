package exercise

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mcpplayground/playground/internal/i18n"
)

const logInit = `{"from":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}}
{"from":"server","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}
{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/initialized"}}
{"from":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}
{"from":"server","message":{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}}
{"from":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}
{"from":"server","message":{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}}`

func logFile(checks, log string) string {
	return file("kind: log\nchoices:\n  - session.id.reused\n  - value: mcp.field.missing\n    label: {en: A member is missing, fr: Il manque un membre}\nchecks:\n"+checks,
		"# Log\n\n"+fence+"jsonl\n"+log+"\n"+fence+"\n"+text)
}

const plantedReuse = "  - answer: session.id.reused\n    item: 6\n    feedback: {en: Look up the log.}\n"

func TestLogExercise(t *testing.T) {
	ex := mustLoad(t, logFile(plantedReuse, logInit))
	if ex.Items() != 7 || ex.LogFromLabel(5) != "client → server" || ex.LogFromLabel(6) != "server → client" {
		t.Fatalf("items %d, senders %q %q", ex.Items(), ex.LogFromLabel(5), ex.LogFromLabel(6))
	}
	var values []string
	for _, ch := range ex.TextIn(i18n.EN).Choices {
		values = append(values, ch.Value+" "+string(ch.Label))
	}
	if diff := cmp.Diff([]string{"ok Nothing wrong", "session.id.reused Request id already used <code>session.id.reused</code>", "mcp.field.missing A member is missing"}, values); diff != "" {
		t.Errorf("choices (-want +got):\n%s", diff)
	}
	want := `{"answers":["ok","ok","ok","ok","ok","session.id.reused","ok"]}`
	if ex.Solutions[0] != want {
		t.Errorf("solution %s", ex.Solutions[0])
	}
	cases := []struct {
		answer string
		pass   bool
		failed []string
	}{
		{want, true, nil},
		{`{"answers":["ok","ok","ok","ok","ok","mcp.field.missing","ok"]}`, false, []string{"answer:6"}},
		{`{"answers":["ok","ok","ok","ok","ok","ok","ok"]}`, false, []string{"answer:6"}},
		{`{"answers":["ok","ok","ok","session.id.reused","ok","session.id.reused","ok"]}`, false, []string{"answer:4"}},
	}
	for _, c := range cases {
		res := ex.Grade(c.answer, i18n.EN)
		if res.Passed != c.pass || !cmp.Equal(failed(res), c.failed, cmpopts.EquateEmpty()) {
			t.Errorf("%s: passed %v, failed %v", c.answer, res.Passed, failed(res))
		}
	}
	res := ex.Grade(`{"answers":["ok","ok","ok","session.id.reused","ok","session.id.reused","ok"]}`, i18n.EN)
	if fb := result(t, res, "answer:4").Feedback; !strings.Contains(fb, "Nothing is wrong with this message") {
		t.Errorf("feedback on a message marked wrongly: %q", fb)
	}
	if errs := ex.lint(Course{}); len(errs) != 0 {
		t.Errorf("lint: %v", errs)
	}
}

// check-content proves the planted mistakes with the conversation checker.
func TestLogExerciseLint(t *testing.T) {
	cases := []struct {
		name, checks, log, want string
	}{
		{"a mistake planted where there is none", "  - answer: session.id.reused\n    item: 5\n", logInit,
			"message 5 is meant to break session.id.reused and nothing else, but the conversation checker finds nothing there"},
		{"a mistake not planted", "  - answer: mcp.field.missing\n    item: 7\n", logInit,
			"message 6 is meant to have nothing wrong, but the conversation checker finds session.id.reused there"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex := mustLoad(t, logFile(c.checks, c.log))
			var got []string
			for _, e := range ex.lint(Course{}) {
				got = append(got, e.Error())
			}
			if !strings.Contains(strings.Join(got, "\n"), c.want) {
				t.Errorf("lint lacks %q:\n%s", c.want, strings.Join(got, "\n"))
			}
		})
	}
}

func TestLogExerciseLoadErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"no sender", logFile(plantedReuse, strings.Replace(logInit, `{"from":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, 1)), "say who sent this message"},
		{"a choice that is no rule", strings.Replace(logFile(plantedReuse, logInit), "  - session.id.reused\n", "  - reused\n", 1), `choice "reused": a log exercise's choice is the code of a rule`},
		{"no planted mistake", logFile("  - answer: ok\n    item: 2\n", logInit), "remove this check"},
		{"no log", file("kind: log\nchoices: [session.id.reused]\nchecks:\n"+plantedReuse, text), "needs a # Log section"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs := load(map[string]string{"x.md": c.src})
			if !strings.Contains(strings.Join(errs, "\n"), c.want) {
				t.Errorf("errors lack %q:\n%s", c.want, strings.Join(errs, "\n"))
			}
		})
	}
}
