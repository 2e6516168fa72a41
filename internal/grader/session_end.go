package grader

import "slices"

// End returns what only the end of the conversation can show (a request never
// answered, ...), each finding naming the messages it concerns. It may be
// called at any point, and more than once: it changes nothing.
func (s *Session) End() []Finding {
	var out []Finding
	for side := range s.ids {
		for _, st := range s.ids[side] {
			if st.resp >= 0 {
				continue
			}
			d := diag{code: codeSessUnanswered, a: dargs{value: st.key.text(), method: st.method}}
			msgs := []int{st.idx}
			if st.cancel >= 0 {
				d.code = codeSessCancelledOpen
				msgs = append(msgs, st.cancel)
			}
			out = append(out, s.finding(d, msgs))
		}
	}
	if s.initResult >= 0 && s.initialized < 0 && s.rev != Rev20260728 {
		out = append(out, s.finding(diag{code: codeSessInitializedNever, a: dargs{extra: msgRef(s.initResult)}}, []int{s.initResult}))
	}
	slices.SortFunc(out, func(a, b Finding) int { return a.Messages[0] - b.Messages[0] })
	return out
}

func (s *Session) finding(d diag, msgs []int) Finding {
	def := codeIndex[d.code]
	msg, t := renderAll(d, s.lang)
	return Finding{Code: d.code, Severity: def.sev, Messages: msgs, Message: msg, Lesson: def.lesson, texts: t}
}
