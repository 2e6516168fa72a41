package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcpplayground/playground/internal/csvcell"
	"github.com/mcpplayground/playground/internal/store"
)

// runRoster is "playground roster import [-db DSN] [-url BASE] FILE": it
// adds the roster's students to the room (or updates their names) and
// prints each student's personal code and join link as CSV, to mail or
// hand out.
func runRoster(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "reissue" {
		return runRosterReissue(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "import" {
		fmt.Fprintln(stderr, "usage: playground roster import [-db DSN] [-url BASE] [-lang en|fr] FILE")
		fmt.Fprintln(stderr, "       playground roster reissue [-db DSN] [-url BASE] [-lang en|fr] STUDENT_ID")
		return groupExit(args)
	}
	fs := flag.NewFlagSet("roster import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "playground.db", "SQLite database file or postgres:// URL")
	base := fs.String("url", "", "the playground's address, to print whole links (http://host:8080)")
	lang := fs.String("lang", "en", "the language of the links: en or fr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground roster import [-db DSN] [-url BASE] [-lang en|fr] FILE")
		fmt.Fprintln(stderr, "FILE is a CSV of student_id,name[,email], one student a line (a header line is optional).")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args[1:]); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 1 || (*lang != "en" && *lang != "fr") {
		fs.Usage()
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	defer f.Close()
	students, err := store.ParseRoster(f)
	if errors.Is(err, store.ErrBadRoster) {
		fmt.Fprintf(stderr, "roster: %s: %v\n", fs.Arg(0), err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	return importRoster(*db, strings.TrimRight(*base, "/"), *lang, students, stdout, stderr)
}

func importRoster(dsn, base, lang string, students []store.RosterStudent, stdout, stderr io.Writer) int {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	defer st.Close()
	added, updated, err := st.ImportRoster(ctx, students)
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	learners, err := st.Learners(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	in := map[string]bool{}
	for _, s := range students {
		in[s.StudentID] = true
	}
	w := csv.NewWriter(stdout)
	_ = w.Write([]string{"student_id", "name", "email", "code", "link"})
	for _, l := range learners {
		if in[l.StudentID] {
			// Escaped: this is opened in a spreadsheet to mail the links.
			_ = w.Write(csvcell.Row(l.StudentID, l.DisplayName, l.Email, l.ResumeCode, base+"/"+lang+"/join?student="+l.ResumeCode))
		}
	}
	w.Flush()
	fmt.Fprintf(stderr, "roster: %d added, %d updated in %s\n", added, updated, st.Path())
	return 0
}

// runRosterReissue is "playground roster reissue [-db DSN] [-url BASE]
// STUDENT_ID": the student gets a new personal code and link, for one that
// leaked; the old ones stop working at once and the browsers that came in
// with them are signed out. It prints the student's line as import does.
func runRosterReissue(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("roster reissue", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "playground.db", "SQLite database file or postgres:// URL")
	base := fs.String("url", "", "the playground's address, to print a whole link (http://host:8080)")
	lang := fs.String("lang", "en", "the language of the link: en or fr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground roster reissue [-db DSN] [-url BASE] [-lang en|fr] STUDENT_ID")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 1 || (*lang != "en" && *lang != "fr") {
		fs.Usage()
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	defer st.Close()
	l, err := st.LearnerByStudentID(ctx, fs.Arg(0))
	if err == nil {
		l, err = st.ReissueResumeCode(ctx, l.ID)
	}
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(stderr, "roster: no student %q in the room of %s\n", fs.Arg(0), st.Path())
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "roster: %v\n", err)
		return 2
	}
	w := csv.NewWriter(stdout)
	_ = w.Write([]string{"student_id", "name", "email", "code", "link"})
	_ = w.Write(csvcell.Row(l.StudentID, l.DisplayName, l.Email, l.ResumeCode, strings.TrimRight(*base, "/")+"/"+*lang+"/join?student="+l.ResumeCode))
	w.Flush()
	fmt.Fprintf(stderr, "roster: %s has a new code; the old one no longer works\n", l.StudentID)
	return 0
}
