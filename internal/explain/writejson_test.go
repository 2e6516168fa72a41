package explain

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// WriteJSON writes, one message at a time, exactly what encoding the
// report whole writes: for every fixture and corpus log, in both
// languages, and for a log with no message.
func TestWriteJSONIsTheWholeEncoding(t *testing.T) {
	files, _ := filepath.Glob("../logimport/testdata/*")
	corpus, _ := filepath.Glob("../logimport/testdata/corpus/*")
	shapes, _ := filepath.Glob("../logimport/testdata/corpus/shapes/*")
	files = append(append(files, corpus...), shapes...)
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil || filepath.Ext(f) == ".json" && bytes.Contains(src, []byte(`"summary"`)) {
			continue // a directory, or a golden file
		}
		for _, l := range []i18n.Lang{i18n.EN, i18n.FR} {
			rep, err := Explain(src, Options{Lang: l})
			if err != nil {
				continue
			}
			sameJSON(t, f, rep)
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d logs explained", checked)
	}
	sameJSON(t, "no message", &Report{Findings: []Finding{}})
}

func sameJSON(t *testing.T, name string, rep *Report) {
	t.Helper()
	var whole bytes.Buffer
	enc := json.NewEncoder(&whole)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		t.Fatal(err)
	}
	var streamed bytes.Buffer
	if err := rep.WriteJSON(&streamed); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if want := bytes.TrimSuffix(whole.Bytes(), []byte("\n")); !bytes.Equal(want, streamed.Bytes()) {
		t.Errorf("%s: WriteJSON differs from the whole encoding:\n%.300s\n%.300s", name, want, streamed.Bytes())
	}
}
