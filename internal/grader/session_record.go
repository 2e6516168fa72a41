package grader

// record applies what judge decided about a message: the only place, with
// forget, that changes a Session.
func (s *Session) record(f *facts) {
	defer s.p.clear() // the tree aliases the caller's text
	if f.newRev != "" {
		s.rev = f.newRev
	}
	if f.from >= 0 {
		s.last[f.from] = lastSent{idx: f.idx, notif: f.env.Kind == KindNotification, method: s.methodName(f.method)}
	}
	s.recordPair(f)
	switch f.kind {
	case KindRequest:
		s.recordRequest(f)
	case KindNotification:
		s.recordNotification(f)
	case KindResponse, KindError:
		s.recordResponse(f)
	}
}

func (s *Session) recordRequest(f *facts) {
	requester := max(f.from, 0)
	if f.newEntry && s.count >= s.maxIDs && !s.forget() {
		s.forgot = true // every remembered request is still waiting: this one is not remembered
		return
	}
	st := &reqState{idx: f.idx, method: s.methodName(f.method), task: f.task, resp: -1, cancel: -1, progAt: -1}
	st.key = f.key.clone()
	if f.newEntry {
		s.count++
	} else if old := s.ids[requester][st.key]; old != nil && old.token.kind != 0 && s.tokens[requester][old.token] == old {
		delete(s.tokens[requester], old.token) // the id now names a new request; the old one is forgotten
	}
	s.ids[requester][st.key] = st
	if f.late >= 0 {
		st.resp = f.late // a response came before it (SessionOptions.LateRequests)
		s.answered = append(s.answered, answeredRef{side: requester, key: st.key, idx: st.idx})
	}
	if f.token.kind != 0 {
		st.token = f.token.clone()
		s.tokens[requester][st.token] = st
	}
	if f.method == "initialize" && f.legacy() && s.initReq < 0 {
		s.initReq = f.idx
		if f.params != nil {
			s.caps[0] = capState{bits: readCaps(f.params.Get("capabilities")), at: f.idx}
		}
	}
}

// methodName keeps a method's name without keeping the message: the tables'
// own string when the method is known.
func (s *Session) methodName(m string) string {
	if r := revisions[s.rev]; r != nil && r.methods[m] != nil {
		return r.methods[m].name
	}
	for _, rev := range lookupRevisions {
		if def := revisions[rev].methods[m]; def != nil {
			return def.name
		}
	}
	return clip(m)
}

func (s *Session) recordNotification(f *facts) {
	st := f.target
	switch {
	case f.method == "notifications/initialized" && f.legacy() && s.initialized < 0:
		s.initialized = f.idx
	case st == nil:
	case f.method == "notifications/progress" && st.resp < 0 && f.progV != nil:
		st.progAt, st.progress = f.idx, f.progV.float()
	case f.method == "notifications/cancelled" && st.resp < 0 && st.cancel < 0:
		st.cancel = f.idx
	}
}

func (s *Session) recordResponse(f *facts) {
	st := f.target
	if st == nil || st.resp >= 0 {
		return
	}
	st.resp = f.idx
	s.answered = append(s.answered, answeredRef{side: f.reqSide, key: st.key, idx: st.idx})
	if len(s.answered) > 2*s.maxIDs {
		s.compact()
	}
	switch {
	case st.method == "initialize" && f.kind == KindError && st.idx == s.initReq:
		s.initReq = -1 // the handshake failed: the client may try again
	case st.method == "initialize" && f.kind == KindResponse && st.idx == s.initReq && f.result != nil:
		s.initResult = f.idx
		s.caps[1] = capState{bits: readCaps(f.result.Get("capabilities")), at: f.idx}
	case st.method == "server/discover" && f.kind == KindResponse && f.result != nil && f.result.Kind == Object:
		s.caps[1] = capState{bits: readCaps(f.result.Get("capabilities")), at: f.idx}
	}
}

// forget drops the oldest answered request to make room, and reports whether
// it could.
func (s *Session) forget() bool {
	for len(s.answered) > 0 {
		ref := s.answered[0]
		s.answered = s.answered[1:]
		st := s.ids[ref.side][ref.key]
		if st == nil || st.idx != ref.idx {
			continue // the id was reused since (2026-07-28): a newer request holds it
		}
		delete(s.ids[ref.side], ref.key)
		if st.token.kind != 0 && s.tokens[ref.side][st.token] == st {
			delete(s.tokens[ref.side], st.token)
		}
		s.count--
		s.forgot = true
		return true
	}
	return false
}

// compact drops the answered entries whose id now belongs to a newer request.
func (s *Session) compact() {
	kept := s.answered[:0]
	for _, ref := range s.answered {
		if st := s.ids[ref.side][ref.key]; st != nil && st.idx == ref.idx {
			kept = append(kept, ref)
		}
	}
	clear(s.answered[len(kept):])
	s.answered = kept
}
