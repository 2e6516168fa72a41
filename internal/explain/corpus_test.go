package explain

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/logimport"
)

// corpusCase is what one fixture of the corpus must give: it reproduces
// the shape of a real client's log (written for the project: no real
// names or paths) and, for the failures, what the client saw.
type corpusCase struct {
	file    string
	format  logimport.Format
	senders string   // one letter a message: c client, s server; * inferred
	want    []string // the error and warning findings: the real problems, nothing else
	convs   int      // conversations, when more than one
	bad     bool     // the verdict is "something is wrong"
	rev     string   // the revision explained, when it matters
}

// corpus lists the fixtures of testdata/corpus and the existing fixtures
// of logimport.
var corpus = []corpusCase{
	{file: "corpus/vscode-ok.log", format: "vscode", senders: "csccs"},
	{file: "corpus/vscode-exited.log", format: "vscode", senders: "cscc", want: []string{"log.server-exited", "session.request.unanswered"}, bad: true},
	{file: "corpus/cursor-noise.log", format: "cursor", want: []string{"log.stdout-noise"}, bad: true},
	{file: "corpus/cursor-timeout.log", format: "cursor", want: []string{"log.client-timeout"}, bad: true},
	{file: "corpus/windsurf-deadline.log", format: "windsurf", want: []string{"log.client-timeout"}, bad: true},
	{file: "corpus/cline-closed.log", format: "cline", want: []string{"log.server-exited"}, bad: true},
	{file: "corpus/zed-ok.log", format: "zed", senders: "csccs"},
	{file: "corpus/claude-code-debug.log", format: "claude-code", want: []string{"log.server-exited"}, bad: true},
	{file: "corpus/claude-code-cache.json", format: "claude-code", want: []string{"log.client-timeout"}, bad: true},
	{file: "corpus/gemini-noise.log", format: "gemini", want: []string{"log.stdout-noise"}, bad: true},
	{file: "corpus/mcp-remote-ok.log", format: "mcp-remote", senders: "csccs"},
	{file: "corpus/mcp-remote-two-runs.log", format: "mcp-remote", senders: "csccsccs", convs: 2},
	{file: "corpus/inspector-console.log", format: "inspector-console", want: []string{"log.server-exited"}, bad: true},
	{file: "corpus/python-logging.log", format: "prefixed", senders: "c*s*c*c*s*"},
	{file: "corpus/go-sdk-logging.log", format: "prefixed", senders: "c*s*c*c*s*"},
	{file: "corpus/rust-tracing-panic.log", format: "prefixed", senders: "c*s*c*c*", want: []string{"log.server-crashed", "session.request.unanswered"}, bad: true},
	{file: "corpus/slog-text.log", format: "prefixed", senders: "c*s*c*"},
	{file: "corpus/python-sdk-objects.log", format: "prefixed", senders: "cs*ccs*"},
	{file: "corpus/python-server-repeats.log", format: "prefixed", senders: "c*s*c*"},
	{file: "corpus/prefix-words.log", format: "prefixed", senders: "csccsc*s*"},
	{file: "corpus/bracket-date.log", format: "prefixed", senders: "c*s*c*"},
	{file: "corpus/shape-only.log", format: "prefixed", senders: "c*s*c*c*s*"},
	{file: "corpus/stdio-unanswered.txt", format: "stdio", senders: "c*s*c*c*", want: []string{"session.request.unanswered"}, bad: true},
	{file: "corpus/stdio-cancel-timeout.txt", format: "stdio", senders: "c*s*c*c*c*", want: []string{"log.client-timeout"}, bad: true},
	{file: "corpus/stdio-before-handshake.txt", format: "stdio", senders: "s*c*s*c*", want: []string{"session.lifecycle.before-initialize"}, bad: true},
	{file: "corpus/stdio-notification-error.txt", format: "stdio", senders: "c*s*c*s*c*s*", want: []string{"session.response.to-notification"}, bad: true},
	{file: "corpus/closed-stream-2026.har", format: "har", senders: "c", rev: "2026-07-28"},
	{file: "corpus/stdio-panic.txt", format: "stdio", senders: "c*s*c*c*", want: []string{"log.server-crashed", "session.request.unanswered"}, bad: true},
	{file: "corpus/stdio-powershell-utf16.txt", format: "stdio", senders: "c*s*c*c*s*"},
	{file: "corpus/two-processes-stdio.txt", format: "stdio", senders: "c*s*c*c*s*c*s*c*", convs: 2},
	{file: "corpus/claude-exited.log", format: "claude", senders: "c", want: []string{"log.server-exited", "session.request.unanswered"}, bad: true},
	{file: "corpus/sse-legacy-2024.txt", format: "sse", senders: "csccs", rev: "2024-11-05"},
	{file: "corpus/http-sse-2024.har", format: "har", senders: "csccs", rev: "2024-11-05"},
	{file: "corpus/unknown-revision.txt", format: "stdio", senders: "c*s*c*c*s*", want: []string{"log.revision-unknown"}, rev: "2024-11-05"},
	{file: "console-export.jsonl", format: "jsonl", bad: true},
	{file: "stdio-interleaved.txt", format: "stdio", want: []string{"log.stdout-noise", "log.truncated"}, bad: true},
	{file: "inspector-protocol.json", format: "inspector", want: []string{"log.client-rejected", "session.request.unanswered"}, bad: true},
	{file: "claude-mcp-server-gift.log", format: "claude", want: []string{"log.stdout-noise"}, bad: true},
	{file: "claude-mcp.log", format: "claude", want: []string{"log.truncated", "session.capability.server-undeclared", "session.lifecycle.initialized-missing"}, bad: true},
	{file: "gift-session.har", format: "har", want: []string{"log.http.accept", "log.http.not-202", "log.http.origin-accepted", "log.http.protocol-version-missing", "log.http.session-id-missing", "session.request.unanswered"}, bad: true},
	{file: "modern-session.har", format: "har", want: []string{"log.http.method-header", "log.http.name-header", "log.http.protocol-version-mismatch"}, bad: true},
}

