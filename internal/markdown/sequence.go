package markdown

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits keep a diagram readable and bound the work done for text that may
// come from a learner's live session on the console page.
const (
	maxParticipants = 20
	maxEvents       = 1000
)

// arrow is the kind of a message, named after what it means in JSON-RPC.
type arrow int

const (
	arrowRequest      arrow = iota // ->>  solid line, filled head
	arrowResponse                  // -->> dashed line, filled head
	arrowNotification              // -)   solid line, open head
	arrowError                     // --x  dashed line, cross
)

// arrowTokens is in matching order: a longer token before its prefix.
var arrowTokens = []struct {
	tok  string
	kind arrow
}{
	{"-->>", arrowResponse},
	{"--x", arrowError},
	{"->>", arrowRequest},
	{"-)", arrowNotification},
}

var arrowClasses = [...]string{
	arrowRequest:      "seq-msg-request",
	arrowResponse:     "seq-msg-response",
	arrowNotification: "seq-msg-notification",
	arrowError:        "seq-msg-error",
}

type placement int

const (
	placeOver placement = iota
	placeLeft
	placeRight
)

type participant struct {
	id, label string
	declLine  int // line of the "participant" line; 0 when only used
}

// event is one row of the diagram: a message or a note.
type event struct {
	line  int
	note  bool
	arrow arrow     // messages
	mark  byte      // messages: '!' a problem, '?' not answered, 0 none
	place placement // notes
	// from and to index participants; for a note over several participants
	// they are the leftmost and the rightmost.
	from, to int
	text     string
}

type diagram struct {
	participants []*participant
	byID         map[string]int
	events       []event
}

// parseSequence reads the sequence syntax. lines[i] is at line firstLine+i
// of the file, so errors point at the line an author must fix.
func parseSequence(lines []string, firstLine int) (*diagram, error) {
	d := &diagram{byID: map[string]int{}}
	for i, raw := range lines {
		n := firstLine + i
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var err error
		switch kw, rest := keyword(line); {
		case strings.EqualFold(kw, "participant"):
			err = d.parseParticipant(rest, n)
		case strings.EqualFold(kw, "note"):
			err = d.parseNote(rest, n)
		default:
			err = d.parseMessage(line, n)
		}
		if err != nil {
			return nil, err
		}
		if len(d.events) > maxEvents {
			return nil, &Error{Line: n, Msg: fmt.Sprintf("a sequence diagram may hold at most %d messages and notes; split it", maxEvents)}
		}
	}
	if len(d.events) == 0 {
		return nil, &Error{Line: firstLine, Msg: "the sequence diagram has no message: add a line such as \"C->>S: initialize\""}
	}
	return d, nil
}

// keyword splits off the first word when a space follows it; "Note->>S"
// is a message from a participant called Note, not a note.
func keyword(line string) (kw, rest string) {
	i := strings.IndexFunc(line, unicode.IsSpace)
	if i < 0 {
		return "", line
	}
	return line[:i], strings.TrimSpace(line[i:])
}

func (d *diagram) parseParticipant(rest string, n int) error {
	const want = `write "participant ID" or "participant ID as Label"`
	id, after := cutIdent(rest)
	if id == "" {
		return &Error{Line: n, Msg: "participant: the ID is missing or has characters other than letters, digits and _: " + want}
	}
	label := id
	if after = strings.TrimSpace(after); after != "" {
		kw, l := keyword(after)
		if !strings.EqualFold(kw, "as") || l == "" {
			return &Error{Line: n, Msg: fmt.Sprintf("participant %s: unexpected %q: %s", id, after, want)}
		}
		label = l
	}
	if i, ok := d.byID[id]; ok {
		p := d.participants[i]
		if p.declLine > 0 {
			return &Error{Line: n, Msg: fmt.Sprintf("participant %s is declared twice (first on line %d)", id, p.declLine)}
		}
		p.label, p.declLine = label, n
		return nil
	}
	_, err := d.add(id, n)
	if err == nil {
		p := d.participants[len(d.participants)-1]
		p.label, p.declLine = label, n
	}
	return err
}

