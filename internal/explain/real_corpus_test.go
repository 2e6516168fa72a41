package explain

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/logimport"
)

// shapeCase is what one log of testdata/corpus/shapes must give. Those logs
// were written for the project after the shape of logs that real clients
// and servers wrote, as people pasted them in public issues (the folder's
// README cites each issue and says what the shape shows and what was
// changed). What each must give is what the person who pasted the
// original needed to read: the format, every message with its sender, the
// problem of the issue, no false alarm, and no line of the client's own
// put on the server's stderr.
type shapeCase struct {
	file    string
	format  logimport.Format
	senders string   // one letter a message: c client, s server; * inferred
	want    []string // the errors and warnings, the messages' own included: the real problems, nothing else
	convs   int      // conversations, when more than one
	bad     bool     // the verdict is "something is wrong"
	rev     string   // the revision explained, when it matters
	stderr  int      // lines named the server's stderr
	// err is the error of a log that holds no message to explain
	// (logimport.ErrNoMessages, or ErrSDKObjects where it names them
	// otherwise than as JSON).
	err error
	// life is the lifecycle events' kinds, when it matters.
	life string
}

// shapesCorpus: where a problem is a consequence of where the excerpt stops
// (a request whose answer the log held further on), it is still
// what the excerpt shows, and listed.
var shapesCorpus = []shapeCase{
	// The server's banner on stdout, with Claude Desktop's stack printed
	// over several lines: the client's, not the server's stderr. The
	// client started it twice (two initialize, two conversations).
	{file: "claude-desktop-firecrawl-dotenv.log", format: "claude", senders: "cc", convs: 2, rev: "2025-06-18",
		want: []string{"log.stdout-noise", "session.request.unanswered"}, bad: true},
	{file: "claude-desktop-turso-dotenv.log", format: "claude", senders: "c", rev: "2025-06-18",
		want: []string{"log.stdout-noise", "session.request.unanswered"}, bad: true},
	{file: "claude-desktop-fabric-please-set.log", format: "claude", senders: "c", rev: "2025-06-18",
		want: []string{"log.stdout-noise", "session.request.unanswered"}, bad: true},
	{file: "claude-desktop-cloudflare-please-set.log", format: "claude", senders: "c", rev: "2024-11-05",
		want: []string{"log.stdout-noise", "session.request.unanswered"}, bad: true},
	// Node's other JSON.parse complaint quotes stdout noise too.
	{file: "claude-desktop-db-timetable-array.log", format: "claude", senders: "c", rev: "2024-11-05",
		want: []string{"log.stdout-noise", "session.request.unanswered"}, bad: true},
	{file: "claude-desktop-desktop-commander-timeout.log", format: "claude", senders: "cc",
		want: []string{"log.client-timeout", "log.stdout-noise", "session.request.unanswered"}, bad: true},
	// Messages named without their JSON: nothing to judge, and no invalid
	// message made of them.
	{file: "claude-desktop-blender-summaries.log", format: "claude", life: "connected"},
	{file: "claude-desktop-mcpb-hello-world.log", format: "claude", want: []string{"log.server-exited"}, bad: true},
	{file: "claude-desktop-weather-tutorial.log", format: "claude", want: []string{"log.server-exited"}, bad: true},
	// The tools shortened by hand are not the server's invalid JSON; the
	// reporter's own headings, without a header, read as stderr (2).
	{file: "claude-desktop-windows-mcp-elided.log", format: "claude", senders: "s", stderr: 2,
		want: []string{"log.elided", "log.server-exited"}, bad: true},
	{file: "claude-desktop-mcp-remote-closed.log", format: "claude", want: []string{"log.server-exited"}, bad: true},
	// 27 lines of the client's record, then the server's banner (stderr).
	{file: "claude-desktop-hexstrike-metadata.log", format: "claude", senders: "c", rev: "2025-06-18", stderr: 2,
		want: []string{"session.request.unanswered"}, bad: true},
	{file: "claude-desktop-codemcp-late-answer.log", format: "claude", senders: "scscscss", stderr: 1},
	{file: "claude-code-cache-connection-closed.json", format: "claude-code", want: []string{"log.server-exited"}, bad: true},
	{file: "claude-code-debug-mindpilot-stderr.log", format: "claude-code", stderr: 4},
	{file: "cursor-browsermcp-client-closed.log", format: "cursor", want: []string{"log.server-exited"}, bad: true},
	{file: "cursor-browser-tools-stdout.log", format: "cursor", want: []string{"log.stdout-noise"}, bad: true},
	{file: "cursor-siyuan-v2.log", format: "cursor", want: []string{"log.stdout-noise"}, bad: true},
	{file: "cursor-mysql-stderr-closed.log", format: "cursor", stderr: 2, want: []string{"log.server-exited"}, bad: true},
	// VS Code at info level logs no message: its lifecycle is explained.
	{file: "vscode-obot-setlevel.log", format: "vscode", life: "started connected"},
	// The body of the server's HTTP answer VS Code quotes: the server's,
	// and nothing wrong, as the maintainers said.
	{file: "vscode-azure-async-stream.log", format: "vscode", senders: "s"},
	{file: "vscode-client-says.log", format: "vscode", senders: "cs"},
	{file: "vscode-taskfile-initialize.log", format: "vscode", senders: "c", rev: "2025-11-25",
		want: []string{"session.request.unanswered"}, bad: true},
	{file: "zed-rails-timeout.log", format: "zed", want: []string{"log.client-timeout"}, bad: true},
	{file: "windsurf-axiom-deadline.log", format: "windsurf", want: []string{"log.client-timeout"}, bad: true},
	{file: "gemini-cli-connection-closed.log", format: "gemini", want: []string{"log.server-exited"}, bad: true},
	{file: "gemini-cli-box.log", format: "gemini", want: []string{"log.server-exited"}, bad: true},
	{file: "inspector-genkit-stdout.log", format: "inspector-console", want: []string{"log.stdout-noise"}, bad: true},
	{file: "mcp-remote-oauth-stack.log", format: "mcp-remote"},
	// "SERVER -" is what goes to the server: no wrong direction.
	{file: "pycharm-alpaca-stopped.log", format: "prefixed", senders: "c*s*c*c*", rev: "2024-11-05",
		want: []string{"session.request.unanswered"}, bad: true},
	{file: "python-sdk-client-initialize-hangs.log", format: "prefixed", senders: "c", rev: "2025-06-18",
		want: []string{"session.request.unanswered"}, bad: true},
	// The server said no handshake came: the log is not mid-session.
	{file: "stdio-python-before-initialize.txt", format: "prefixed", senders: "c*s*",
		want: []string{"session.lifecycle.before-initialize"}, bad: true},
	// A client this playground has no reader for: its lifecycle, read by
	// the lexicon every format shares.
	{file: "cpp-mcp-client-timeout.log", format: "client-log", want: []string{"log.client-timeout"}, bad: true, life: "started timed-out"},
	// The clients that write no message, only what failed: the
	// client's own lines (its advice, its config, its summary) are no
	// server's stdout.
	{file: "codex-cli-startup-timeout.log", format: "codex", want: []string{"log.client-timeout"}, bad: true},
	{file: "codex-cli-handshake-closed.log", format: "codex", want: []string{"log.server-exited"}, bad: true},
	{file: "amazon-q-cli-initialize-closed.log", format: "amazon-q", want: []string{"log.server-exited"}, bad: true},
	{file: "goose-process-exit-hermit.log", format: "goose", want: []string{"log.server-exited"}, bad: true},
	{file: "goose-builtin-panicked.log", format: "goose", want: []string{"log.server-crashed"}, bad: true},
	{file: "librechat-spawn-enoent.log", format: "librechat", want: []string{"log.server-exited"}, bad: true},
	// A config printed over several lines and capabilities printed as
	// JSON are no message; nothing failed.
	{file: "librechat-capabilities.log", format: "librechat", stderr: 1, life: "started connected tools-listed connected"},
	// The server's stderr at LM Studio's [ERROR] level is no failure.
	{file: "lm-studio-plugin-stderr.log", format: "lm-studio", stderr: 2},
	// The Java SDK quotes the server's stdout after its complaint.
	{file: "spring-ai-stdio-boot-banner.log", format: "java-sdk", want: []string{"log.stdout-noise"}, bad: true},
	// The Go SDK's words for stdout noise; the log file's JSON records
	// are no message.
	{file: "crush-initialize-trailing-data.log", format: "crush", want: []string{"log.stdout-noise"}, bad: true},
	// Copilot's own JSON-RPC (copilot/mcpTools) is not MCP.
	{file: "jetbrains-copilot-connection-closed.log", format: "jetbrains-copilot", want: []string{"log.server-exited"}, bad: true},
	// Issue 35's shapes. A client's log without a message is explained by
	// its lifecycle, read by the lexicon every format shares.
	{file: "cursor-2026-clean-start.log", format: "cursor", life: "started connected tools-listed"},
	{file: "cursor-reload-then-connected.log", format: "cursor", life: "restarted started connected tools-listed"},
	{file: "trae-call-closed.log", format: "trae", stderr: 1, want: []string{"log.server-exited"}, bad: true, life: "started exited"},
	{file: "client-log-spawn-enoent.log", format: "client-log", want: []string{"log.server-exited"}, bad: true, life: "started exited started"},
	{file: "client-log-rich-exit.log", format: "client-log", want: []string{"log.server-exited"}, bad: true, life: "started tools-listed exited"},
	// Previews the client cut itself: read as far as they go, no one
	// blamed, the revision from the initialize it holds.
	{file: "prefixed-preview-cut.log", format: "prefixed", senders: "c*s*c*c*s*c*s*", rev: "2025-03-26"},
	{file: "vscode-http-400-initialize.log", format: "vscode", want: []string{"log.server-refused"}, bad: true, life: "started refused"},
	{file: "zed-unhandled-json-noise.log", format: "zed", want: []string{"log.server-exited", "log.stdout-noise"}, bad: true, life: "started stdout-noise exited"},
	{file: "vscode-excerpt-mid-session-clean.log", format: "vscode", senders: "cs"},
	// A request printed as rmcp's Debug: said so, not an invalid message.
	{file: "rmcp-server-setlevel-debug.log", format: "prefixed", err: logimport.ErrSDKObjects},
}

