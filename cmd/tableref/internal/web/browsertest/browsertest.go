// Package browsertest starts headless Chromium for the tests of tableref's
// pages (the status page, the club page).
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium starts headless Chromium for a test and returns its first tab,
// without a time limit, or skips the test outside CI when it is not
// installed (scripts/setup installs Debian's chromium). more are further
// options (flags) for the browser.
func Chromium(t testing.TB, more ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed; scripts/setup installs it (Debian package chromium)")
		}
		t.Skip("chromium is not installed (Debian package chromium, installed by scripts/setup): the page is not tested in a browser")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), append(opts, more...)...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	return ctx
}
