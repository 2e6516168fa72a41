package markdown

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Geometry of a diagram, in px at font-size 14. Text width is estimated from
// the characters (the server has no fonts to measure with), erring wide so
// labels never overlap in the usual sans-serif fonts.
const (
	fontSize    = 14
	margin      = 8
	boxH        = 34
	boxPadX     = 14
	boxMinW     = 72
	colGap      = 32 // between two participant boxes
	labelPad    = 14 // on each side of a message label
	headLen     = 10 // arrowhead length
	headHalf    = 5  // arrowhead half width
	rowMessage  = 42
	rowSelf     = 52
	selfLoopW   = 28
	noteH       = 28
	rowNote     = noteH + 14
	notePadX    = 10
	noteSpanExt = 24 // how far a note over several participants passes their lifelines
	maxLabel    = 80 // runes drawn; the <desc> keeps the whole text
)

const (
	svgFont  = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
	codeFont = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
)

// SequenceSVG renders the sequence syntax (see the package documentation) to
// an accessible inline SVG in lang ("en" or "fr"). Line numbers in its
// errors count from 1 at the first line of src. The SVG uses no ids, so any
// number of diagrams can share a page, and no inline styles: colours come
// from currentColor and the seq-* classes.
func SequenceSVG(src string, lang i18n.Lang) (template.HTML, error) {
	return SequenceSVGLinked(src, lang, nil)
}

// SequenceLink makes one message arrow of a diagram a link: to Href, with
// the element id ID (so a page can link back to the arrow) and Label as
// its accessible name.
type SequenceLink struct {
	Href, ID, Label string
}

// SequenceSVGLinked is SequenceSVG with each message arrow a link: link is
// called with the 0-based position of each message among the diagram's
// messages (notes are not counted) and returns its link, or a zero
// SequenceLink for none. Linked diagrams carry the ids they are given, and
// are a group of links (with the diagram's title and description) rather
// than one image, so keyboard and screen reader users reach each arrow.
func SequenceSVGLinked(src string, lang i18n.Lang, link func(n int) SequenceLink) (template.HTML, error) {
	w, err := wordsFor(lang)
	if err != nil {
		return "", fmt.Errorf("render sequence diagram: %w", err)
	}
	d, err := parseSequence(strings.Split(src, "\n"), 1)
	if err != nil {
		return "", err
	}
	return d.svg(w, link), nil
}

// geometry is where things go: centres of the lifelines, box widths, and
// the horizontal extent of everything drawn (before the final shift).
type geometry struct {
	cx, boxW    []int
	left, right int
}

type constraint struct{ lo, hi, need int }

func (d *diagram) layout() geometry {
	n := len(d.participants)
	g := geometry{cx: make([]int, n), boxW: make([]int, n)}
	for i, p := range d.participants {
		g.boxW[i] = max(boxMinW, textWidth(p.label)+2*boxPadX)
	}
	gaps := make([]int, max(n-1, 0))
	for i := range gaps {
		gaps[i] = g.boxW[i]/2 + g.boxW[i+1]/2 + colGap
	}
	// Each message label must fit between the lifelines it joins, each note
	// between its neighbours. Widening the narrowest spans first and sharing
	// a deficit among the gaps of a span keeps satisfied spans satisfied:
	// gaps only ever grow.
	var cs []constraint
	for _, e := range d.events {
		tw := textWidth(clip(e.text))
		switch {
		case !e.note && e.from != e.to:
			cs = append(cs, constraint{min(e.from, e.to), max(e.from, e.to), tw + 2*labelPad + headLen})
		case !e.note: // a message to oneself loops to the right of its lifeline
			if e.from+1 < n {
				cs = append(cs, constraint{e.from, e.from + 1, selfLoopW + tw + 2*labelPad})
			}
		case e.place == placeOver && e.from == e.to:
			half := max(tw+2*notePadX, boxMinW)/2 + labelPad
			if e.from > 0 {
				cs = append(cs, constraint{e.from - 1, e.from, half})
			}
			if e.from+1 < n {
				cs = append(cs, constraint{e.from, e.from + 1, half})
			}
		case e.place == placeOver:
			cs = append(cs, constraint{e.from, e.to, tw + 2*notePadX - 2*noteSpanExt})
		case e.place == placeLeft && e.from > 0:
			cs = append(cs, constraint{e.from - 1, e.from, tw + 2*notePadX + 2*labelPad})
		case e.place == placeRight && e.from+1 < n:
			cs = append(cs, constraint{e.from, e.from + 1, tw + 2*notePadX + 2*labelPad})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].hi-cs[i].lo < cs[j].hi-cs[j].lo })
	for _, c := range cs {
		have := 0
		for _, gp := range gaps[c.lo:c.hi] {
			have += gp
		}
		if deficit := c.need - have; deficit > 0 {
			span := c.hi - c.lo
			each := (deficit + span - 1) / span
			for k := c.lo; k < c.hi; k++ {
				gaps[k] += each
			}
		}
	}
	for i := 1; i < n; i++ {
		g.cx[i] = g.cx[i-1] + gaps[i-1]
	}
	// The extent: boxes, then whatever sticks out past the outer lifelines.
	g.left, g.right = math.MaxInt, math.MinInt
	for i := range n {
		g.left = min(g.left, g.cx[i]-g.boxW[i]/2)
		g.right = max(g.right, g.cx[i]+g.boxW[i]-g.boxW[i]/2)
	}
	for _, e := range d.events {
		l, r := d.eventExtent(g, e)
		g.left, g.right = min(g.left, l), max(g.right, r)
	}
	return g
}

