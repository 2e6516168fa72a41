package csvcell

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRow(t *testing.T) {
	in := []string{"=HYPERLINK(\"x\")", "+SUM(A1)", "-2+3", "@SUM(A1)", "\tx", "\rx", "Ada", "", "a=b", "'quoted"}
	want := []string{"'=HYPERLINK(\"x\")", "'+SUM(A1)", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx", "Ada", "", "a=b", "'quoted"}
	if diff := cmp.Diff(want, Row(in...)); diff != "" {
		t.Errorf("Row (-want +got):\n%s", diff)
	}
}
