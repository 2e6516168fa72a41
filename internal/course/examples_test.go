package course

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/lessons"
)

// Every JSON-RPC message a lesson shows (a ```json block that is one
// message, or a C→S / S→C line of a ```text log) is checked by the checker
// under the lesson's revision, a response against the last request of the
// lesson with the same id. A lesson teaches with valid messages, except the
// ones it shows on purpose as mistakes: those are listed in
// deliberatelyWrong, and each entry must still match a message that the
// checker rejects, so that the list cannot hide a fixed or vanished example.

// wrongExample is a message a lesson shows as a mistake.
type wrongExample struct {
	file   string // en/NN-slug.md or fr/NN-slug.md
	marker string // text found in the message
	why    string
}

var deliberatelyWrong = []wrongExample{
	{"09-errors.md", `"code": -32603`, "a response with both result and error"},
	{"02-requests.md", `"tool": "suggest_gifts"`, "a tutorial's tool and args"},
	{"10-reading-logs.md", `"tool": "suggest_gifts"`, "a tutorial's tool and args"},
	{"10-reading-logs.md", `"id": null`, "a tutorial's null id"},
	{"10-reading-logs.md", `"notifications/tools/result"`, "a result sent as a notification"},
	{"11-debugging.md", `"id":11,"result":{}`, "a prompts/list result without prompts"},
	{"14-your-server.md", `"2.0", "result": {}`, "a server answering a notification"},
}

// example is one message shown by a lesson.
type example struct {
	line int
	raw  string
}

// lessonExamples reads the messages of a lesson, in order.
func lessonExamples(t *testing.T, text string) []example {
	t.Helper()
	var out []example
	add := func(line int, raw string) {
		var v map[string]any
		if json.Unmarshal([]byte(raw), &v) == nil && v["jsonrpc"] == "2.0" {
			out = append(out, example{line, raw})
		}
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lang, start := "", 0
	var block []string
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case lang == "" && strings.HasPrefix(trimmed, "```"):
			lang, start, block = strings.TrimPrefix(trimmed, "```")+" ", n+1, block[:0]
		case lang != "" && trimmed == "```":
			switch lang {
			case "json ":
				add(start, strings.Join(block, "\n"))
			case "text ":
				for i, l := range block {
					if strings.Contains(l, "→S {") || strings.Contains(l, "→C {") {
						add(start+i, l[strings.Index(l, "{"):])
					}
				}
			}
			lang = ""
		case lang != "":
			block = append(block, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func lessonRevision(text string) string {
	fm, _, _ := strings.Cut(strings.TrimPrefix(text, "---\n"), "\n---\n")
	for _, l := range strings.Split(fm, "\n") {
		if v, ok := strings.CutPrefix(l, "protocol:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return grader.DefaultRevision
}

func TestEveryLessonExampleIsValid(t *testing.T) {
	files, err := fs.Glob(lessons.FS, "*/*.md")
	if err != nil || len(files) < 20 {
		t.Fatalf("lessons: %v, %d files", err, len(files))
	}
	used := map[int]bool{}
	checked := 0
	for _, file := range files {
		src, err := fs.ReadFile(lessons.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		rev := lessonRevision(string(src))
		requests := map[string]string{} // id as JSON -> last request with it
		for _, ex := range lessonExamples(t, string(src)) {
			var v struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal([]byte(ex.raw), &v)
			opts := grader.Options{Protocol: rev}
			if v.Method == "" && len(v.ID) > 0 {
				opts.Request = []byte(requests[string(v.ID)])
			}
			if v.Method != "" && len(v.ID) > 0 {
				requests[string(v.ID)] = ex.raw
			}
			rep := grader.Check([]byte(ex.raw), opts)
			checked++
			wrong := -1
			for i, w := range deliberatelyWrong {
				if strings.HasSuffix(file, "/"+w.file) && strings.Contains(ex.raw, w.marker) {
					wrong = i
				}
			}
			switch {
			case wrong >= 0 && rep.Valid:
				t.Errorf("%s:%d: listed as deliberately wrong (%s), but the checker finds it valid", file, ex.line, deliberatelyWrong[wrong].why)
			case wrong >= 0:
				used[wrong] = true
			case !rep.Valid:
				t.Errorf("%s:%d: the checker rejects this example under %s: %s\n%s", file, ex.line, rev, firstError(rep), ex.raw)
			}
		}
	}
	for i, w := range deliberatelyWrong {
		if !used[i] {
			t.Errorf("deliberatelyWrong[%d] (%s %q) matches no example any more: remove it", i, w.file, w.marker)
		}
	}
	if checked < 140 {
		t.Errorf("only %d examples checked: did the parsing break?", checked)
	}
}

func firstError(r grader.Report) string {
	for _, d := range r.Diagnostics {
		if d.Severity == "error" {
			return fmt.Sprintf("%s at %q: %s", d.Code, d.Pointer, d.Message)
		}
	}
	return "no error diagnostic"
}
