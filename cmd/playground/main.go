// Command playground serves MCP Playground: lessons, exercises and a live
// mock MCP server, for learners in a browser. main only wires: every
// subcommand lives in its own file.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `MCP Playground: learn how the Model Context Protocol talks.

Usage:
  playground [serve] [flags]          serve the course (default 127.0.0.1:8080)
  playground version                  print the version, the commit and the build date
  playground healthcheck [-addr HOST:PORT] [-timeout 5s]
                                      ask a running server's /healthz (the container's health check)
  playground validate [flags] FILE|-  check one message and print the report as JSON
  playground explain [flags] FILE|-   explain a real MCP log: every message checked, paired, its problems
  playground check-content [-content-mode extend] [DIR]
                                      lint lessons and exercises (the instructor's CI)
  playground mockserver -stdio [flags] the gift MCP server on stdin/stdout (or -http ADDR)
  playground check-server [flags] (-url URL | -- CMD ARGS…)
                                      run the server exercises against your MCP server
  playground check-client [flags] -- CMD ARGS…
                                      run the client exercises against your MCP client
  playground backup [-db PATH] FILE   copy the database while the server runs
  playground migrate [-db DSN]        apply pending migrations, then exit (before rolling out instances)
  playground content export DIR       write the bundled course to DIR, the start of your own
  playground regrade [-db DSN] [-content DIR] [-content-mode extend] [-exercise ID] [-dry-run] [-v]
                                      grade stored answers again with today's checks
  playground new lesson [-dir DIR] [-order N] SLUG
  playground new exercise -kind K -lesson L [-dir DIR] ID
                                      write a lesson or an exercise that passes check-content, with TODOs
  playground roster import [-db DSN] [-url BASE] [-lang en|fr] FILE
                                      add a CSV of students (student_id,name[,email]); print their personal links
  playground roster reissue [-db DSN] [-url BASE] [-lang en|fr] STUDENT_ID
                                      give a student a new code and link; the old ones stop working
  playground lti add-platform -db DB -issuer ISS -client-id CID -deployment DID -auth-url URL -token-url URL -jwks-url URL [-url BASE]
                                      register an LMS (LTI 1.3) and print the tool's URLs to paste into it
  playground lti list [-db DB]
  playground lti remove [-db DB] ID
  playground lti rotate-key [-db DB]  list, remove an LMS; give the tool a new signing key

Every flag can also be set as PLAYGROUND_<NAME> in the environment.
Run "playground <command> -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the exit code: 0 success,
// 1 the content or message is wrong, 2 usage or I/O error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && isHelp(args[0]) {
		cmd = "help"
	} else if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(args, stderr)
	case "version":
		return runVersion(args, stdout, stderr)
	case "healthcheck":
		return runHealthcheck(args, stdout, stderr)
	case "validate":
		return runValidate(args, stdin, stdout, stderr)
	case "explain":
		return runExplain(args, stdin, stdout, stderr)
	case "check-content":
		return runCheckContent(args, stdout, stderr)
	case "mockserver":
		return runMockserver(args, stdin, stdout, stderr)
	case "check-server":
		return runCheckServer(args, stdout, stderr)
	case "check-client":
		return runCheckClient(args, stdout, stderr)
	case relayCommand:
		return runCheckClientRelay(args, stdin, stdout, stderr)
	case "backup":
		return runBackup(args, stdout, stderr)
	case "content":
		return runContent(args, stdout, stderr)
	case "regrade":
		return runRegrade(args, stdout, stderr)
	case "new":
		return runNew(args, stdout, stderr)
	case "roster":
		return runRoster(args, stdout, stderr)
	case "migrate":
		return runMigrate(args, stdout, stderr)
	case "lti":
		return runLTI(args, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "playground: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
}
