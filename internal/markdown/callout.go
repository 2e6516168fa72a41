package markdown

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// calloutMarker is GitHub's alert syntax on a blockquote's first line.
var calloutMarker = regexp.MustCompile(`^[ \t]*\[!([A-Za-z]+)\]`)

// calloutKinds maps a marker to its CSS modifier and title.
var calloutKinds = map[string]struct {
	class string
	title func(*words) string
}{
	"NOTE":    {"note", func(w *words) string { return w.Note }},
	"MISTAKE": {"mistake", func(w *words) string { return w.Mistake }},
	"SPEC":    {"spec", func(w *words) string { return w.Spec }},
	"CHECK":   {"check", func(w *words) string { return w.Check }},
}

// callout turns a blockquote that starts with [!NOTE], [!MISTAKE], [!SPEC]
// or [!CHECK] into a callout. A blockquote without a marker stays one.
func (st *state) callout(q *ast.Blockquote) {
	p, ok := q.FirstChild().(*ast.Paragraph)
	if !ok || p.Lines().Len() == 0 {
		return
	}
	first := p.Lines().At(0)
	m := calloutMarker.FindSubmatchIndex(first.Value(st.src))
	if m == nil {
		return
	}
	line := st.lines.line(first.Start)
	name := strings.ToUpper(string(first.Value(st.src)[m[2]:m[3]]))
	kind, ok := calloutKinds[name]
	if !ok {
		st.fail(line, "unknown callout [!%s]: use [!NOTE], [!MISTAKE], [!SPEC] or [!CHECK]", name)
		return
	}
	stripMarker(p, st.src, first.Start+m[1])
	if p.FirstChild() == nil {
		q.RemoveChild(q, p)
	}

	c := &calloutNode{class: kind.class, title: kind.title(st.w)}
	for b := q.FirstChild(); b != nil; {
		next := b.NextSibling()
		q.RemoveChild(q, b)
		c.AppendChild(c, b)
		b = next
	}
	q.Parent().ReplaceChild(q.Parent(), q, c)

	switch {
	case c.FirstChild() == nil:
		st.fail(line, "the [!%s] callout is empty: write its text on the next lines, each starting with >", name)
	case name == "CHECK":
		// The first block is the question; the rest is the answer, hidden
		// until the learner asks for it.
		if c.FirstChild().NextSibling() == nil {
			st.fail(line, "the [!CHECK] callout has a question but no answer: after the question, leave a line with only > and write the answer")
			return
		}
		a := &answerNode{summary: st.w.ShowAnswer}
		for b := c.FirstChild().NextSibling(); b != nil; {
			next := b.NextSibling()
			c.RemoveChild(c, b)
			a.AppendChild(a, b)
			b = next
		}
		c.AppendChild(c, a)
	}
}

// stripMarker removes the text of the marker, which ends at offset end,
// from the start of paragraph p; the text after it on the same line stays.
func stripMarker(p *ast.Paragraph, src []byte, end int) {
	for n := p.FirstChild(); n != nil; {
		t, ok := n.(*ast.Text)
		if !ok {
			return
		}
		next := n.NextSibling()
		if t.Segment.Stop <= end {
			p.RemoveChild(p, t)
			n = next
			continue
		}
		seg := t.Segment
		if seg.Start < end {
			seg = seg.WithStart(end)
		}
		for seg.Start < seg.Stop && (src[seg.Start] == ' ' || src[seg.Start] == '\t') {
			seg = seg.WithStart(seg.Start + 1)
		}
		t.Segment = seg
		return
	}
}
