package logimport

import (
	"bytes"
	"encoding/json"
)

// levelKeys are the keys structured loggers (Go's slog, pino, winston,
// structlog) give a record's level.
var levelKeys = []string{"level", "lvl", "severity"}

// logRecord reports whether a JSON object that is no message is a
// structured logger's record (`{"time":…,"level":"INFO","msg":"Fetching
// providers"}`, Crush's log file) rather than a wrapper around a message:
// it has a level, and its text is a sentence, not JSON. Such a line is
// the log's own, named as context; a wrapper whose text is not JSON (the
// console exports a message that was not JSON so) has no level.
func logRecord(obj map[string]json.RawMessage) bool {
	if stringField(obj, levelKeys) == "" {
		return false
	}
	raw, ok := payloadOf(obj)
	if !ok {
		return true
	}
	raw = bytes.TrimSpace(raw)
	// "[MCP][gift] Connection failed" is a record's text, not a batch.
	batch := len(raw) > 1 && raw[0] == '[' && bytes.HasPrefix(bytes.TrimSpace(raw[1:]), []byte("{"))
	return len(raw) == 0 || raw[0] != '{' && !batch
}
