package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// jsonLangs are the info strings whose code is highlighted as JSON.
var jsonLangs = map[string]bool{"json": true, "jsonc": true, "jsonl": true, "json5": true}

// codeBlock replaces a code block with a codeNode (which carries the copy
// button's words) or, for a ```sequence block, with the diagram.
func (st *state) codeBlock(n ast.Node) {
	var lang string
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		lang = string(f.Language(st.src))
	}
	lines := n.Lines()
	var code bytes.Buffer
	for i := range lines.Len() {
		seg := lines.At(i)
		code.Write(seg.Value(st.src))
	}
	var repl ast.Node = &codeNode{lang: lang, code: code.Bytes(), copy: st.w.Copy, copied: st.w.Copied}
	if lang == "sequence" {
		if svg, ok := st.sequence(n); ok {
			repl = &sequenceNode{svg: svg}
		}
	}
	if lang == "flow" {
		if svg, ok := st.flow(n); ok {
			repl = &sequenceNode{svg: svg, class: "flow"}
		}
	}
	n.Parent().ReplaceChild(n.Parent(), n, repl)
}

// sequence renders the diagram in a ```sequence block, reporting errors at
// their line in the file.
func (st *state) sequence(n ast.Node) (string, bool) {
	lines := n.Lines()
	if lines.Len() == 0 {
		st.fail(st.lineOf(n), "the sequence diagram is empty: add a line such as \"C->>S: initialize\"")
		return "", false
	}
	text := make([]string, lines.Len())
	for i := range lines.Len() {
		seg := lines.At(i)
		text[i] = strings.TrimRight(string(seg.Value(st.src)), "\r\n")
	}
	d, err := parseSequence(text, st.lines.line(lines.At(0).Start))
	if err != nil {
		st.errs = append(st.errs, err)
		return "", false
	}
	return string(d.svg(st.w, nil)), true
}

// flow renders the decision diagram in a ```flow block, reporting errors at
// their line in the file.
func (st *state) flow(n ast.Node) (string, bool) {
	lines := n.Lines()
	text := make([]string, lines.Len())
	for i := range lines.Len() {
		seg := lines.At(i)
		text[i] = strings.TrimRight(string(seg.Value(st.src)), "\r\n")
	}
	first := st.lineOf(n)
	if lines.Len() > 0 {
		first = st.lines.line(lines.At(0).Start)
	}
	root, err := parseFlow(text, first)
	if err != nil {
		st.errs = append(st.errs, err)
		return "", false
	}
	return string(flowSVG(root, st.w)), true
}
