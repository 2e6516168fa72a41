package frontmatter

import (
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// MaxNodes bounds the values a front matter may stand for once its aliases
// are expanded: a course's longest file has a few hundred, while ten
// nested anchors each used ten times ("billion laughs") would stand for
// ten billion and cost seconds of CPU to decode.
const MaxNodes = 20000

// expansion walks a parsed front matter and counts the values it stands for
// with every alias replaced by what its anchor holds. It also notes the
// first tag that has no value, which the decoder cannot take.
type expansion struct {
	anchors  map[string]int
	nodes    int // values so far that aliases stand for, to stop early
	total    int // all values, aliases expanded
	bareTag  int // line (in the front matter) of a tag with no value; 0 if none
	overLine int // line of the alias that went over MaxNodes
}

// inspect parses fm and measures it; a parse error is left to the decoder,
// which says it with a line.
func inspect(fm []byte) (expansion, bool) {
	e := expansion{anchors: map[string]int{}}
	f, err := parser.ParseBytes(fm, 0)
	if err != nil {
		return e, false
	}
	for _, d := range f.Docs {
		e.total = add(e.total, e.size(d, 0))
	}
	return e, true
}

// maxDepth stops the walk where nesting is deeper than any front matter;
// the decoder reports what is wrong there.
const maxDepth = 200

func (e *expansion) size(n ast.Node, depth int) int {
	if n == nil || depth > maxDepth || e.nodes > MaxNodes {
		return 0
	}
	d := depth + 1
	switch x := n.(type) {
	case *ast.DocumentNode:
		return e.size(x.Body, d)
	case *ast.MappingNode:
		s := 1
		for _, v := range x.Values {
			s = add(s, e.size(v, d))
		}
		return s
	case *ast.MappingValueNode:
		return add(e.size(x.Key, d), e.size(x.Value, d))
	case *ast.MappingKeyNode:
		return e.size(x.Value, d)
	case *ast.SequenceNode:
		s := 1
		for _, v := range x.Values {
			s = add(s, e.size(v, d))
		}
		return s
	case *ast.SequenceEntryNode:
		return e.size(x.Value, d)
	case *ast.AnchorNode:
		s := e.size(x.Value, d)
		if x.Name != nil {
			e.anchors[x.Name.GetToken().Value] = s
		}
		return s
	case *ast.AliasNode:
		return e.alias(x)
	case *ast.TagNode:
		if bare(x.Value) && e.bareTag == 0 {
			e.bareTag = line(x)
		}
		return e.size(x.Value, d)
	case *ast.CommentGroupNode, *ast.CommentNode:
		return 0
	}
	return 1
}

func (e *expansion) alias(x *ast.AliasNode) int {
	s := 1
	if x.Value != nil {
		if a, ok := e.anchors[x.Value.GetToken().Value]; ok {
			s = a
		}
	}
	if e.nodes+s > MaxNodes && e.overLine == 0 {
		e.overLine = line(x)
	}
	e.nodes = add(e.nodes, s)
	return s
}

// add sums two counts, saturating above MaxNodes so a bomb cannot
// overflow an int.
func add(a, b int) int {
	if a+b > MaxNodes+1 || a+b < 0 {
		return MaxNodes + 1
	}
	return a + b
}

// bare reports whether a tag's value is missing: the parser gives it an
// implicit null, which the decoder dereferences.
func bare(n ast.Node) bool {
	if n == nil {
		return true
	}
	nn, ok := n.(*ast.NullNode)
	return ok && nn.Token != nil && nn.Token.Type == token.ImplicitNullType
}

func line(n ast.Node) int {
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line
	}
	return 0
}
