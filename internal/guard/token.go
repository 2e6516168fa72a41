package guard

import (
	"math"
	"unicode"
)

// MinTokenBits is the strength a chosen instructor token must have: that
// of a generated one (web.NewInstructorToken).
const MinTokenBits = 128

// TokenBits estimates a token's strength in bits as a guesser would see
// it: its length times the bits of an alphabet made of the kinds of
// characters it uses (lower case, upper case, digits, other ASCII, other
// characters). A character that repeats the one before it, or continues a
// run such as "abc" or "123", adds nothing, and a token of fewer than eight
// distinct characters is worth nothing: a guesser tries those first.
func TokenBits(token string) float64 {
	runes := []rune(token)
	distinct := map[rune]bool{}
	var lower, upper, digit, punct, other bool
	n := 0
	for i, r := range runes {
		distinct[r] = true
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		case r < unicode.MaxASCII && unicode.IsPrint(r):
			punct = true
		default:
			other = true
		}
		if i > 0 && abs(int(r)-int(runes[i-1])) <= 1 {
			continue
		}
		n++
	}
	if len(distinct) < 8 {
		return 0
	}
	alphabet := 0
	for _, k := range []struct {
		used bool
		size int
	}{{lower, 26}, {upper, 26}, {digit, 10}, {punct, 33}, {other, 100}} {
		if k.used {
			alphabet += k.size
		}
	}
	return float64(n) * math.Log2(float64(alphabet))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
