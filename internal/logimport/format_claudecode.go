package logimport

import (
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Claude Code's MCP debug output: "claude --debug" (or --mcp-debug) writes
// lines naming the server, and its cache keeps each server's log as a JSON
// array of {"debug"|"error": text, "timestamp", "sessionId", "cwd"}.
//
//	[DEBUG] MCP server "gift": Starting connection with timeout of 30000ms
//	[ERROR] MCP server "gift" Connection failed: MCP error -32000: Connection closed
var claudeCodeWords = regexp.MustCompile(`MCP server "([^"]+)"`)

// claudeCodeHead is the [LEVEL] a Claude Code debug line may start with.
var claudeCodeHead = regexp.MustCompile(`^(?:\[(?P<level>DEBUG|INFO|WARN|ERROR)\] )?`)

const FormatClaudeCode Format = "claude-code"

func init() {
	register(Spec{Name: FormatClaudeCode, rank: 36, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Claude Code (--debug output, or its MCP log files)", i18n.FR: "Claude Code (sortie de --debug, ou ses fichiers de journal MCP)"},
		Sample: `[DEBUG] MCP server "gift": Starting connection with timeout of 30000ms
[ERROR] MCP server "gift" Connection failed: MCP error -32000: Connection closed`,
		detect: func(s *sniff) bool {
			return s.count(claudeCodeWords) > 0 || (len(s.text) > 0 && s.text[0] == '[' && isClaudeCodeArray(s.text))
		},
		read: (*reader).claudeCode})
}

// claudeCodeEntry is one entry of a Claude Code MCP log file.
type claudeCodeEntry struct {
	Debug     string `json:"debug"`
	Error     string `json:"error"`
	Timestamp string `json:"timestamp"`
}

// isClaudeCodeArray reports whether t is a Claude Code MCP log file: an
// array whose first entry has "debug" or "error", and "sessionId". A
// file pasted in part (the array not closed) is one too: its whole
// entries are read.
func isClaudeCodeArray(t []byte) bool {
	elems, _ := arrayElements(t)
	if len(elems) == 0 {
		return false
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(elems[0].raw, &first) != nil {
		return false
	}
	_, d := first["debug"]
	_, e := first["error"]
	_, s := first["sessionId"]
	return (d || e) && s
}

func (r *reader) claudeCode(src []byte) error {
	st := lineStyle{head: claudeCodeHead, writer: grader.SenderClient,
		peerOf: func(t []byte) string {
			if m := claudeCodeWords.FindSubmatch(t); m != nil {
				return string(m[1])
			}
			return ""
		}}
	t := newSniff(src).text
	if len(t) == 0 || t[0] != '[' || !isClaudeCodeArray(t) {
		r.prefixedLines(src, st)
		return nil
	}
	elems, err := arrayElements(src)
	if err != nil && len(elems) == 0 {
		return err
	}
	p := &prefixed{r: r, st: st}
	p.st.kind = ContextClientLog
	for _, el := range elems {
		var e claudeCodeEntry
		if json.Unmarshal(el.raw, &e) != nil {
			continue
		}
		p.ts = e.Timestamp
		p.text(lineAt(src, el.off), []byte(e.Debug+e.Error))
	}
	return nil
}