// TestCorpus explains every fixture of the corpus as a learner would
// bring it: the format, the messages and their senders, the real
// problems and no false alarm, and a verdict that agrees with them. With
// -v it logs the figures of issue 20's table.
func TestCorpus(t *testing.T) {
	var formats, msgs, alarms, found, wanted, verdicts int
	for _, c := range corpus {
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "logimport", "testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Explain(src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Format == string(c.format) {
				formats++
			} else {
				t.Errorf("format %s, want %s", r.Format, c.format)
			}
			msgs += len(r.Messages)
			if c.senders != "" || len(r.Messages) == 0 {
				if got := senders(r); got != c.senders {
					t.Errorf("senders %q, want %q", got, c.senders)
				}
			}
			got := problems(r)
			wanted += len(c.want)
			alarms, found = alarms+falseAlarms(got, c.want), found+foundOf(got, c.want)
			if judged(t, r, got, c.want, c.bad, c.rev, c.convs) {
				verdicts++
			}
		})
	}
	t.Logf("formats recognised %d/%d; messages found %d; false alarms %d; real problems found %d/%d; right verdicts %d/%d",
		formats, len(corpus), msgs, alarms, found, wanted, verdicts, len(corpus))
}

// TestCorpusNothing is a text with no MCP message in it: an error that
// says so and lists the formats.
func TestCorpusNothing(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "logimport", "testdata", "corpus", "nothing.txt"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Explain(src, Options{})
	if !errors.Is(err, logimport.ErrNoMessages) || !strings.Contains(err.Error(), "vscode") {
		t.Errorf("err = %v, want ErrNoMessages listing the formats", err)
	}
}

func senders(r *Report) string {
	var b strings.Builder
	for _, m := range r.Messages {
		switch m.From {
		case grader.SenderClient:
			b.WriteByte('c')
		case grader.SenderServer:
			b.WriteByte('s')
		default:
			b.WriteByte('?')
		}
		if m.Inferred {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// problems are the codes of the findings of severity error or warning,
// sorted, each once.
func problems(r *Report) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Severity == grader.SeverityError || f.Severity == grader.SeverityWarning {
			out = append(out, f.Code)
		}
	}
	return sorted(out)
}

func sorted(xs []string) []string {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

// falseAlarms counts the problems found that are not wanted.
func falseAlarms(got, want []string) int {
	n := 0
	for _, code := range got {
		if !slices.Contains(want, code) {
			n++
		}
	}
	return n
}

// foundOf counts the problems wanted that were found.
func foundOf(got, want []string) int {
	n := 0
	for _, code := range want {
		if slices.Contains(got, code) {
			n++
		}
	}
	return n
}

// judged holds an explained log of a corpus to its case: its problems,
// revision and conversations; it reports whether the verdict is right.
func judged(t *testing.T, r *Report, got, want []string, bad bool, rev string, convs int) bool {
	t.Helper()
	if d := cmp.Diff(sorted(want), got); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if rev != "" && r.Protocol != rev {
		t.Errorf("revision %s, want %s", r.Protocol, rev)
	}
	if n := max(len(r.Conversations), 1); convs > 0 && n != convs {
		t.Errorf("%d conversations, want %d", n, convs)
	}
	if r.OK() == bad {
		t.Errorf("verdict OK=%v, want %v", r.OK(), !bad)
		return false
	}
	return true
}