// TestRealCorpus explains every log shaped as a real client wrote it, as
// the person who pasted the original would read the explanation. With -v
// it logs the figures of those logs, beside TestCorpus's.
func TestRealCorpus(t *testing.T) {
	var formats, msgs, alarms, found, wanted, verdicts, said, stderrWrong int
	for _, c := range shapesCorpus {
		wanted += len(c.want)
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "logimport", "testdata", "corpus", "shapes", c.file))
			if err != nil {
				t.Fatal(err)
			}
			res, readErr := logimport.Read(src, logimport.FormatAuto, logimport.Limits{})
			if res.Format == c.format {
				formats++
			} else {
				t.Errorf("format %s, want %s", res.Format, c.format)
			}
			r, err := Explain(src, Options{})
			if c.err != nil {
				if errors.Is(err, c.err) && errors.Is(readErr, c.err) {
					said++
					verdicts++
				} else {
					t.Errorf("err = %v, want %v", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			msgs += len(r.Messages)
			if c.life != "" {
				if got := lifeKinds(r); got != c.life {
					t.Errorf("lifecycle %q, want %q", got, c.life)
				}
			}
			if got := senders(r); got != c.senders {
				t.Errorf("senders %q, want %q", got, c.senders)
			}
			got := allProblems(r)
			alarms, found = alarms+falseAlarms(got, c.want), found+foundOf(got, c.want)
			if judged(t, r, got, c.want, c.bad, c.rev, c.convs) {
				verdicts++
			}
			n := 0
			for _, x := range r.Context {
				if x.Kind == logimport.ContextStderr {
					n++
				}
			}
			if n != c.stderr {
				stderrWrong += abs(n - c.stderr)
				t.Errorf("%d lines named the server's stderr, want %d", n, c.stderr)
			}
		})
	}
	noMsg := 0
	for _, c := range shapesCorpus {
		if c.err != nil {
			noMsg++
		}
	}
	t.Logf("logs shaped as real clients wrote them: formats recognised %d/%d; messages found %d; false alarms %d; real problems found %d/%d; right verdicts %d/%d; logs without a message said so %d/%d; lines wrongly named stderr %d",
		formats, len(shapesCorpus), msgs, alarms, found, wanted, verdicts, len(shapesCorpus), said, noMsg, stderrWrong)
}

