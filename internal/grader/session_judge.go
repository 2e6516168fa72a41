package grader

import (
	"slices"
	"strconv"
)

// sdiag is a conversation diagnostic before it is rendered.
type sdiag struct {
	code    string
	sev     string // "" takes the code's severity
	at      *Value // where it points in the message (nil: the whole message)
	ptr     string
	a       dargs
	related []int
}

// judge builds the report of raw as the next message, and the facts record
// would apply. It changes nothing but the scratch parser and buffer.
func (s *Session) judge(raw []byte, from Sender) (Report, facts) {
	f := s.read(raw, from)
	s.resolve(&f)
	s.revision(&f)
	var request []byte
	if f.target != nil {
		request = s.requestText(&f)
	}
	rep := Check(raw, Options{Protocol: f.rev, Lang: s.lang, Request: request, Sender: from})
	if rep.Kind == KindInvalid && !bothOutcomes(&f) {
		f.kind = KindInvalid // a receiver cannot read it: it does not take part
	}
	if f.kind == KindInvalid {
		return rep, f
	}
	s.merge(&rep, f.root, s.rules(&f))
	return rep, f
}

// resolve finds the request that a response, a progress notification or a
// cancellation refers to.
func (s *Session) resolve(f *facts) {
	switch {
	case (f.kind == KindResponse || f.kind == KindError) && f.key.kind != 0:
		s.resolveResponse(f)
	case f.kind == KindNotification && f.method == "notifications/progress" && f.token.kind != 0:
		// Progress flows from the receiver of the request to its requester.
		for side := range 2 {
			if st := s.tokens[side][f.token]; st != nil && f.from != side {
				f.target, f.reqSide = st, side
				break
			}
		}
	case f.kind == KindNotification && f.method == "notifications/cancelled" && f.cancel.kind != 0:
		// Only the requester cancels.
		for side := range 2 {
			if st := s.ids[side][f.cancel]; st != nil && (f.from < 0 || f.from == side) {
				f.target, f.reqSide = st, side
				break
			}
		}
	}
	s.resolvePair(f)
}

func (s *Session) resolveResponse(f *facts) {
	if f.from >= 0 {
		f.reqSide = 1 - f.from
		f.target = s.ids[f.reqSide][f.key]
		if f.target == nil {
			f.ownReq = s.ids[f.from][f.key]
		}
		return
	}
	// Sender unknown: the side whose request is waiting, else any.
	for _, pending := range []bool{true, false} {
		for side := range 2 {
			if st := s.ids[side][f.key]; st != nil && (st.resp < 0) == pending {
				f.target, f.reqSide, f.from = st, side, 1-side
				return
			}
		}
	}
}

// revision decides the revision the message is checked under, and whether it
// changes the session's: a successful initialize result names the negotiated
// revision, and an initialize request is read in the revision it proposes; a
// first request that speaks 2026-07-28 (in its _meta), before any
// handshake, makes the session a 2026-07-28 one.
func (s *Session) revision(f *facts) {
	switch {
	case f.kind == KindResponse && f.target != nil && f.target.method == "initialize" && f.target.resp < 0 &&
		f.result != nil && f.result.Kind == Object:
		if v := f.result.Get("protocolVersion"); v != nil && v.Kind == String && JudgedRevision(v.Str) && v.Str != Rev20260728 {
			f.rev, f.newRev = v.Str, v.Str
		}
	case f.kind == KindRequest && f.method == "initialize" && JudgedRevision(f.version) && f.version != Rev20260728:
		f.rev = f.version // the client writes it in the revision it proposes
	case f.kind == KindRequest && f.version == Rev20260728 && f.method != "initialize" &&
		s.rev != Rev20260728 && s.initReq < 0 && s.initResult < 0:
		f.rev, f.newRev = Rev20260728, Rev20260728
	}
}

// requestText writes the request a response answers, as Check needs it: its
// method, whether it asked for a task, and the response's own id (the session
// matched them already). Nil when Check could not use it.
func (s *Session) requestText(f *facts) []byte {
	if f.kind != KindResponse && f.kind != KindError {
		return nil
	}
	if f.id == nil || (f.id.Kind != String && f.id.Kind != Number) || f.id.bad {
		return nil
	}
	r := revisions[f.rev]
	if r == nil {
		return nil
	}
	def := r.methods[f.target.method]
	if def == nil || def.notif || (f.kind == KindResponse && !HasResult(def.name, f.rev)) {
		return nil
	}
	b := append(s.buf[:0], `{"jsonrpc":"2.0","id":`...)
	b = append(b, f.id.Raw...)
	b = append(b, `,"method":"`...)
	b = append(b, def.name...)
	b = append(b, '"')
	if f.target.task {
		b = append(b, `,"params":{"task":{}}`...)
	}
	b = append(b, '}')
	s.buf = b
	return b
}

// msgRef names a message as the timeline numbers it (from 1).
func msgRef(idx int) string { return "#" + strconv.Itoa(idx+1) }

// merge renders the conversation diagnostics and adds them to the report, in
// text order; the first error blocks when nothing else did.
func (s *Session) merge(rep *Report, root *Value, ds []sdiag) {
	if len(ds) == 0 {
		return
	}
	blocked := !rep.Valid
	for _, d := range ds {
		out := s.render(d, root)
		if out.Severity == SeverityError {
			rep.Valid = false
			if !blocked {
				out.Blocking, blocked = true, true
			}
		}
		rep.Diagnostics = append(rep.Diagnostics, out)
	}
	slices.SortStableFunc(rep.Diagnostics, func(a, b Diagnostic) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
}

// render builds one conversation diagnostic in the session's language,
// with its others (Diagnostic.In).
func (s *Session) render(d sdiag, root *Value) Diagnostic {
	at := d.at
	if at == nil {
		at = root
	}
	def := codeIndex[d.code]
	sev := d.sev
	if sev == "" {
		sev = def.sev
	}
	msg, t := renderAll(diag{code: d.code, a: d.a}, s.lang)
	return Diagnostic{Code: d.code, Severity: sev, Pointer: d.ptr, Line: at.Pos.Line, Column: at.Pos.Column,
		Message: msg, Lesson: def.lesson, Related: d.related, texts: t}
}

// bothOutcomes reports a response that carries both result and error: it
// is invalid (codeBoth says why), but its id is read as any response's,
// so it answers its request, and both ends say what is wrong with it.
func bothOutcomes(f *facts) bool {
	return f.kind == KindResponse && f.key.kind != 0 && f.root != nil && f.root.Get("error") != nil
}
