package logimport

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// element is one value of a JSON array with the offset where it starts.
type element struct {
	off int
	raw json.RawMessage
}

// arrayElements returns the values of the JSON array that src holds at
// its top level, each with its offset in src, so a reader can say on which
// line an entry starts.
func arrayElements(src []byte) ([]element, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotFormat, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf("%w: not a JSON array", ErrNotFormat)
	}
	var out []element
	for dec.More() {
		off := valueStart(src, int(dec.InputOffset()))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return out, fmt.Errorf("%w: entry %d: %v", ErrNotFormat, len(out)+1, err)
		}
		out = append(out, element{off: off, raw: raw})
	}
	return out, nil
}

// valueStart skips the white space and comma between the decoder's offset
// and the next value.
func valueStart(src []byte, off int) int {
	for off < len(src) {
		switch src[off] {
		case ' ', '\t', '\r', '\n', ',':
			off++
		default:
			return off
		}
	}
	return off
}
