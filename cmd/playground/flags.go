package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
)

// envDefaults fills every flag that was not given on the command line from
// PLAYGROUND_<NAME> (dashes become underscores), so a workshop can be set up
// with environment variables alone. The command line wins.
func envDefaults(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if set[f.Name] || err != nil {
			return
		}
		key := "PLAYGROUND_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := os.LookupEnv(key); ok {
			if e := f.Value.Set(v); e != nil {
				err = fmt.Errorf("%s=%q: %w", key, v, e)
			}
		}
	})
	return err
}

// parseFlags parses args and then the environment; it prints problems and
// usage on stderr.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := envDefaults(fs); err != nil {
		fmt.Fprintln(fs.Output(), err)
		return err
	}
	return nil
}

// errUsage is a usage error already explained on stderr.
var errUsage = errors.New("usage error")

// flagsExit is the exit code of a command whose flags did not parse: 0
// when -h asked for the usage (printed, nothing else done), 2 otherwise.
func flagsExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// isHelp says whether arg asks for the usage.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// groupExit is the exit code of a command group (content, new, roster)
// given no known subcommand, once its usage is printed: 0 when args asked
// for it with -h, 2 otherwise.
func groupExit(args []string) int {
	if len(args) > 0 && isHelp(args[0]) {
		return 0
	}
	return 2
}
