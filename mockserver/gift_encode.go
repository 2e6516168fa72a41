package mockserver

import (
	"encoding/json"
	"sync"
)

// suggest_gifts' result, written without reflection: each catalogue gift
// is encoded once, as JSON and as JSON string content, and a result is
// their concatenation. It is byte for byte what marshal gives for the
// callResult (gift_encode_test.go holds the two together).

// giftCode is one gift encoded: as JSON, and escaped inside a JSON string.
type giftCode struct {
	json, quoted []byte
}

var giftCodes = sync.OnceValue(func() map[giftSummary]giftCode {
	codes := make(map[giftSummary]giftCode, len(catalogue))
	for _, g := range catalogue {
		gs := giftSummary{g.Name, g.Price, g.Category}
		j := marshal(gs)
		q := marshal(string(j))
		codes[gs] = giftCode{json: j, quoted: q[1 : len(q)-1]}
	}
	return codes
})

// giftListResult is the result of a suggest_gifts call that found gifts:
// a text block with the list serialised, and the list as
// structuredContent. False when a gift is not the catalogue's.
func giftListResult(gifts []giftSummary) (json.RawMessage, bool) {
	codes := giftCodes()
	var picked [maxSuggestions]giftCode
	if len(gifts) > len(picked) {
		return nil, false
	}
	size := 128
	for i, g := range gifts {
		c, ok := codes[g]
		if !ok {
			return nil, false
		}
		picked[i] = c
		size += len(c.json) + len(c.quoted) + 2
	}
	out := make([]byte, 0, size)
	out = append(out, `{"content":[{"type":"text","text":"{\"gifts\":[`...)
	for i, c := range picked[:len(gifts)] {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, c.quoted...)
	}
	out = append(out, `]}"}],"structuredContent":{"gifts":[`...)
	for i, c := range picked[:len(gifts)] {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, c.json...)
	}
	return append(out, `]},"isError":false}`...), true
}