// add returns the index of participant id, adding it on first use.
func (d *diagram) add(id string, n int) (int, error) {
	if i, ok := d.byID[id]; ok {
		return i, nil
	}
	if len(d.participants) == maxParticipants {
		return 0, &Error{Line: n, Msg: fmt.Sprintf("a sequence diagram may have at most %d participants", maxParticipants)}
	}
	d.byID[id] = len(d.participants)
	d.participants = append(d.participants, &participant{id: id, label: id})
	return len(d.participants) - 1, nil
}

func (d *diagram) parseMessage(line string, n int) error {
	const want = `expected a message such as "C->>S: text", "participant ID as Label", "Note over A,B: text" or a # comment`
	from, rest := cutIdent(line)
	if from == "" {
		return &Error{Line: n, Msg: fmt.Sprintf("cannot read %q: %s", line, want)}
	}
	rest = strings.TrimLeft(rest, " \t")
	kind, tok := arrow(-1), ""
	for _, a := range arrowTokens {
		if strings.HasPrefix(rest, a.tok) {
			kind, tok = a.kind, a.tok
			break
		}
	}
	if tok == "" {
		got := rest
		if end := strings.IndexFunc(rest, func(r rune) bool { return !strings.ContainsRune("-=<>()~.", r) }); end >= 0 {
			got = rest[:end]
		}
		if got == "" {
			return &Error{Line: n, Msg: fmt.Sprintf("cannot read %q: %s", line, want)}
		}
		return &Error{Line: n, Msg: fmt.Sprintf("unknown arrow %q: use ->> for a request, -->> for a response, -) for a notification or --x for an error response", got)}
	}
	rest = rest[len(tok):]
	var mark byte
	if rest != "" && (rest[0] == '!' || rest[0] == '?') {
		mark, rest = rest[0], rest[1:]
	}
	to, rest := cutIdent(strings.TrimLeft(rest, " \t"))
	if to == "" {
		return &Error{Line: n, Msg: fmt.Sprintf("the participant after %q is missing (IDs use letters, digits and _)", from+tok)}
	}
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, ":") {
		return &Error{Line: n, Msg: fmt.Sprintf(`expected ":" and the message text after "%s%s%s"`, from, tok, to)}
	}
	fi, err := d.add(from, n)
	if err != nil {
		return err
	}
	ti, err := d.add(to, n)
	if err != nil {
		return err
	}
	d.events = append(d.events, event{line: n, arrow: kind, mark: mark, from: fi, to: ti, text: strings.TrimSpace(rest[1:])})
	return nil
}

func (d *diagram) parseNote(rest string, n int) error {
	const want = `write "Note over A: text", "Note over A,B: text", "Note left of A: text" or "Note right of A: text"`
	ev := event{line: n, note: true}
	lower := strings.ToLower(rest)
	switch {
	case strings.HasPrefix(lower, "over "):
		ev.place, rest = placeOver, rest[len("over "):]
	case strings.HasPrefix(lower, "left of "):
		ev.place, rest = placeLeft, rest[len("left of "):]
	case strings.HasPrefix(lower, "right of "):
		ev.place, rest = placeRight, rest[len("right of "):]
	default:
		return &Error{Line: n, Msg: "Note: " + want}
	}
	who, text, ok := strings.Cut(rest, ":")
	if !ok {
		return &Error{Line: n, Msg: `Note: expected ":" and the note text; ` + want}
	}
	ids := strings.Split(who, ",")
	if ev.place != placeOver && len(ids) > 1 {
		return &Error{Line: n, Msg: "Note left of / right of takes one participant; use Note over A,B to span several"}
	}
	ev.from, ev.to = -1, -1
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if got, rest := cutIdent(id); got == "" || rest != "" {
			return &Error{Line: n, Msg: fmt.Sprintf("Note: %q is not a participant ID (letters, digits and _); %s", id, want)}
		}
		i, err := d.add(id, n)
		if err != nil {
			return err
		}
		if ev.from < 0 || i < ev.from {
			ev.from = i
		}
		if i > ev.to {
			ev.to = i
		}
	}
	ev.text = strings.TrimSpace(text)
	d.events = append(d.events, ev)
	return nil
}

// cutIdent splits off a leading participant ID: letters, digits and _.
func cutIdent(s string) (id, rest string) {
	end := 0
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			break
		}
		end += size
	}
	return s[:end], s[end:]
}