// eventExtent is the horizontal span an event draws over.
func (d *diagram) eventExtent(g geometry, e event) (left, right int) {
	tw := textWidth(clip(e.text))
	a, b := g.cx[e.from], g.cx[e.to]
	switch {
	case !e.note && e.from != e.to:
		mid := (a + b) / 2
		return min(a, b, mid-tw/2), max(a, b, mid+tw/2+1)
	case !e.note:
		return a, a + selfLoopW + labelPad/2 + tw + 1
	}
	x, w := noteBox(g, e, tw)
	return x, x + w
}

// noteBox places a note: its x and width.
func noteBox(g geometry, e event, tw int) (x, w int) {
	w = tw + 2*notePadX
	a, b := g.cx[e.from], g.cx[e.to]
	switch e.place {
	case placeLeft:
		return a - labelPad - w, w
	case placeRight:
		return a + labelPad, w
	}
	if e.from == e.to {
		w = max(w, boxMinW)
		return a - w/2, w
	}
	w = max(w, b-a+2*noteSpanExt)
	return (a+b)/2 - w/2, w
}

// svg draws the diagram. Presentation attributes (stroke="currentColor",
// fill="none") make it legible without any stylesheet; the classes let the
// site's CSS restyle it for light and dark themes.
func (d *diagram) svg(w *words, link func(n int) SequenceLink) template.HTML {
	g := d.layout()
	shift := margin - g.left
	for i := range g.cx {
		g.cx[i] += shift
	}
	g.left, g.right = g.left+shift, g.right+shift
	width := g.right + margin

	rowsH := 0
	for _, e := range d.events {
		rowsH += rowHeight(e)
	}
	top := margin
	lifeTop := top + boxH
	y := lifeTop + 10
	bottomBox := lifeTop + 10 + rowsH + 10
	height := bottomBox + boxH + margin

	var b strings.Builder
	role := "img"
	if link != nil {
		role = "group"
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="seq-svg" role="%s" viewBox="0 0 %d %d" width="%d" height="%d" font-family="%s" font-size="%d" fill="currentColor">`,
		role, width, height, width, height, svgFont, fontSize)
	names := make([]string, len(d.participants))
	for i, p := range d.participants {
		names[i] = p.label
	}
	fmt.Fprintf(&b, "\n<title>%s</title>\n<desc>%s</desc>\n", esc(fmt.Sprintf(w.DiagramTitle, w.list(names))), esc(d.describe(w)))

	b.WriteString(`<g class="seq-lifelines" stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="4 4">` + "\n")
	for i := range d.participants {
		fmt.Fprintf(&b, `<line class="seq-lifeline" x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", g.cx[i], lifeTop, g.cx[i], bottomBox)
	}
	b.WriteString("</g>\n")
	for _, boxY := range []int{top, bottomBox} {
		for i, p := range d.participants {
			x := g.cx[i] - g.boxW[i]/2
			fmt.Fprintf(&b, `<g class="seq-actor"><rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="none" stroke="currentColor"/>`, x, boxY, g.boxW[i], boxH)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">`, g.cx[i], boxY+boxH/2+5)
			writeLabel(&b, p.label)
			b.WriteString("</text></g>\n")
		}
	}
	n := 0
	for _, e := range d.events {
		if e.note {
			d.drawNote(&b, g, e, y)
		} else {
			var l SequenceLink
			if link != nil {
				l = link(n)
			}
			n++
			openLink(&b, l)
			drawMessage(&b, g, e, y)
			if l.Href != "" {
				b.WriteString("</a>\n")
			}
		}
		y += rowHeight(e)
	}
	b.WriteString("</svg>")
	return template.HTML(b.String()) //nolint:gosec // every text goes through esc or writeLabel
}

