package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Options are the per-document settings of Render.
type Options struct {
	// Lang is the language of the interface words inside the HTML, such as
	// "Show answer" or a diagram's title ("" means English).
	Lang i18n.Lang
	// FirstLine is the line of the file on which src starts (1 when src is
	// the whole file, more when front matter was split off). Line numbers in
	// errors and links count from it; 0 means 1.
	FirstLine int
}

// Heading is an h2 or h3 of a document, for its table of contents.
type Heading struct {
	Level    int
	ID, Text string
}

// Link is a link destination written in a document, with the line it is
// on, so the course linter can check that it resolves.
type Link struct {
	Dest string
	Line int
}

// Doc is a rendered document.
type Doc struct {
	// HTML is safe to put in a page as is: raw HTML in the Markdown is
	// escaped, never passed through.
	HTML     template.HTML
	Headings []Heading
	Links    []Link
}

// Error is a problem in a document's source, such as a malformed sequence
// diagram. Render may return several, joined with errors.Join; Errors lists
// them.
type Error struct {
	Line int // in the file, counting from Options.FirstLine
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Errors returns every *Error in err, in line order, so a caller can report
// each with its file name.
func Errors(err error) []*Error {
	var out []*Error
	var walk func(error)
	walk = func(err error) {
		var e *Error
		switch x := err.(type) {
		case nil:
		case interface{ Unwrap() []error }:
			for _, inner := range x.Unwrap() {
				walk(inner)
			}
		default:
			if errors.As(err, &e) {
				out = append(out, e)
			}
		}
	}
	walk(err)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// Renderer turns lesson Markdown into HTML. Build it once with New; it is
// safe for concurrent use, since every call of Render keeps its state (ids,
// errors, language) to itself.
type Renderer struct {
	md goldmark.Markdown
}

// New returns a Renderer for GitHub-flavoured Markdown (tables,
// strikethrough, autolinks, task lists) plus the course's conventions:
// heading anchors, callouts, highlighted JSON and sequence diagrams.
func New() *Renderer {
	return &Renderer{md: goldmark.New(
		goldmark.WithExtensions(
			// Alignment as an attribute: the site's CSP forbids the inline
			// style="text-align:…" that goldmark writes by default.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough,
			extension.Linkify,
			extension.TaskList,
		),
		// Priority below the default HTML renderer's 1000, so ours win.
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 100))),
	)}
}

// Render renders src. When the source has problems (an unknown callout, a
// malformed diagram), the error lists them as "line N: what is wrong", and
// the Doc is still filled in, with a broken diagram shown as its source, so
// a preview can show the page while the author fixes it.
func (r *Renderer) Render(src []byte, opts Options) (Doc, error) {
	w, err := wordsFor(opts.Lang)
	if err != nil {
		return Doc{}, fmt.Errorf("render markdown: %w", err)
	}
	root := r.md.Parser().Parse(text.NewReader(src))
	st := &state{src: src, w: w, lines: newLineIndex(src, max(opts.FirstLine, 1)), ids: idSet{}}
	doc := st.transform(root)

	var buf bytes.Buffer
	buf.Grow(len(src) * 2)
	if err := r.md.Renderer().Render(&buf, src, root); err != nil {
		return Doc{}, fmt.Errorf("render markdown: %w", err)
	}
	doc.HTML = template.HTML(breakHeadingCode(buf.String())) //nolint:gosec // goldmark escapes text; our renderers escape raw HTML
	if len(st.errs) > 0 {
		sort.SliceStable(st.errs, func(i, j int) bool { return st.errs[i].(*Error).Line < st.errs[j].(*Error).Line })
		return doc, errors.Join(st.errs...)
	}
	return doc, nil
}

// state is what one Render call works with.
type state struct {
	src   []byte
	w     *words
	lines lineIndex
	ids   idSet
	errs  []error
}

func (st *state) fail(line int, format string, args ...any) {
	st.errs = append(st.errs, &Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// transform collects headings and links, then rewrites the tree in place:
// ids and anchors on headings, callouts from blockquotes, code blocks with a
// copy button, sequence diagrams as SVG. Nodes are collected before any is
// moved, because ast.Walk must not see the tree change under it.
func (st *state) transform(root ast.Node) Doc {
	var (
		doc      Doc
		headings []*ast.Heading
		quotes   []*ast.Blockquote
		codes    []ast.Node
	)
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			headings = append(headings, n)
		case *ast.Blockquote:
			quotes = append(quotes, n)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			codes = append(codes, n)
		case *ast.Link:
			doc.Links = append(doc.Links, Link{Dest: string(n.Destination), Line: st.lineOf(n)})
		case *ast.Image:
			doc.Links = append(doc.Links, Link{Dest: string(n.Destination), Line: st.lineOf(n)})
		case *ast.AutoLink:
			doc.Links = append(doc.Links, Link{Dest: string(n.URL(st.src)), Line: st.lineOf(n)})
		}
		return ast.WalkContinue, nil
	})
	for _, h := range headings {
		txt := strings.TrimSpace(plainText(h, st.src))
		id := st.ids.unique(txt)
		h.SetAttributeString("id", []byte(id))
		h.AppendChild(h, &anchorNode{id: id, label: st.w.SectionLink})
		if h.Level == 2 || h.Level == 3 {
			doc.Headings = append(doc.Headings, Heading{Level: h.Level, ID: id, Text: txt})
		}
	}
	for _, q := range quotes {
		st.callout(q)
	}
	for _, c := range codes {
		st.codeBlock(c)
	}
	return doc
}

// plainText is the text a reader sees in n: no markup, code spans kept.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.AutoLink:
				b.Write(c.Label(src))
			case *ast.RawHTML:
				for i := range c.Segments.Len() {
					seg := c.Segments.At(i)
					b.Write(seg.Value(src))
				}
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// lineOf is the line of n in the file: its own position when the parser
// recorded one, else its first line of text, else its parent's.
func (st *state) lineOf(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if p := n.Pos(); p >= 0 {
			return st.lines.line(p)
		}
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return st.lines.line(n.Lines().At(0).Start)
		}
	}
	return st.lines.first
}

// lineIndex maps byte offsets to line numbers.
type lineIndex struct {
	starts []int // offset of the start of each line
	first  int   // number of the first line
}

func newLineIndex(src []byte, first int) lineIndex {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{starts: starts, first: first}
}

func (l lineIndex) line(offset int) int {
	return l.first + sort.SearchInts(l.starts, offset+1) - 1
}
