package grader

// MethodSender returns who sends method in revision rev ("" looks in every
// revision, the default one first): "client", "server", "both", or "" for a
// method no revision defines. Readers of logs use it to tell the sender of a
// message the log does not attribute.
func MethodSender(method, rev string) string {
	if r := revisions[rev]; r != nil {
		if d := r.methods[method]; d != nil {
			return d.from
		}
		return ""
	}
	for _, name := range lookupRevisions {
		if d := revisions[name].methods[method]; d != nil {
			return d.from
		}
	}
	return ""
}
