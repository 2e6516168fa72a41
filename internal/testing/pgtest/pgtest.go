// Package pgtest gives tests a real PostgreSQL: the cluster named by
// PLAYGROUND_TEST_POSTGRES_DSN (CI starts one with .ci/postgres), or else
// a throwaway cluster this package starts with the same script when
// Debian's postgresql package is installed. Each test gets its own schema,
// dropped when it ends, so tests never see each other's rows.
//
// Without PostgreSQL a test that asks for it is skipped with a message;
// with CI=true it fails instead, so CI can never pass without it.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver

	"github.com/mcpplayground/playground/internal/repo"
)

// EnvDSN names the variable that points the tests at a running cluster.
const EnvDSN = "PLAYGROUND_TEST_POSTGRES_DSN"

// Main runs a package's tests with a PostgreSQL cluster: when EnvDSN is
// not set and the server binaries are installed, it starts a throwaway
// cluster for the run and stops it afterwards. In -short mode it starts
// none (a process, the slow part of the suite): the PostgreSQL tests skip
// unless EnvDSN names a running cluster. Use it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
func Main(m *testing.M) int {
	flag.Parse() // testing.Short is known once the flags are parsed
	if os.Getenv(EnvDSN) != "" || testing.Short() {
		return m.Run()
	}
	stop, err := startCluster()
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: no throwaway PostgreSQL (%v); PostgreSQL tests will skip\n", err)
		return m.Run()
	}
	defer stop()
	return m.Run()
}

// startCluster starts .ci/postgres in a temporary directory and sets EnvDSN.
func startCluster() (func(), error) {
	root, err := repo.Root()
	if err != nil {
		return nil, err
	}
	script := filepath.Join(root, ".ci", "postgres")
	// A short path: a unix socket's path is limited to about 100 bytes.
	dir, err := os.MkdirTemp("/tmp", "pgtest.")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, script, "start", dir).Output()
	if err != nil {
		os.RemoveAll(dir)
		if ee, ok := err.(*exec.ExitError); ok {
			return nil, fmt.Errorf("%s start: %w: %s", script, err, strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, fmt.Errorf("%s start: %w", script, err)
	}
	os.Setenv(EnvDSN, strings.TrimSpace(string(out)))
	return func() {
		_ = exec.Command(script, "stop", dir).Run()
		os.RemoveAll(dir)
	}, nil
}

// Available reports whether a PostgreSQL cluster is configured.
func Available() bool { return os.Getenv(EnvDSN) != "" }

// Require skips t without PostgreSQL, or fails it when CI=true.
func Require(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvDSN)
	if base != "" {
		return base
	}
	if testing.Short() {
		t.Skip("no PostgreSQL in -short mode (no throwaway cluster is started; set " + EnvDSN + " to use one)")
	}
	msg := "no PostgreSQL: set " + EnvDSN + " or install Debian's postgresql package (.ci/postgres starts a throwaway cluster)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI requires it")
	}
	t.Skip(msg)
	return ""
}

// DSN returns the URL of a fresh, empty schema on the test cluster,
// dropped with everything in it when t ends.
func DSN(t testing.TB) string {
	t.Helper()
	base := Require(t)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("pgtest: create schema: %v", err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("pgtest: drop schema %s: %v", schema, err)
		}
	})
	return WithSchema(t, base, schema)
}

// WithSchema points a DSN at schema (search_path).
func WithSchema(t testing.TB, dsn, schema string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("pgtest: %s is not a URL: %v", EnvDSN, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
