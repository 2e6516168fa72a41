package repo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRootHoldsThisModule(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "module github.com/mcpplayground/playground\n"; string(b[:len(want)]) != want {
		t.Errorf("go.mod at %s starts %q", root, b[:len(want)])
	}
}

func TestBuildPlayground(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	bin, err := BuildPlayground(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(bin); err != nil || info.Mode()&0o111 == 0 {
		t.Errorf("%s is not an executable: %v", bin, err)
	}
}

// stopTB records how a helper ends a test: Fatalf or Skipf, then stops the
// helper as the real ones do (here with a panic the caller recovers).
type stopTB struct {
	testing.TB
	how, msg string
}

type stopped struct{}

func (s *stopTB) Helper() {}
func (s *stopTB) Fatalf(f string, a ...any) {
	s.how, s.msg = "fail", fmt.Sprintf(f, a...)
	panic(stopped{})
}
func (s *stopTB) Skipf(f string, a ...any) {
	s.how, s.msg = "skip", fmt.Sprintf(f, a...)
	panic(stopped{})
}

func schemaDirEnds(tb *stopTB) (dir string) {
	defer func() {
		if r := recover(); r != nil && r != (stopped{}) {
			panic(r)
		}
	}()
	return SchemaDir(tb)
}

// Beside a checkout without ../shared/mcp-schema, the schema tests are
// skipped with a message, unless PLAYGROUND_SCHEMAS=require, where they fail;
// here (the repository beside /work/shared, as in CI) the folder is found.
func TestSchemaDirSkipsOrFails(t *testing.T) {
	if _, err := schemaDir(); err == nil {
		if dir := schemaDirEnds(&stopTB{TB: t}); filepath.Base(dir) != "mcp-schema" {
			t.Errorf("SchemaDir = %q beside the shared folder", dir)
		}
	}
	lone := filepath.Join(t.TempDir(), "checkout")
	if err := os.MkdirAll(lone, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(lone, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(lone)
	for env, want := range map[string]string{"": "skip", "require": "fail"} {
		t.Setenv("PLAYGROUND_SCHEMAS", env)
		tb := &stopTB{TB: t}
		schemaDirEnds(tb)
		if tb.how != want || !strings.Contains(tb.msg, filepath.Join(filepath.Dir(lone), "shared", "mcp-schema")) {
			t.Errorf("PLAYGROUND_SCHEMAS=%q without the schemas: %s %q, want %s naming where they were looked for", env, tb.how, tb.msg, want)
		}
	}
}
