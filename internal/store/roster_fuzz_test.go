package store

import (
	"bytes"
	"errors"
	"regexp"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// lineOrFile is how every roster error starts: a line, or a word on the
// whole file.
var lineOrFile = regexp.MustCompile(`^bad roster: (line \d+: |the file |no student |more than )`)

// FuzzParseRoster: whatever file an instructor uploads, ParseRoster never
// panics, refuses with ErrBadRoster naming the line (or the whole file),
// and what it takes has ids in NFC without spaces.
func FuzzParseRoster(f *testing.F) {
	for _, s := range []string{
		"student_id,name,email\ns1,Ada Lovelace,ada@uni.example\ns2, Bob ,\n",
		"\ufeff42,\"Lovelace, Ada\"\r\n",
		"\"s1,Ada\n",
		"s\"1,Ada\n",
		"s1,Ada\rs2,Bob\r",
		"s\u200b1,Ada\n\u0430da,Ada\n",
		"=HYPERLINK(\"x\"),+SUM(A1),@x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := ParseRoster(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrBadRoster) || !lineOrFile.MatchString(err.Error()) {
				t.Fatalf("ParseRoster(%q) = %v, want ErrBadRoster with a line", b, err)
			}
			return
		}
		for _, st := range got {
			if !norm.NFC.IsNormalString(st.StudentID) || st.StudentID == "" || st.Name == "" {
				t.Fatalf("ParseRoster(%q) took %+v", b, st)
			}
		}
	})
}
