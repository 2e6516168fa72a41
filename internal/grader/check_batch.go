package grader

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// checkBatch checks a JSON-RPC batch in a revision that has them
// (2025-03-26): an array of messages, each checked as a message of its own,
// their diagnostics pointing into the array (/0/params…) at their place in
// the whole text. The report's kind, method and id are the first member's.
// ok is false when src is no batch of objects (an empty array, a broken
// text): Check then explains it as it is.
func checkBatch(src []byte, opts Options) (Report, bool) {
	t := bytes.TrimSpace(src)
	if len(t) == 0 || t[0] != '[' || !json.Valid(t) {
		return Report{}, false
	}
	members, offsets := batchMembers(src)
	if len(members) == 0 {
		return Report{}, false
	}
	rep := Report{Protocol: opts.Protocol, Valid: true, Diagnostics: []Diagnostic{}}
	opts.Request = nil
	for i, m := range members {
		if bytes.TrimSpace(m)[0] != '{' {
			return Report{}, false
		}
		r := Check(m, opts)
		if i == 0 {
			rep.Kind, rep.Method, rep.ID = r.Kind, r.Method, r.ID
		}
		rep.Valid = rep.Valid && r.Valid
		line, col := position(src, offsets[i])
		for _, d := range r.Diagnostics {
			d.Pointer = "/" + strconv.Itoa(i) + d.Pointer
			if d.Line == 1 {
				d.Column += col - 1
			}
			d.Line += line - 1
			if !rep.Valid && hasBlocking(rep.Diagnostics) {
				d.Blocking = false
			}
			rep.Diagnostics = append(rep.Diagnostics, d)
		}
	}
	return rep, true
}

// batchMembers are the values of the array src holds, with their offsets.
func batchMembers(src []byte) ([][]byte, []int) {
	dec := json.NewDecoder(bytes.NewReader(src))
	if _, err := dec.Token(); err != nil {
		return nil, nil
	}
	var out [][]byte
	var offs []int
	for dec.More() {
		var raw json.RawMessage
		start := int(dec.InputOffset())
		if err := dec.Decode(&raw); err != nil {
			return nil, nil
		}
		for start < len(src) && (src[start] == ',' || src[start] == ' ' || src[start] == '\t' || src[start] == '\r' || src[start] == '\n') {
			start++
		}
		out, offs = append(out, raw), append(offs, start)
	}
	return out, offs
}

// position is the 1-based line and column (in characters) of offset off.
func position(src []byte, off int) (int, int) {
	line, col := 1, 1
	for _, r := range string(src[:off]) {
		if r == '\n' {
			line, col = line+1, 1
			continue
		}
		col++
	}
	return line, col
}

func hasBlocking(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Blocking {
			return true
		}
	}
	return false
}
