package grader

// The two revisions before 2025-06-18, which real clients and servers still
// speak (a log is judged by its own revision). Their tables are 2025-06-18's
// less what each added, written as the differences the specification's
// changelogs list, so that the table of spec.go stays one:
//
//   - 2025-06-18 added elicitation (elicitation/create and the client's
//     elicitation capability), resource_link content, structured tool output
//     (structuredContent, outputSchema), title on named things and the
//     completion request's context, and removed JSON-RPC batches, which
//     2025-03-26 had added.
//   - 2025-03-26 added audio content, tool annotations, the completions
//     capability and the progress notification's message; 2024-11-05's HTTP
//     transport is HTTP+SSE (an endpoint event, then POSTs).
//
// Members a revision does not define are only warnings (mcp.field.unknown):
// what the older revision lacks is taken out where its absence rejects a
// message (a content type, a method); the rest stays known, so that a message
// an SDK sends in an older revision is never called invalid.

// olderRevision derives the table of rev (2024-11-05 or 2025-03-26) from
// 2025-06-18's.
func olderRevision(rev string) *revision {
	r := buildRevision(Rev20250618)
	r.name = rev
	r.batches = rev == Rev20250326
	delete(r.methods, "elicitation/create")
	drop := map[string]bool{"resource_link": true}
	if rev == Rev20241105 {
		drop["audio"] = true
	}
	seen := map[*shape]bool{}
	for _, d := range r.methods {
		dropCases(d.params, drop, seen)
		dropCases(d.result, drop, seen)
	}
	return r
}

// dropCases takes the content types in drop out of every content union
// reachable from s.
func dropCases(s *shape, drop map[string]bool, seen map[*shape]bool) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	if s.disc == "type" && s.cases != nil && s.cases["text"] != nil {
		for name := range drop {
			delete(s.cases, name)
		}
	}
	for _, f := range s.fields {
		dropCases(f.sh, drop, seen)
	}
	dropCases(s.values, drop, seen)
	dropCases(s.items, drop, seen)
	dropCases(s.def, drop, seen)
	for _, c := range s.cases {
		dropCases(c, drop, seen)
	}
}
