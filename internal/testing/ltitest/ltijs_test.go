package ltitest

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// EnvLTIJS names the directory whose node_modules holds ltijs@5.9.9,
// ltijs-sequelize, pg and pg-hstore (.ci/run installs them).
const EnvLTIJS = "PLAYGROUND_LTIJS_DIR"

// The test platform is faithful enough for a certified tool library: it
// launches ltijs (IMS-certified) through the OIDC login and takes the
// score ltijs posts with a token its JWT client assertion obtained.
func TestLTIJSToolLaunchAndScore(t *testing.T) {
	dir := os.Getenv(EnvLTIJS)
	if testing.Short() {
		t.Skip("starts node: not in -short mode")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ltijs")); dir == "" || err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s must name a directory with ltijs installed; CI requires it", EnvLTIJS)
		}
		t.Skipf("no ltijs: set %s to a directory with node_modules/ltijs", EnvLTIJS)
	}
	dsn, err := url.Parse(pgtest.Require(t))
	if err != nil {
		t.Fatal(err)
	}
	p := New(t)
	port := freePort(t)
	tool := "http://127.0.0.1:" + strconv.Itoa(port)
	p.ToolJWKS = tool + "/keys"
	script, _ := filepath.Abs(filepath.Join("testdata", "ltijs_tool.js"))
	pass, _ := dsn.User.Password()
	host := dsn.Query().Get("host")
	if host == "" {
		host = dsn.Hostname()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script)
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(dir, "node_modules"), "PORT="+strconv.Itoa(port),
		"DB_NAME="+strings.TrimPrefix(dsn.Path, "/"), "DB_USER="+dsn.User.Username(), "DB_PASS="+pass, "DB_HOST="+host, "DB_PORT="+dsn.Port(),
		"ISSUER="+p.Issuer(), "CLIENT_ID="+p.ClientID, "AUTH_URL="+p.AuthURL(), "TOKEN_URL="+p.TokenURL(), "JWKS_URL="+p.JWKSURL())
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	lines := bufio.NewScanner(out)
	started := false
	for !started && lines.Scan() {
		started = strings.TrimSpace(lines.Text()) == "ready"
	}
	if !started {
		t.Fatal("the ltijs tool ended before it was ready (its errors are above)")
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	p.PrepareLaunch(Launch{Sub: "u-ada", Name: "Ada", Roles: []string{Learner}, ContextID: "c-1", TargetLink: tool + "/", LineItem: p.LineItem("li-1")})
	login := url.Values{"iss": {p.Issuer()}, "login_hint": {"u-ada"}, "target_link_uri": {tool + "/"}, "client_id": {p.ClientID}, "lti_deployment_id": {p.DeploymentID}}
	resp, err := browser.PostForm(tool+"/login", login)
	if err != nil {
		t.Fatal(err)
	}
	page := readAll(t, resp)
	action, fields, ok := ParseForm(page)
	if !ok {
		t.Fatalf("ltijs's login did not reach the platform's form: %d %s", resp.StatusCode, page)
	}
	resp, err = browser.PostForm(action, fields)
	if err != nil {
		t.Fatal(err)
	}
	if body := readAll(t, resp); !strings.Contains(body, "score sent") {
		t.Fatalf("ltijs's launch = %d %s", resp.StatusCode, body)
	}
	scores := p.Scores()
	if len(scores) != 1 || scores[0].Body["userId"] != "u-ada" || scores[0].Body["scoreGiven"] != 1.0 {
		t.Fatalf("scores = %+v", scores)
	}
	if !strings.HasSuffix(scores[0].LineItem, "/lineitems/li-1/lineitem/scores?type_id=1") {
		t.Errorf("ltijs posted to %s", scores[0].LineItem)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
