// Package e2etest starts headless Chromium for end-to-end tests through
// chromedp. Tests are skipped, with a message, where Chromium is missing,
// unless PLAYGROUND_E2E=require (set by CI), in which case they fail.
//
// A test binary starts one Chromium, on its first Browser call, and gives
// each test a tab of its own in a browser context of its own: cookies,
// storage and cache are the test's, as in a fresh browser, and tests that
// call t.Parallel run side by side. A tab has chromedp's network and CSS
// domains turned off (see quiet). A package that uses Browser calls
// Close from its TestMain, after m.Run, to stop the browser and remove its
// profile (a temporary directory chromedp makes, and removes once the
// browser and its children are gone); the kernel stops the browser anyway
// when the binary exits.
package e2etest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser: $CHROMIUM, then the usual names.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// shared is the test binary's one browser.
var shared struct {
	once  sync.Once
	ctx   context.Context // the browser's first tab, parent of the tests' tabs
	close func()
	path  string
	err   error
}

// start starts the shared browser with a profile of its own: with no
// user data directory given, chromedp makes a temporary one.
func start(path string) {
	shared.path = path
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(windowWidth, windowHeight),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	shared.ctx = ctx
	shared.close = func() {
		cancelCtx()
		cancelAlloc() // waits for the browser's end and its profile's removal
	}
	if err := chromedp.Do(ctx); err != nil {
		shared.err = fmt.Errorf("start Chromium at %s: %w", path, err)
	}
}

// The size of every tab's window.
const windowWidth, windowHeight = 1280, 900

// Close stops the shared browser, if one was started, and removes its
// profile. Call it from TestMain after m.Run.
func Close() {
	if shared.close != nil {
		shared.close()
	}
}

// Browser returns a chromedp context for one tab of the test binary's
// headless Chromium, in a browser context of its own (its own cookies,
// storage and cache); the tab and its browser context are closed when the
// test ends.
func Browser(t testing.TB) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end browser test skipped in -short mode")
	}
	path := chromiumPath()
	if path == "" {
		if os.Getenv("PLAYGROUND_E2E") == "require" {
			t.Fatal("PLAYGROUND_E2E=require but no Chromium found (install Debian's chromium package or set CHROMIUM)")
		}
		t.Skip("Chromium not found: end-to-end test skipped (install Debian's chromium package, or set CHROMIUM)")
	}
	shared.once.Do(func() { start(path) })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	ctx, cancelCtx := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	// The browser's steps wait on the page's events with no limit of their
	// own: the test binary's deadline (go test -timeout) bounds them, with
	// a margin so that a stuck step fails with what it was doing instead
	// of a panic.
	cancelTimeout := context.CancelFunc(func() {})
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := d.Deadline(); ok {
			ctx, cancelTimeout = context.WithDeadline(ctx, deadline.Add(-deadlineMargin))
		}
	}
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
	})
	if err := chromedp.Do(ctx, chromedp.Func(quiet)); err != nil {
		t.Fatalf("open a tab in Chromium at %s: %v", shared.path, err)
	}
	return ctx
}

// quiet turns off, in a new tab, the two domains chromedp enables for
// actions these tests do not use (NavigateResponse and RunResponse read
// the network's events, ComputedStyle and MatchedStyle the CSS agent):
// with them on, the browser records every request and style sheet of the
// tab and sends the test binary an event for each, which it decodes under
// the race detector. A test that needs one enables it again.
func quiet(ctx context.Context, tab *chromedp.Target) error {
	if _, err := cdp.Call(ctx, tab, network.Disable, cdp.Empty{}); err != nil {
		return fmt.Errorf("disable the network domain: %w", err)
	}
	if _, err := cdp.Call(ctx, tab, css.Disable, cdp.Empty{}); err != nil {
		return fmt.Errorf("disable the CSS domain: %w", err)
	}
	return nil
}

// deadlineMargin is left between a browser step's end and the test
// binary's deadline, for the failure message and the cleanups.
const deadlineMargin = 30 * time.Second

// Wait blocks until the JavaScript expression is truthy in the page,
// evaluating it at every animation frame (the page's own rendering
// events), and fails the test with what was awaited if the browser's
// context ends first.
func Wait(t testing.TB, ctx context.Context, what, expr string) {
	t.Helper()
	if _, err := Poll[bool](ctx, expr); err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// Poll evaluates the JavaScript expression at every animation frame until
// it is truthy, and returns its value, with no limit of its own (the
// browser's context bounds it). A wait that a navigation interrupts (a
// form posted without script, a page that reloads itself) goes on in the
// new document once the browser has it: chromedp's own poll ends there
// with one of navigatedAway's errors, which a busy machine makes likely.
func Poll[T any](ctx context.Context, expr string) (T, error) {
	for {
		v, err := chromedp.Run(ctx, chromedp.Poll[T](expr, chromedp.WithPollingTimeout(0)))
		if err == nil || !navigatedAway(err) || ctx.Err() != nil {
			return v, err
		}
		if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS("html"))); err != nil {
			return v, err
		}
	}
}

// navigatedAway tells the error of an evaluation whose document went away
// before or while it ran.
func navigatedAway(err error) bool {
	msg := err.Error()
	for _, gone := range []string{"Inspected target navigated or closed", "Cannot find context with specified id", "Execution context was destroyed"} {
		if strings.Contains(msg, gone) {
			return true
		}
	}
	return false
}

// Do runs browser steps and fails the test with what was being done.
func Do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// Get runs one action that returns a value, failing the test on error.
func Get[T any](t testing.TB, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}