// openLink opens the link l of a message, when it has one.
func openLink(b *strings.Builder, l SequenceLink) {
	if l.Href == "" {
		return
	}
	b.WriteString(`<a class="seq-link" href="` + esc(l.Href) + `"`)
	if l.ID != "" {
		b.WriteString(` id="` + esc(l.ID) + `"`)
	}
	if l.Label != "" {
		b.WriteString(` aria-label="` + esc(l.Label) + `"`)
	}
	b.WriteString(">")
}

func rowHeight(e event) int {
	switch {
	case e.note:
		return rowNote
	case e.from == e.to:
		return rowSelf
	}
	return rowMessage
}

func drawMessage(b *strings.Builder, g geometry, e event, y int) {
	x1, x2 := g.cx[e.from], g.cx[e.to]
	dash, class, text := "", "", clip(e.text)
	if e.arrow == arrowResponse || e.arrow == arrowError {
		dash = ` stroke-dasharray="6 4"`
	}
	switch e.mark {
	case '!':
		// Drawn apart without the site's CSS too: thick, crossed.
		dash, class, text = dash+` stroke-width="2.5"`, " seq-bad", "✗ "+text
	case '?':
		dash, class = ` stroke-dasharray="2 5"`, " seq-open"
	}
	fmt.Fprintf(b, `<g class="seq-msg %s%s">`, arrowClasses[e.arrow], class)
	if x1 == x2 {
		// A loop out to the right and back, the head pointing left.
		y1, y2 := y+12, y+36
		xr := x1 + selfLoopW
		fmt.Fprintf(b, `<polyline points="%d,%d %d,%d %d,%d %d,%d" fill="none" stroke="currentColor"%s/>`, x1, y1, xr, y1, xr, y2, x1+2, y2, dash)
		writeHead(b, e.arrow, x1, y2, -1)
		fmt.Fprintf(b, `<text x="%d" y="%d">`, xr+labelPad/2, (y1+y2)/2+5)
	} else {
		ly := y + 28
		dir := 1
		if x2 < x1 {
			dir = -1
		}
		end := x2
		if e.arrow == arrowRequest || e.arrow == arrowResponse {
			end = x2 - dir*headLen/2 // the filled head covers the line's end
		}
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="currentColor"%s/>`, x1, ly, end, ly, dash)
		writeHead(b, e.arrow, x2, ly, dir)
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">`, (x1+x2)/2, ly-9)
	}
	writeLabel(b, text)
	b.WriteString("</text></g>\n")
}

// writeHead draws the head of an arrow whose tip is at (x, y), pointing
// right when dir is 1 and left when it is -1. Heads are polygons rather than
// <marker>s, which would need ids unique on the page.
func writeHead(b *strings.Builder, a arrow, x, y, dir int) {
	bx := x - dir*headLen
	switch a {
	case arrowRequest, arrowResponse:
		fmt.Fprintf(b, `<polygon class="seq-head" points="%d,%d %d,%d %d,%d"/>`, x, y, bx, y-headHalf, bx, y+headHalf)
	case arrowNotification:
		fmt.Fprintf(b, `<polyline class="seq-head" points="%d,%d %d,%d %d,%d" fill="none" stroke="currentColor"/>`, bx, y-headHalf, x, y, bx, y+headHalf)
	case arrowError:
		cx := x - dir*headHalf
		fmt.Fprintf(b, `<path class="seq-head" d="M%d %dL%d %dM%d %dL%d %d" stroke="currentColor" stroke-width="2"/>`,
			cx-headHalf, y-headHalf, cx+headHalf, y+headHalf, cx-headHalf, y+headHalf, cx+headHalf, y-headHalf)
	}
}

func (d *diagram) drawNote(b *strings.Builder, g geometry, e event, y int) {
	text := clip(e.text)
	x, w := noteBox(g, e, textWidth(text))
	ny := y + (rowNote-noteH)/2
	fmt.Fprintf(b, `<g class="seq-note"><rect x="%d" y="%d" width="%d" height="%d" rx="3" fill="currentColor" fill-opacity="0.08" stroke="currentColor" stroke-opacity="0.6"/>`, x, ny, w, noteH)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">`, x+w/2, ny+noteH/2+5)
	writeLabel(b, text)
	b.WriteString("</text></g>\n")
}

