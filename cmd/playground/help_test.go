package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// commands are the subcommands run dispatches to, read from its switch, so
// that a new command is held to the rules below without a list to keep.
func commands(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if fn, ok := n.(*ast.FuncDecl); ok && fn.Name.Name != "run" {
			return false
		}
		if cc, ok := n.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, s)
				}
			}
		}
		return true
	})
	if len(out) < 10 {
		t.Fatalf("only %v read from run's switch", out)
	}
	return out
}

var (
	defaultsFlag = regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)
	subcommand   = regexp.MustCompile(`(?m)^(?:usage: |\s+)playground (\S+) ([a-z][a-z-]*)\b`)
)

// synopsis is the usage lines of a command's help ("usage: playground …"
// and the lines below it that start with "playground").
func synopsis(help string) string {
	var b strings.Builder
	for _, line := range strings.Split(help, "\n") {
		l := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(line, "usage: "), "Usage: "))
		if strings.HasPrefix(l, "playground ") && (strings.HasPrefix(line, "usage: ") || strings.HasPrefix(line, "Usage: ") || strings.HasPrefix(line, "       ")) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// namesEvery says whether text names every flag, or says "[flags]".
func namesEvery(text string, flags []string) []string {
	if strings.Contains(text, "[flags]") {
		return nil
	}
	var missing []string
	for _, f := range flags {
		if !regexp.MustCompile(`-` + regexp.QuoteMeta(f) + `(?:[\s\]|)]|$)`).MatchString(text) {
			missing = append(missing, "-"+f)
		}
	}
	return missing
}

// Every command answers -h with its usage and exit 0, does nothing else
// (no file written where it runs), and its usage line names every flag
// it has, or says "[flags]"; so does its line in the playground's usage.
// A command group (content, new, roster) is run with -h, then each of its
// subcommands.
func TestEveryCommandAnswersHelp(t *testing.T) {
	all := commands(t)
	dir := t.TempDir()
	t.Chdir(dir)
	var todo [][]string
	for _, c := range all {
		if c != "help" {
			todo = append(todo, []string{c})
		}
	}
	seen := map[string]bool{}
	for len(todo) > 0 {
		cmd := todo[0]
		todo = todo[1:]
		name := strings.Join(cmd, " ")
		var stdout, stderr bytes.Buffer
		code := run(append(slices.Clone(cmd), "-h"), strings.NewReader(""), &stdout, &stderr)
		help := stdout.String() + stderr.String()
		if code != 0 || !strings.Contains(strings.ToLower(help), "usage: playground") {
			t.Errorf("playground %s -h: exit %d, output %q; want 0 and a usage", name, code, help)
			continue
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Fatalf("playground %s -h wrote %s", name, entries[0].Name())
		}
		if len(cmd) == 1 {
			for _, m := range subcommand.FindAllStringSubmatch(help, -1) {
				if m[1] == cmd[0] && !seen[name+" "+m[2]] {
					seen[name+" "+m[2]] = true
					todo = append(todo, []string{cmd[0], m[2]})
				}
			}
			if len(todo) > 0 && todo[len(todo)-1][0] == cmd[0] {
				continue // a group: its subcommands say their flags
			}
		}
		var flags []string
		for _, m := range defaultsFlag.FindAllStringSubmatch(help, -1) {
			flags = append(flags, m[1])
		}
		if missing := namesEvery(synopsis(help), flags); len(missing) > 0 {
			t.Errorf("playground %s -h: its usage line %q leaves out %v", name, synopsis(help), missing)
		}
		var lines []string
		for _, l := range strings.Split(usage, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "playground "+name) || strings.HasPrefix(strings.TrimSpace(l), "playground ["+name+"]") {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			t.Errorf("the playground's usage has no line for %s", name)
		} else if missing := namesEvery(strings.Join(lines, "\n"), flags); len(missing) > 0 {
			t.Errorf("the playground's usage for %s, %q, leaves out %v", name, lines, missing)
		}
	}
	for _, want := range []string{"content export", "new lesson", "new exercise", "roster import"} {
		if !seen[want] {
			t.Errorf("%s was not reached from its group's usage", want)
		}
	}
}

// -h, -help and --help alone, or "help", print the playground's usage.
func TestPlaygroundHelp(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"-h", "-help", "--help", "help"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{arg}, strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.String() != usage {
			t.Errorf("playground %s: exit %d, stdout %q; want 0 and the usage", arg, code, stdout.String())
		}
	}
}

// content export takes its folder after the flags: "-h" is never a folder,
// while "--" lets a folder named so through.
func TestContentExportHelpIsNoFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"content", "export", "-h"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("content export -h: exit %d", code)
	}
	if _, err := os.Stat("-h"); err == nil {
		t.Fatal("content export -h wrote a folder named -h")
	}
	if code := run([]string{"content", "export", "a", "b"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("content export a b: exit %d, want 2", code)
	}
	if code := run([]string{"content", "export", "--", "-h"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("content export -- -h: exit %d, %s", code, stderr.String())
	}
	if _, err := os.Stat("-h/lessons"); err != nil {
		t.Errorf("content export -- -h: %v", err)
	}
}
