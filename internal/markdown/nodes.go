package markdown

import (
	"bytes"
	"html/template"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// The nodes the transform puts in the tree. Each carries the words it needs
// in the document's language, so the shared renderer holds no per-call state.
var (
	kindCallout  = ast.NewNodeKind("Callout")
	kindAnswer   = ast.NewNodeKind("CalloutAnswer")
	kindCode     = ast.NewNodeKind("CodeWithCopy")
	kindSequence = ast.NewNodeKind("SequenceDiagram")
	kindAnchor   = ast.NewNodeKind("HeadingAnchor")
)

type calloutNode struct {
	ast.BaseBlock
	class, title string
}

func (n *calloutNode) Kind() ast.NodeKind          { return kindCallout }
func (n *calloutNode) Dump(src []byte, level int)  { ast.DumpHelper(n, src, level, nil, nil) }
func (n *answerNode) Kind() ast.NodeKind           { return kindAnswer }
func (n *answerNode) Dump(src []byte, level int)   { ast.DumpHelper(n, src, level, nil, nil) }
func (n *codeNode) Kind() ast.NodeKind             { return kindCode }
func (n *codeNode) Dump(src []byte, level int)     { ast.DumpHelper(n, src, level, nil, nil) }
func (n *codeNode) IsRaw() bool                    { return true }
func (n *sequenceNode) Kind() ast.NodeKind         { return kindSequence }
func (n *sequenceNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }
func (n *sequenceNode) IsRaw() bool                { return true }
func (n *anchorNode) Kind() ast.NodeKind           { return kindAnchor }
func (n *anchorNode) Dump(src []byte, level int)   { ast.DumpHelper(n, src, level, nil, nil) }
func (n *calloutNode) CanInterruptParagraph() bool { return false }
func (n *answerNode) CanInterruptParagraph() bool  { return false }

// answerNode holds the answer of a [!CHECK] callout.
type answerNode struct {
	ast.BaseBlock
	summary string
}

type codeNode struct {
	ast.BaseBlock
	lang         string
	code         []byte
	copy, copied string
}

type sequenceNode struct {
	ast.BaseBlock
	svg   string
	class string // the figure's class: "" (a sequence diagram) or "flow"
}

type anchorNode struct {
	ast.BaseInline
	id, label string
}

// nodeRenderer renders our nodes, and raw HTML as escaped text.
type nodeRenderer struct{}

func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCallout, renderCallout)
	reg.Register(kindAnswer, renderAnswer)
	reg.Register(kindCode, renderCode)
	reg.Register(kindSequence, renderSequence)
	reg.Register(kindAnchor, renderAnchor)
	reg.Register(ast.KindRawHTML, renderRawHTML)
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
}

func renderCallout(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*calloutNode)
	if !entering {
		_, _ = w.WriteString("</aside>\n")
		return ast.WalkContinue, nil
	}
	title := template.HTMLEscapeString(n.title)
	_, _ = w.WriteString(`<aside class="callout callout-` + n.class + `" role="note" aria-label="` + title + `">` + "\n")
	_, _ = w.WriteString(`<p class="callout-title">` + title + "</p>\n")
	return ast.WalkContinue, nil
}

func renderAnswer(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*answerNode)
	if !entering {
		_, _ = w.WriteString("</details>\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<details class="callout-answer">` + "\n<summary>" + template.HTMLEscapeString(n.summary) + "</summary>\n")
	return ast.WalkContinue, nil
}

// renderCode writes the block with a copy button. The button starts hidden
// and the site's script reveals it and copies the <code>'s text on click:
// without JavaScript it would do nothing, so it is not shown. data-copied is
// the word the script shows once the text is copied.
func renderCode(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*codeNode)
	_, _ = w.WriteString(`<div class="code"><pre tabindex="0"><code`)
	if n.lang != "" {
		_, _ = w.WriteString(` class="language-` + template.HTMLEscapeString(n.lang) + `"`)
	}
	_, _ = w.WriteString(">")
	if jsonLangs[n.lang] {
		var b bytes.Buffer
		highlightJSON(&b, n.code)
		_, _ = w.Write(b.Bytes())
	} else {
		template.HTMLEscape(w, n.code)
	}
	_, _ = w.WriteString(`</code></pre><button type="button" class="copy" data-copy data-copied="` +
		template.HTMLEscapeString(n.copied) + `" hidden>` + template.HTMLEscapeString(n.copy) + "</button></div>\n")
	return ast.WalkSkipChildren, nil
}

func renderSequence(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*sequenceNode)
		class := "sequence"
		if n.class != "" {
			class = n.class
		}
		_, _ = w.WriteString(`<figure class="` + class + `">` + n.svg + "</figure>\n")
	}
	return ast.WalkSkipChildren, nil
}

func renderAnchor(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*anchorNode)
		_, _ = w.WriteString(`<a class="anchor" href="#` + template.HTMLEscapeString(n.id) + `" aria-label="` +
			template.HTMLEscapeString(n.label) + `">#</a>`)
	}
	return ast.WalkSkipChildren, nil
}

// renderRawHTML shows inline HTML as the text the author typed: a lesson
// about protocols writes placeholders like <tool-name>, which must not vanish.
func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := node.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			seg := segs.At(i)
			template.HTMLEscape(w, seg.Value(src))
		}
	}
	return ast.WalkSkipChildren, nil
}

func renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.HTMLBlock)
	var b bytes.Buffer
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	if n.HasClosure() {
		b.Write(n.ClosureLine.Value(src))
	}
	_, _ = w.WriteString("<p>")
	template.HTMLEscape(w, bytes.TrimRight(b.Bytes(), "\n"))
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}
