package sourcetest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClockCalls(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "package p\n\nimport \"time\"\n\nfunc f() time.Duration {\n\treturn time.Since(time.Now())\n}\n")
	write("clock.go", "package p\n\nimport \"time\"\n\nvar now = time.Now\n")
	write("a_test.go", "package p\n\nimport \"time\"\n\nvar later = time.Until(time.Time{})\n")
	write("b.go", "package p\n\nimport \"time\"\n\nvar d = time.Duration(time.Now().Unix()) * time.Second\n")
	got := ClockCalls(t, dir, map[string]string{"clock.go": "the clock itself"})
	want := []string{"a.go:6: time.Since", "a.go:6: time.Now", "b.go:5: time.Now"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ClockCalls (-want +got):\n%s", d)
	}
}

func TestModuleRoot(t *testing.T) {
	root := ModuleRoot(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("ModuleRoot = %s, which holds no go.mod: %v", root, err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "testing", "sourcetest")); err != nil {
		t.Errorf("ModuleRoot = %s, not this module's root", root)
	}
}