// describe lists the exchange in words for the <desc>, so a screen reader
// user gets what the picture shows: "1. Request from Client to Server: …".
func (d *diagram) describe(w *words) string {
	label := func(i int) string { return d.participants[i].label }
	var parts []string
	for i, e := range d.events {
		var s string
		if e.note {
			var who []string
			for k := e.from; k <= e.to; k++ {
				who = append(who, label(k))
			}
			switch e.place {
			case placeLeft:
				s = fmt.Sprintf(w.NoteLeft, who[0])
			case placeRight:
				s = fmt.Sprintf(w.NoteRight, who[0])
			default:
				s = fmt.Sprintf(w.NoteOver, w.list(who))
			}
		} else {
			format := [...]string{arrowRequest: w.Request, arrowResponse: w.Response, arrowNotification: w.Notification, arrowError: w.ErrorReply}[e.arrow]
			s = fmt.Sprintf(format, label(e.from), label(e.to))
		}
		if t := strings.ReplaceAll(e.text, "`", ""); t != "" {
			s += w.Colon + t
		}
		switch e.mark {
		case '!':
			s += w.Bad
		case '?':
			s += w.Open
		}
		if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
			s += "."
		}
		parts = append(parts, strconv.Itoa(i+1)+". "+s)
	}
	return strings.Join(parts, " ")
}

// clip shortens a label for drawing; the <desc> keeps it whole.
func clip(s string) string {
	if n := 0; len(s) > maxLabel {
		for i := range s {
			if n == maxLabel-1 {
				return s[:i] + "…"
			}
			n++
		}
	}
	return s
}

// writeLabel writes escaped text, with `code` spans in a monospace tspan.
func writeLabel(b *strings.Builder, s string) {
	for i, part := range strings.Split(s, "`") {
		if part == "" {
			continue
		}
		if i%2 == 1 {
			fmt.Fprintf(b, `<tspan class="seq-code" font-family="%s">%s</tspan>`, codeFont, esc(part))
		} else {
			b.WriteString(esc(part))
		}
	}
}

// esc escapes text for the SVG and replaces what XML cannot hold (invalid
// UTF-8, control characters), so the SVG stays well-formed whatever a
// learner typed.
func esc(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0xFFFE || r == 0xFFFF {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, string(utf8.RuneError)))
	return html.EscapeString(s)
}

// textWidth estimates the drawn width of a label in px, code spans included.
func textWidth(s string) int {
	w, code := 0.0, false
	for _, r := range s {
		switch {
		case r == '`':
			code = !code
		case code:
			w += 8.5
		default:
			w += runeWidth(r)
		}
	}
	return int(math.Ceil(w))
}

// asciiWidths are the advance widths of ' '..'~' at 14px in DejaVu Sans,
// measured in Chromium. It is the widest of the usual system sans-serif
// fonts, so labels sized with it fit in the others too.
var asciiWidths = [...]float64{
	4.45, 5.61, 6.44, 11.73, 8.91, 13.30, 10.92, 3.85, 5.46, 5.46, 7.00, 11.73, 4.45, 5.05, 4.45, 4.72,
	8.91, 8.91, 8.91, 8.91, 8.91, 8.91, 8.91, 8.91, 8.91, 8.91, 4.72, 4.72, 11.73, 11.73, 11.73, 7.43,
	14.00, 9.58, 9.60, 9.78, 10.78, 8.85, 8.05, 10.85, 10.53, 4.13, 4.13, 9.18, 7.80, 12.08, 10.47, 11.02,
	8.44, 11.02, 9.73, 8.89, 8.55, 10.25, 9.58, 13.84, 9.59, 8.55, 9.59, 5.46, 4.72, 5.46, 11.73, 7.00,
	7.00, 8.58, 8.89, 7.70, 8.89, 8.61, 4.93, 8.89, 8.87, 3.89, 3.89, 8.11, 3.89, 13.64, 8.87, 8.57,
	8.89, 8.89, 5.76, 7.29, 5.49, 8.87, 8.29, 11.45, 8.29, 8.29, 7.35, 8.91, 4.72, 8.91, 11.73,
}

func runeWidth(r rune) float64 {
	if r >= ' ' && r <= '~' {
		return asciiWidths[r-' ']
	}
	// An accented letter is as wide as its base letter: é as e, À as A.
	if base, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r))); base >= ' ' && base <= '~' {
		return asciiWidths[base-' ']
	}
	if r < 0x1100 {
		return 9
	}
	return 14 // CJK and other wide scripts
}
