package grader

import (
	"sync"
	"unsafe"

	"github.com/mcpplayground/playground/internal/i18n"
)

// state is the reusable memory of one Check: the parser's arenas, the path being
// walked and the diagnostics found. Pooled, so that checking a valid message
// allocates almost nothing.
type state struct {
	p     parser
	rp    parser // for the request a response answers
	path  []pathElem
	diags []diag
	names []string

	rev           *revision
	root          *Value // the message being checked
	method        string // the method being checked, for messages
	sender        Sender
	reqParamsTask bool   // the request being answered asked to run as a task
	lesson        string // lesson of the part being checked, for generic field codes
}

type pathElem struct {
	key string
	idx int // -1 for object keys
}

var statePool = sync.Pool{New: func() any { return new(state) }}

// TooLarge is the report for a message over MaxSize bytes, for callers that stop
// reading at the limit (HTTP handlers with a capped body).
func TooLarge(opts Options) Report {
	return Check(oversize[:], opts)
}

// oversize is never read: Check only looks at its length.
var oversize [MaxSize + 1]byte

// Check checks one message and explains what it finds. It never panics, does not
// keep src, and answers in opts.Lang.
func Check(src []byte, opts Options) Report {
	return check(src, opts, nil)
}

// check is Check; with rd, it also hands over what it read (CheckRead).
func check(src []byte, opts Options, rd *Reading) Report {
	revName := opts.Protocol
	if revName == "" {
		revName = DefaultRevision
	}
	lang := i18n.EN
	if opts.Lang == i18n.FR {
		lang = i18n.FR
	}
	if r := revisions[revName]; r != nil && r.batches && len(src) <= MaxSize {
		opts.Protocol = revName
		if rep, ok := checkBatch(src, opts); ok {
			return rep
		}
	}
	rep := Report{Protocol: revName, Kind: KindInvalid, Diagnostics: []Diagnostic{}}
	st := statePool.Get().(*state)
	defer st.release()
	st.diags = st.diags[:0]
	st.path = st.path[:0]
	st.sender = opts.Sender
	st.lesson = ""
	st.method = ""
	st.rev = revisions[revName]

	// The tree and the diagnostics only live until the report is built, and every
	// string the report keeps is copied, so src can be read in place.
	s := unsafe.String(unsafe.SliceData(src), len(src))
	switch {
	case st.rev == nil:
		st.add(diag{code: codeProtocolUnknown, layer: layerGrader, a: dargs{value: clip(revName),
			extra: JoinRevisions(Revisions(), "and"), extraFr: JoinRevisions(Revisions(), "et")}})
		s = ""
	case len(src) > MaxSize:
		st.add(diag{code: codeTooLarge, layer: layerSyntax})
		s = ""
	default:
		root := st.p.parse(s)
		st.diags = append(st.diags, st.p.diags...)
		if !st.p.fatal && root != nil {
			st.root = root
			st.message(root, &rep, opts.Request)
			if rd != nil && len(st.p.diags) == 0 {
				rd.read(root)
			}
		}
		st.receiverSees(&rep)
	}
	st.finish(&rep, s, st.p.bom, lang)
	return rep
}

func (st *state) release() {
	// Forget the caller's text before pooling: the arenas are kept, their
	// contents are not.
	st.p.clear()
	st.rp.clear()
	clear(st.diags)
	st.diags = st.diags[:0]
	st.path = st.path[:0]
	st.rev = nil
	st.root = nil
	statePool.Put(st)
}

// full reports whether no more diagnostics will be kept, so that the work of
// explaining one can be skipped.
func (st *state) full() bool { return len(st.diags) >= maxDiags }

func (st *state) add(d diag) {
	if len(st.diags) < maxDiags {
		st.diags = append(st.diags, d)
	}
}

// receiverSees makes the report's kind the one a receiver sees: a text with a
// syntax error is not a message it can read, whatever it was meant to be. What
// it looks like comes from the envelope when the scan recovered, or from the
// top-level keys read before it stopped.
func (st *state) receiverSees(rep *Report) {
	for i := range st.diags {
		d := &st.diags[i]
		if d.layer != layerSyntax || st.severity(*d) != SeverityError {
			continue
		}
		if rep.Kind != KindInvalid {
			rep.LooksLike = rep.Kind
		} else if rep.LooksLike == "" {
			rep.LooksLike = st.p.top.looksLike()
		}
		rep.Kind = KindInvalid
		return
	}
}
