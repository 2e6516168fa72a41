package grader

import (
	"strconv"
	"strings"
)

// The rules of the conversation. Each reads the session and the message's
// facts and changes nothing (Peek relies on it); record applies the facts.

func (s *Session) rules(f *facts) []sdiag {
	var ds []sdiag
	switch f.kind {
	case KindRequest:
		ds = s.requestRules(f, ds)
	case KindNotification:
		ds = s.lifecycleRules(f, ds)
		ds = append(ds, s.capRule(f)...)
		switch f.method {
		case "notifications/progress":
			ds = s.progressRules(f, ds)
		case "notifications/cancelled":
			ds = s.cancelRules(f, ds)
		}
	case KindResponse, KindError:
		ds = s.responseRules(f, ds)
	}
	return ds
}

// legacy reports whether the message is checked under a revision with a
// handshake.
func (f *facts) legacy() bool { return f.rev != Rev20260728 }

func (s *Session) requestRules(f *facts, ds []sdiag) []sdiag {
	requester := max(f.from, 0)
	prev := s.ids[requester][f.key]
	switch {
	case prev != nil && f.legacy():
		ds = append(ds, sdiag{code: codeSessIDReused, at: f.id, ptr: "/id", related: []int{prev.idx},
			a: dargs{value: clip(f.id.Raw), extra: msgRef(prev.idx)}})
	case prev != nil && prev.resp < 0:
		ds = append(ds, sdiag{code: codeSessIDPending, at: f.id, ptr: "/id", related: []int{prev.idx},
			a: dargs{value: clip(f.id.Raw), extra: msgRef(prev.idx)}})
	}
	f.newEntry = prev == nil
	if f.newEntry && s.count >= s.maxIDs && !s.forgot {
		ds = append(ds, sdiag{code: codeSessLimit, at: f.id, ptr: "/id", a: dargs{extra: groupDigits(s.maxIDs, ","), extraFr: groupDigits(s.maxIDs, "\u202f")}})
	}
	ds = s.lifecycleRules(f, ds)
	ds = append(ds, s.capRule(f)...)
	if f.token.kind != 0 {
		if t := s.tokens[requester][f.token]; t != nil && t.resp < 0 && t != prev {
			ds = append(ds, sdiag{code: codeSessProgTokenReused, at: f.tokenV, ptr: "/params/_meta/progressToken",
				related: []int{t.idx}, a: dargs{value: clip(f.tokenV.Raw), extra: msgRef(t.idx)}})
		}
	}
	return ds
}

// lifecycleRules: the handshake comes first, once; until it is done each side
// only sends what the lifecycle allows.
func (s *Session) lifecycleRules(f *facts, ds []sdiag) []sdiag {
	if !f.legacy() || f.method == "ping" {
		return ds
	}
	at := func(code string, related ...int) sdiag {
		d := sdiag{code: code, at: f.methodV, ptr: "/method", related: related, a: dargs{method: f.method}}
		if len(related) > 0 {
			d.a.extra = msgRef(related[0])
		}
		return d
	}
	switch {
	case f.method == "initialize" && f.kind == KindRequest:
		if s.initReq >= 0 {
			ds = append(ds, at(codeSessInitAgain, s.initReq))
		}
	case s.initReq < 0:
		if !s.partial { // a piece of a session: the handshake came before it
			ds = append(ds, at(codeSessBeforeInit))
		}
	case f.method == "notifications/initialized":
		if s.initResult < 0 {
			ds = append(ds, at(codeSessInitializedEarly, s.initReq))
		}
	case f.kind != KindRequest:
	case f.from == 0 && s.initResult < 0:
		ds = append(ds, at(codeSessBeforeInitResult, s.initReq))
	case f.from == 1 && s.initialized < 0:
		ds = append(ds, at(codeSessBeforeInitialized))
	}
	return ds
}

