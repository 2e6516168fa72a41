package grader

import "slices"

// Protocol revisions the checker knows.
const (
	Rev20241105     = "2024-11-05"
	Rev20250326     = "2025-03-26"
	Rev20250618     = "2025-06-18"
	Rev20251125     = "2025-11-25"
	Rev20260728     = "2026-07-28"
	DefaultRevision = Rev20251125
)

// RevisionInfo is one row of the revision table: a protocol revision and
// what the packages that speak it need to know about it.
type RevisionInfo struct {
	// Name is the revision's date, as protocolVersion writes it.
	Name string
	// Course: the course and its exercises use it, the gift server speaks
	// it and the server check runs it. The others are only judged, for
	// the logs of real clients and servers that still speak them.
	Course bool
	// Handshake: its sessions open with initialize (every revision before
	// 2026-07-28, which is stateless).
	Handshake bool
}

// revisionTable is the one table of revisions, oldest first: the checker,
// the gift server (mockserver), the server check, the CLI's help, the pages
// and the docs read it (revisions_test.go holds the texts to it).
var revisionTable = [...]RevisionInfo{
	{Name: Rev20241105, Handshake: true},
	{Name: Rev20250326, Handshake: true},
	{Name: Rev20250618, Course: true, Handshake: true},
	{Name: Rev20251125, Course: true, Handshake: true},
	{Name: Rev20260728, Course: true},
}

// RevisionTable returns the table of revisions, oldest first.
func RevisionTable() []RevisionInfo { return slices.Clone(revisionTable[:]) }

// revisionNames lists the names of the table's rows that keep says to keep,
// oldest first.
func revisionNames(keep func(RevisionInfo) bool) []string {
	var out []string
	for _, r := range revisionTable {
		if keep(r) {
			out = append(out, r.Name)
		}
	}
	return out
}

// courseRevisions are the revisions the course and its exercises use,
// oldest first.
var courseRevisions = revisionNames(func(r RevisionInfo) bool { return r.Course })

// CourseRevisions lists the revisions the course uses, oldest first.
func CourseRevisions() []string { return slices.Clone(courseRevisions) }

// Revisions lists the revisions the checker judges, oldest first.
func Revisions() []string { return revisionNames(func(RevisionInfo) bool { return true }) }

// KnownRevision reports whether rev is a revision the course and its
// exercises use (CourseRevisions).
func KnownRevision(rev string) bool {
	return slices.Contains(courseRevisions, rev)
}

// JudgedRevision reports whether rev is a revision the checker judges: the
// course's, and the older ones real logs still speak (Revisions).
func JudgedRevision(rev string) bool {
	return revisions[rev] != nil
}

// revisions are the method tables of the table's revisions: the course's
// written in spec.go, the older ones derived from 2025-06-18's
// (spec_older.go).
var revisions = func() map[string]*revision {
	m := make(map[string]*revision, len(revisionTable))
	for _, r := range revisionTable {
		if r.Course {
			m[r.Name] = buildRevision(r.Name)
		} else {
			m[r.Name] = olderRevision(r.Name)
		}
	}
	return m
}()

// lookupRevisions is the order in which a method is looked up when no
// revision is given: the default one, then the course's others, newest
// first.
var lookupRevisions = func() []string {
	out := []string{DefaultRevision}
	for _, r := range slices.Backward(courseRevisions) {
		if r != DefaultRevision {
			out = append(out, r)
		}
	}
	return out
}()
