package web

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// realTime are the places of the web layer that may read the system clock:
// they measure real time, which a test's fake clock must not bend.
var realTime = map[string]string{
	"clock.go":      "the system clock itself",
	"deadline.go":   "a connection's read deadline is set on the real clock",
	"middleware.go": "a request's duration in the log is real time",
}

// Every handler asks the server's clock (s.now()), so that a test's fake
// clock sets what a page says of the time: no other file of the package
// calls time.Now.
func TestHandlersUseTheInjectedClock(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || realTime[name] != "" {
			continue
		}
		f, err := goparser.ParseFile(fset, name, nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "time" && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since" || sel.Sel.Name == "Until") {
				t.Errorf("%s: time.%s: use the server's clock, s.now()", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}

// manualClock is a Clock that moves only when the test moves it.
type manualClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *manualClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
