package grader

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBatchIn20250326: 2025-03-26 takes a batch and checks each member,
// its diagnostics pointing into the array at their place in the text; the
// revisions after it refuse a batch.
func TestBatchIn20250326(t *testing.T) {
	src := []byte("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"},\n {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":\"x\"}}]")
	rep := Check(src, Options{Protocol: Rev20250326})
	type d struct {
		Code, Pointer string
		Line, Column  int
	}
	var got []d
	for _, x := range rep.Diagnostics {
		got = append(got, d{x.Code, x.Pointer, x.Line, x.Column})
	}
	want := []d{{codeFieldType, "/1/params/progress", 2, 92}}
	if diff := cmp.Diff(want, got); diff != "" || rep.Valid || rep.Kind != KindRequest || rep.Method != "tools/list" {
		t.Errorf("valid %v kind %s method %s; diagnostics (-want +got):\n%s", rep.Valid, rep.Kind, rep.Method, diff)
	}
	ok := Check([]byte(`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`), Options{Protocol: Rev20250326})
	if !ok.Valid {
		t.Errorf("a good batch in 2025-03-26: %+v", ok.Diagnostics)
	}
	for _, rev := range []string{Rev20241105, Rev20250618} {
		if r := Check(src, Options{Protocol: rev}); r.Valid || r.Diagnostics[0].Code != codeBatch {
			t.Errorf("%s: a batch gives %+v, want %s", rev, r.Diagnostics, codeBatch)
		}
	}
}
