package main

import (
	"context"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/csvcell"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

// The real binary imports a roster into either engine and prints each
// student's personal code and link; a bad file is exit 1 with its line,
// and nothing is imported.
func TestRosterImport(t *testing.T) {
	t.Parallel()
	bin := playgroundBinary(t)
	for name, dsn := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "r.db") },
		"postgres": func(t *testing.T) string { return pgtest.DSN(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := dsn(t)
			dir := t.TempDir()
			bad := filepath.Join(dir, "bad.csv")
			good := filepath.Join(dir, "roster.csv")
			quote := filepath.Join(dir, "quote.csv")
			os.WriteFile(bad, []byte("s1,Ada\ns2\n"), 0o600)
			os.WriteFile(quote, []byte("s1,Ada\r\"s2,Bob\r"), 0o600)
			os.WriteFile(good, []byte("student_id,name,email\ns1,Ada Lovelace,ada@uni.example\ns2,Bob Jones,\n-2+3,\"=HYPERLINK(\"\"http://x.example\"\")\",@x.example\n"), 0o600)

			for _, f := range []string{bad, quote} {
				out, err := exec.Command(bin, "roster", "import", "-db", db, f).CombinedOutput()
				if code := exitCode(err); code != 1 || !strings.Contains(string(out), "line 2") || strings.Contains(string(out), "goroutine") {
					t.Errorf("bad roster %s: exit %d, %s", filepath.Base(f), code, out)
				}
			}
			cmd := exec.Command(bin, "roster", "import", "-db", db, "-url", "http://room.example:8080/", good)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			stdout, err := cmd.Output()
			if err != nil {
				t.Fatalf("roster import: %v: %s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "3 added, 0 updated") {
				t.Errorf("stderr %q", stderr.String())
			}
			rows, err := csv.NewReader(strings.NewReader(string(stdout))).ReadAll()
			if err != nil || len(rows) != 4 || strings.Join(rows[0], ",") != "student_id,name,email,code,link" {
				t.Fatalf("output %q (%v)", stdout, err)
			}
			st, err := store.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			ls, err := st.Learners(context.Background())
			if err != nil || len(ls) != 3 {
				t.Fatalf("learners %v, %v", ls, err)
			}
			// A leaked code is replaced: the new one is printed, the old
			// one finds no one.
			out, err := exec.Command(bin, "roster", "reissue", "-db", db, "s1").Output()
			again, _ := st.LearnerByStudentID(context.Background(), "s1")
			if err != nil || again.ResumeCode == ls[0].ResumeCode || !strings.Contains(string(out), "s1,Ada Lovelace,ada@uni.example,"+again.ResumeCode+",/en/join?student="+again.ResumeCode) {
				t.Errorf("reissue: %v, %q (old code %s, new %s)", err, out, ls[0].ResumeCode, again.ResumeCode)
			}
			if _, err := st.LearnerByResumeCode(context.Background(), ls[0].ResumeCode); err == nil {
				t.Error("the old code still finds the student")
			}
			if out, err := exec.Command(bin, "roster", "reissue", "-db", db, "nobody").CombinedOutput(); exitCode(err) != 1 || !strings.Contains(string(out), `no student "nobody"`) {
				t.Errorf("reissue of an unknown student: exit %d, %s", exitCode(err), out)
			}
			for i, l := range ls {
				// Formulas are escaped for the spreadsheet this is opened in.
				want := csvcell.Row(l.StudentID, l.DisplayName, l.Email, l.ResumeCode, "http://room.example:8080/en/join?student="+l.ResumeCode)
				if strings.Join(rows[i+1], "|") != strings.Join(want, "|") {
					t.Errorf("row %d = %v, want %v", i+1, rows[i+1], want)
				}
			}
		})
	}
}

func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
