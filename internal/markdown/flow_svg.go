package markdown

import (
	"fmt"
	"html/template"
	"strings"
)

// Geometry of a decision diagram, in px: boxes on rows, one row per level,
// every outcome in a column of its own, a question centred over its answers.
const (
	flowBoxH   = 34
	flowRowGap = 46 // between two rows: room for the edge and its label
	flowColGap = 16
	flowMinW   = 96
)

// flowLayout is where each box goes.
type flowLayout struct {
	x, w  map[*flowNode]int // centre and width
	depth map[*flowNode]int
	width int
	rows  int
}

func layoutFlow(root *flowNode) flowLayout {
	l := flowLayout{x: map[*flowNode]int{}, w: map[*flowNode]int{}, depth: map[*flowNode]int{}}
	next := margin // left edge of the next outcome's column
	var place func(f *flowNode, d int) (left, right int)
	place = func(f *flowNode, d int) (int, int) {
		l.depth[f] = d
		l.rows = max(l.rows, d+1)
		w := max(flowMinW, textWidth(clip(f.text))+2*boxPadX)
		l.w[f] = w
		if len(f.children) == 0 {
			l.x[f] = next + w/2
			next += w + flowColGap
			return next - w - flowColGap, next - flowColGap
		}
		left, right := 1<<30, 0
		for _, c := range f.children {
			cl, cr := place(c, d+1)
			left, right = min(left, cl), max(right, cr)
		}
		l.x[f] = (left + right) / 2
		if w > right-left { // a question wider than its answers pushes the next columns
			next = max(next, l.x[f]+w/2+flowColGap)
		}
		return min(left, l.x[f]-w/2), max(right, l.x[f]+w/2)
	}
	_, right := place(root, 0)
	l.width = right + margin
	return l
}

func (l flowLayout) top(f *flowNode) int { return margin + l.depth[f]*(flowBoxH+flowRowGap) }

// flowSVG draws the tree, with a <title> and a <desc> that read the whole
// decision aloud.
func flowSVG(root *flowNode, w *words) template.HTML {
	l := layoutFlow(root)
	height := margin + l.rows*(flowBoxH+flowRowGap) - flowRowGap + margin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="flow-svg" role="img" viewBox="0 0 %d %d" width="%d" height="%d" font-family="%s" font-size="%d" fill="currentColor">`,
		l.width, height, l.width, height, svgFont, fontSize)
	fmt.Fprintf(&b, "\n<title>%s</title>\n<desc>%s</desc>\n", esc(fmt.Sprintf(w.FlowTitle, strings.ReplaceAll(root.text, "`", ""))), esc(describeFlow(root, w)))
	var draw func(f *flowNode)
	draw = func(f *flowNode) {
		y := l.top(f)
		for _, c := range f.children {
			cy := l.top(c)
			fmt.Fprintf(&b, `<g class="flow-edge"><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="currentColor" stroke-opacity="0.6"/>`, l.x[f], y+flowBoxH, l.x[c], cy)
			// The label sits two thirds down its edge, so siblings' labels
			// spread out as their edges do.
			mx, my := l.x[f]+(l.x[c]-l.x[f])*2/3, y+flowBoxH+(cy-y-flowBoxH)*2/3+4
			fmt.Fprintf(&b, `<text class="flow-answer-label" x="%d" y="%d" text-anchor="middle" font-size="12">`, mx, my)
			writeLabel(&b, clip(c.answer))
			b.WriteString("</text></g>\n")
		}
		class, rx := "flow-question", 14
		if f.leaf {
			class, rx = "flow-outcome", 3
		}
		fmt.Fprintf(&b, `<g class="%s"><rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="none" stroke="currentColor"/>`, class, l.x[f]-l.w[f]/2, y, l.w[f], flowBoxH, rx)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">`, l.x[f], y+flowBoxH/2+5)
		writeLabel(&b, clip(f.text))
		b.WriteString("</text></g>\n")
		for _, c := range f.children {
			draw(c)
		}
	}
	draw(root)
	b.WriteString("</svg>")
	return template.HTML(b.String()) //nolint:gosec // every text goes through esc or writeLabel
}

// describeFlow reads the tree as text: "Is there a method? yes: … ; no: …".
func describeFlow(f *flowNode, w *words) string {
	text := strings.ReplaceAll(f.text, "`", "")
	if f.leaf {
		return text
	}
	parts := make([]string, len(f.children))
	for i, c := range f.children {
		parts[i] = strings.ReplaceAll(c.answer, "`", "") + w.Colon + describeFlow(c, w)
	}
	return text + " (" + strings.Join(parts, "; ") + ")"
}
