package mockserver

import (
	"strings"
	"testing"
)

// TestSingleSpacedIsFieldsJoin: an occasion singleSpaced lets through is
// what strings.Fields and strings.Join would give back.
func TestSingleSpacedIsFieldsJoin(t *testing.T) {
	for _, s := range []string{"", "birthday", "thank you", " birthday", "birthday ", "thank  you", "thank\tyou", "a\u00a0b", "a\u0085b", "noël", "x\vy", "x\fy", "x\ry", "x\ny", " ", "a b c"} {
		joined := strings.Join(strings.Fields(s), " ")
		if singleSpaced(s) && joined != s {
			t.Errorf("singleSpaced(%q) is true, Fields and Join give %q", s, joined)
		}
		if !singleSpaced(s) && joined == s && strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) < 0 {
			t.Errorf("singleSpaced(%q) is false for an ASCII text Fields and Join leave alone", s)
		}
	}
}
