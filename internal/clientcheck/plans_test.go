package clientcheck

// testPlans are the scenarios of the bundled client exercises, for the
// package's own tests (the exercises' files list the same steps).
var testPlans = map[string]*Plan{
	"first-call": {Exercise: "first-call", Protocol: "2025-11-25", Revisions: []string{"2025-06-18", "2025-11-25"},
		Steps: steps("initialize", "initialized", "tools-list", "first-call")},
	"server-requests": {Exercise: "server-requests", Protocol: "2025-11-25", Revisions: []string{"2025-06-18", "2025-11-25"},
		Steps: steps("handshake", "capabilities", "call-preferences", "ping", "roots", "elicit-accept", "elicit-decline", "elicit-cancel", "sampling")},
	"progress-cancel": {Exercise: "progress-cancel", Protocol: "2025-11-25", Revisions: []string{"2025-06-18", "2025-11-25"},
		Steps: steps("handshake", "slow-call", "ping-while-busy", "cancel")},
	"pages": {Exercise: "pages", Protocol: "2025-11-25", Revisions: []string{"2025-06-18", "2025-11-25"},
		Steps: steps("handshake", "pages", "unlock", "relist", "call-new-tool")},
	"stateless": {Exercise: "stateless", Protocol: "2026-07-28", Steps: steps("discover", "call-meta", "input-required", "retry")},
}

func steps(names ...string) []PlanStep {
	out := make([]PlanStep, len(names))
	for i, n := range names {
		out[i] = PlanStep{Name: n, Title: n}
	}
	return out
}