func (s *Session) progressRules(f *facts, ds []sdiag) []sdiag {
	if f.tokenV == nil || f.token.kind == 0 {
		return ds // the single-message check reports it
	}
	st := f.target
	const ptr = "/params/progressToken"
	switch {
	case st == nil && !s.forgot && !s.partial:
		who := sideWords[max(1-max(f.from, 0), 0)]
		ds = append(ds, sdiag{code: codeSessProgUnknown, at: f.tokenV, ptr: ptr,
			a: dargs{value: clip(f.tokenV.Raw), extra: who[0], extraFr: who[1]}})
	case st == nil:
	case st.resp >= 0:
		ds = append(ds, sdiag{code: codeSessProgAfterResp, at: f.tokenV, ptr: ptr, related: []int{st.idx, st.resp},
			a: dargs{value: clip(f.tokenV.Raw), extra: msgRef(st.idx)}})
	case f.progV != nil && st.progAt >= 0 && f.progV.float() <= st.progress:
		ds = append(ds, sdiag{code: codeSessProgNotIncr, at: f.progV, ptr: "/params/progress", related: []int{st.progAt},
			a: dargs{value: clip(f.progV.Raw), extra: msgRef(st.progAt)}})
	}
	return ds
}

func (s *Session) cancelRules(f *facts, ds []sdiag) []sdiag {
	if f.cancelV == nil || f.cancel.kind == 0 {
		return ds
	}
	st := f.target
	const ptr = "/params/requestId"
	switch {
	case st == nil && !s.forgot && !s.partial:
		who := sideWords[max(f.from, 0)]
		ds = append(ds, sdiag{code: codeSessCancelUnknown, at: f.cancelV, ptr: ptr,
			a: dargs{value: clip(f.cancelV.Raw), extra: who[0], extraFr: who[1]}})
	case st == nil:
	case st.method == "initialize":
		ds = append(ds, sdiag{code: codeSessCancelInit, at: f.cancelV, ptr: ptr, related: []int{st.idx},
			a: dargs{extra: msgRef(st.idx)}})
	case st.resp >= 0:
		ds = append(ds, sdiag{code: codeSessCancelFinished, at: f.cancelV, ptr: ptr, related: []int{st.idx, st.resp},
			a: dargs{value: clip(f.cancelV.Raw), extra: msgRef(st.idx)}})
	}
	return ds
}

func (s *Session) responseRules(f *facts, ds []sdiag) []sdiag {
	if f.key.kind == 0 {
		// No id, or null: the single-message check says what it means,
		// unless it answers the notification the other side just sent (a
		// server that handles notifications/initialized as a request).
		if o := s.last[1-max(f.from, 0)]; f.kind == KindError && f.from >= 0 && s.n > 0 && o.notif && o.idx == s.n-1 {
			d := sdiag{code: codeSessRespToNotif, at: f.id, ptr: "/id", related: []int{o.idx}, a: dargs{method: o.method, extra: msgRef(o.idx)}}
			if f.id == nil {
				d.ptr = ""
			}
			ds = append(ds, d)
		}
		return ds
	}
	st := f.target
	d := sdiag{at: f.id, ptr: "/id", a: dargs{value: clip(f.id.Raw)}}
	switch {
	case st != nil && st.resp >= 0:
		d.code, d.related, d.a.extra = codeSessRespTwice, []int{st.idx, st.resp}, msgRef(st.idx)
	case st != nil && st.cancel >= 0:
		d.code, d.related, d.a.extra = codeSessRespAfterCancel, []int{st.idx, st.cancel}, msgRef(st.cancel)
	case st != nil:
		return ds
	case f.other >= 0:
		return ds // it answers a message that was no request (its id could be read)
	case f.ownReq != nil:
		d.code, d.related, d.a.extra = codeSessRespWrongSide, []int{f.ownReq.idx}, msgRef(f.ownReq.idx)
	case s.forgot || s.partial:
		return ds
	default:
		who := sideWords[max(1-max(f.from, 0), 0)]
		d.code, d.a.extra, d.a.extraFr = codeSessRespUnknown, who[0], who[1]
	}
	return append(ds, d)
}

// groupDigits writes n with its digits in groups of three: 100,000 in
// English, 100 000 (narrow no-break space) in French.
func groupDigits(n int, sep string) string {
	d := strconv.Itoa(n)
	var b strings.Builder
	for i := range len(d) {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteByte(d[i])
	}
	return b.String()
}