// TestRealCorpusListsTheFolder: every log of testdata/corpus/shapes is in
// the table, and the other way round.
func TestRealCorpusListsTheFolder(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "logimport", "testdata", "corpus", "shapes", "*"))
	var onDisk, listed []string
	for _, f := range files {
		if filepath.Base(f) != "README.md" {
			onDisk = append(onDisk, filepath.Base(f))
		}
	}
	for _, c := range shapesCorpus {
		listed = append(listed, c.file)
	}
	if d := cmp.Diff(sorted(onDisk), sorted(listed)); d != "" {
		t.Errorf("testdata/corpus/shapes (-folder +table):\n%s", d)
	}
}

// allProblems are the codes of what the summary counts and the verdict
// weighs (Report.Problems: each message's own first error too, which
// TestCorpus's problems leaves out) and of the warnings, sorted, each
// once: a message wrongly called invalid is a false alarm as well.
func allProblems(r *Report) []string {
	var out []string
	for _, f := range r.Problems() {
		if f.Severity == grader.SeverityError || f.Severity == grader.SeverityWarning {
			out = append(out, f.Code)
		}
	}
	return sorted(out)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// lifeKinds are the kinds of a report's lifecycle events, spaced.
func lifeKinds(r *Report) string {
	var ks []string
	for _, e := range r.Lifecycle {
		ks = append(ks, e.Kind)
	}
	return strings.Join(ks, " ")
}
