package logimport

import (
	"bytes"
	"encoding/json"
)

// Detect tells the format of a log from its text: a HAR is a JSON object
// with log.entries; an Inspector export is a JSON array of entries with a
// direction and a message; Claude Desktop's lines start with a timestamp
// and two bracketed names; JSON Lines wrap messages in objects; anything
// else is read as a raw stdio capture.
func Detect(src []byte) Format {
	t := bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
	if len(t) == 0 {
		return FormatStdio
	}
	switch t[0] {
	case '{':
		if isHAR(t) {
			return FormatHAR
		}
	case '[':
		if isInspector(t) {
			return FormatInspector
		}
	}
	seen := 0
	for _, l := range splitLines(t) {
		lt := bytes.TrimSpace(l.text)
		if len(lt) == 0 {
			continue
		}
		if claudeLine.Match(lt) {
			return FormatClaude
		}
		if lt[0] == '{' && isWrapper(lt) {
			return FormatJSONL
		}
		if seen++; seen == 50 {
			break
		}
	}
	return FormatStdio
}

// isHAR reports whether t is a HAR document.
func isHAR(t []byte) bool {
	var h struct {
		Log *struct {
			Entries json.RawMessage `json:"entries"`
		} `json:"log"`
	}
	return json.Unmarshal(t, &h) == nil && h.Log != nil && len(h.Log.Entries) > 0
}

// isInspector reports whether t is an array of Inspector history entries.
func isInspector(t []byte) bool {
	var entries []map[string]json.RawMessage
	if json.Unmarshal(t, &entries) != nil || len(entries) == 0 {
		return false
	}
	_, dir := entries[0]["direction"]
	_, msg := entries[0]["message"]
	_, req := entries[0]["request"]
	return (dir && msg) || req
}

// isWrapper reports whether a line is an object wrapping a message.
func isWrapper(lt []byte) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(lt, &obj) != nil || isMessage(obj) {
		return false
	}
	_, ok := payloadOf(obj)
	return ok
}
