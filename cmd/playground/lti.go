package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/store"
)

const ltiUsage = `usage: playground lti add-platform -db DB -issuer ISS -client-id CID -deployment DID -auth-url URL -token-url URL -jwks-url URL [-url BASE]
       playground lti list [-db DB]
       playground lti remove [-db DB] ID
       playground lti rotate-key [-db DB]`

// ltiSynopsis is each subcommand's line of ltiUsage.
var ltiSynopsis = map[string]string{
	"add-platform": "playground lti add-platform -db DB -issuer ISS -client-id CID -deployment DID -auth-url URL -token-url URL -jwks-url URL [-url BASE]",
	"list":         "playground lti list [-db DB]",
	"remove":       "playground lti remove [-db DB] ID",
	"rotate-key":   "playground lti rotate-key [-db DB]",
}

// runLTI is "playground lti add-platform|list|remove|rotate-key": the LMSs
// (LTI 1.3 platforms) the playground takes launches from.
func runLTI(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintln(stderr, ltiUsage)
		return groupExit(args)
	}
	switch args[0] {
	case "add-platform":
		return ltiAddPlatform(args[1:], stdout, stderr)
	case "list":
		return ltiList(args[1:], stdout, stderr)
	case "remove":
		return ltiRemove(args[1:], stdout, stderr)
	case "rotate-key":
		return ltiRotateKey(args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, ltiUsage)
	return 2
}

func ltiFlags(name string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("lti "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+ltiSynopsis[name])
		fs.PrintDefaults()
	}
	db := fs.String("db", "playground.db", "SQLite database file or postgres:// URL")
	return fs, db
}

func ltiAddPlatform(args []string, stdout, stderr io.Writer) int {
	fs, db := ltiFlags("add-platform", stderr)
	var p store.LTIPlatform
	var deployment string
	fs.StringVar(&p.Issuer, "issuer", "", "the platform's issuer (iss), e.g. https://moodle.example.edu")
	fs.StringVar(&p.ClientID, "client-id", "", "the client id the platform gave the playground")
	fs.StringVar(&deployment, "deployment", "", "the deployment id (several: comma-separated)")
	fs.StringVar(&p.AuthURL, "auth-url", "", "the platform's OIDC authentication request URL")
	fs.StringVar(&p.TokenURL, "token-url", "", "the platform's OAuth 2 access token URL")
	fs.StringVar(&p.JWKSURL, "jwks-url", "", "the platform's public keyset URL")
	base := fs.String("url", "http://127.0.0.1:8080", "the playground's address as the LMS reaches it, to print the tool's URLs")
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	p.Deployments = lti.SplitDeployments(deployment)
	if err := checkPlatform(p, *base); err != nil || fs.NArg() != 0 {
		if err != nil {
			fmt.Fprintf(stderr, "lti add-platform: %v\n", err)
		}
		fmt.Fprintln(stderr, ltiUsage)
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "lti add-platform: %v\n", err)
		return 2
	}
	defer st.Close()
	if p, err = st.SaveLTIPlatform(ctx, p); err == nil {
		err = lti.New(st, lti.Config{}).EnsureKey(ctx)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lti add-platform: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "Platform %d registered: issuer %s, client id %s, deployments %s.\n\n", p.ID, p.Issuer, p.ClientID, strings.Join(p.Deployments, ", "))
	printToolURLs(stdout, lti.URLsAt(*base))
	return 0
}

// checkPlatform says what is missing or wrong in a registration.
func checkPlatform(p store.LTIPlatform, base string) error {
	if err := lti.ValidatePlatform(p); err != nil {
		return err
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("-url must be an http(s) URL, not %q", base)
	}
	return nil
}

// printToolURLs prints what to paste into the LMS.
func printToolURLs(w io.Writer, u lti.ToolURLs) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Paste into the LMS:")
	fmt.Fprintf(tw, "  Tool URL (target link URI):\t%s\n", u.Base)
	fmt.Fprintf(tw, "  Initiate login URL:\t%s\n", u.Login)
	fmt.Fprintf(tw, "  Redirection URI:\t%s\n", u.Launch)
	fmt.Fprintf(tw, "  Public keyset URL (JWKS):\t%s\n", u.JWKS)
	fmt.Fprintf(tw, "  Deep linking URL:\t%s\n", u.Launch)
	_ = tw.Flush()
}

func ltiList(args []string, stdout, stderr io.Writer) int {
	fs, db := ltiFlags("list", stderr)
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "lti list: %v\n", err)
		return 2
	}
	defer st.Close()
	ps, err := st.LTIPlatforms(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "lti list: %v\n", err)
		return 2
	}
	rooms, err := st.LTIRooms(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "lti list: %v\n", err)
		return 2
	}
	scores, sent, err := st.LTIScores(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "lti list: %v\n", err)
		return 2
	}
	courses, waiting := map[int64]int{}, map[int64]int{}
	for _, r := range rooms {
		courses[r.PlatformID]++
	}
	for i, sc := range scores {
		if !sent[i] {
			waiting[sc.PlatformID]++
		}
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tISSUER\tCLIENT ID\tDEPLOYMENTS\tCOURSES\tSCORES WAITING\tAUTH URL\tTOKEN URL\tJWKS URL")
	for _, p := range ps {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\n", p.ID, p.Issuer, p.ClientID, strings.Join(p.Deployments, ","),
			courses[p.ID], waiting[p.ID], p.AuthURL, p.TokenURL, p.JWKSURL)
	}
	_ = tw.Flush()
	return 0
}

func ltiRemove(args []string, stdout, stderr io.Writer) int {
	fs, db := ltiFlags("remove", stderr)
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "lti remove: %q is not a platform id (see playground lti list)\n", fs.Arg(0))
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "lti remove: %v\n", err)
		return 2
	}
	defer st.Close()
	if err := st.RemoveLTIPlatform(ctx, id); errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(stderr, "lti remove: no platform %d (see playground lti list)\n", id)
		return 1
	} else if err != nil {
		fmt.Fprintf(stderr, "lti remove: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "Platform %d removed; its learners keep their progress in the default room.\n", id)
	return 0
}

func ltiRotateKey(args []string, stdout, stderr io.Writer) int {
	fs, db := ltiFlags("rotate-key", stderr)
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "lti rotate-key: %v\n", err)
		return 2
	}
	defer st.Close()
	kid, err := lti.New(st, lti.Config{}).RotateKey(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "lti rotate-key: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "New signing key %s; the previous one stays published at /lti/jwks.\n", kid)
	return 0
}
