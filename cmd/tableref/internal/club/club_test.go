package club_test

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tableref/tableref/cmd/tableref/internal/club"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/cmd/tableref/internal/live"
	"github.com/tableref/tableref/cmd/tableref/internal/web/browsertest"
	_ "github.com/tableref/tableref/rules/modes" // the recorded games' modes
)

const mosquitto = "/usr/sbin/mosquitto"

// broker is a real mosquitto on a loopback port, with its retained
// messages persisted in dir (as Debian's is) so a restart keeps them.
type broker struct {
	t    *testing.T
	dir  string
	port int
	cmd  *exec.Cmd
}

func startBroker(t *testing.T) *broker {
	t.Helper()
	if _, err := os.Stat(mosquitto); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mosquitto is not installed; scripts/setup installs it")
		}
		t.Skip("mosquitto is not installed (Debian package mosquitto, installed by scripts/setup): the club is not tested against a broker")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	b := &broker{t: t, dir: t.TempDir(), port: port}
	conf := fmt.Sprintf("listener %d 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location %s/\nautosave_interval 1\n", port, b.dir)
	if os.Geteuid() == 0 {
		// As root mosquitto becomes the user mosquitto, which may not
		// write into the test's folder: stay root.
		conf += "user root\n"
	}
	if err := os.WriteFile(filepath.Join(b.dir, "mosquitto.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	b.start()
	t.Cleanup(b.stop)
	return b
}

func (b *broker) url() string { return "mqtt://127.0.0.1:" + strconv.Itoa(b.port) }

func (b *broker) start() {
	b.t.Helper()
	b.cmd = exec.Command(mosquitto, "-c", filepath.Join(b.dir, "mosquitto.conf"))
	log, err := os.Create(filepath.Join(b.dir, "log"))
	if err != nil {
		b.t.Fatal(err)
	}
	b.cmd.Stdout, b.cmd.Stderr = log, log
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(b.port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	out, _ := os.ReadFile(filepath.Join(b.dir, "log"))
	b.t.Fatalf("mosquitto does not listen on %d:\n%s", b.port, out)
}

func (b *broker) stop() {
	if b.cmd == nil || b.cmd.Process == nil {
		return
	}
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	_ = b.cmd.Wait()
	b.cmd = nil
}

var games = map[string]string{
	"north": "../../testdata/demo-continental.jsonl",
	"south": "../../../../rules/nsoe/testdata/europe-three-players.jsonl",
	"west":  "../../../../rules/shakecity/testdata/standard-2p.jsonl",
}

func waitFor(t *testing.T, what string, d time.Duration, ok func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !ok() {
		if time.Now().After(end) {
			t.Fatalf("after %v: %s", d, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Three referees play recorded games publishing to a real mosquitto; the
// club page shows all three with the right standings; the broker goes
// down while a fourth table finishes and comes back: no result lost,
// none twice; a second table of one name is refused; a table that left
// is shown silent.
func TestClubEvening(t *testing.T) {
	b := startBroker(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const name = "thursday"
	br := club.Broker{URL: b.url()}
	v := club.NewView(name, time.Now().Add(-time.Hour))
	if _, err := v.Follow(ctx, br); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(club.Handler(v))
	defer srv.Close()

	// What each game's journal says: the leaderboard to expect.
	want := map[string][2]int{} // player → wins, points
	for _, f := range games {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := history.FromJournal(data, f, time.Now())
		if err != nil || g.Status != history.Finished {
			t.Fatalf("%s: %v %s", f, err, g.Status)
		}
		for _, p := range g.Players {
			w := want[p.Name]
			if p.Winner {
				w[0]++
			}
			w[1] += p.Total
			want[p.Name] = w
		}
	}

	var wg sync.WaitGroup
	errs := make(chan error, len(games))
	for table, f := range games {
		cfg := config.Default()
		cfg.Camera.Source = live.ReplayPrefix + f
		cfg.Camera.Speed = 0
		cfg.Camera.AtEnd = config.AtEndStop
		dir := t.TempDir()
		cfg.Journal = filepath.Join(dir, "journal.jsonl")
		cfg.LockDir = filepath.Join(dir, "lock")
		cfg.Web.Listen = config.Off
		cfg.Club = config.Club{Broker: b.url(), Name: name, Table: table}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := daemon.Run(ctx, cfg, daemon.Deps{}); err != nil {
				errs <- fmt.Errorf("table %s: %w", table, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	waitFor(t, "three results at the club", 20*time.Second, func() bool { return len(v.Snapshot().Results) == 3 })
	s := v.Snapshot()
	if len(s.Tables) != 3 {
		t.Fatalf("tables %+v", s.Tables)
	}
	for _, st := range s.Leaderboard {
		if w := want[st.Name]; w != [2]int{st.Wins, st.Points} {
			t.Errorf("%s: %d wins %d points at the club, the journals say %d and %d", st.Name, st.Wins, st.Points, w[0], w[1])
		}
	}
	if len(s.Leaderboard) != len(want) {
		t.Errorf("leaderboard %+v, want %d players", s.Leaderboard, len(want))
	}

	// The page, in Chromium.
	bctx, bcancel := context.WithTimeout(browsertest.Chromium(t), 90*time.Second)
	defer bcancel()
	if _, err := chromedp.Run(bctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`document.querySelectorAll("#tables li.table").length === 3 && document.querySelectorAll("#leaderboard tr").length === `+strconv.Itoa(len(want)), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the club page never showed three tables and the leaderboard: %v", err)
	}
	for table := range games {
		text, err := chromedp.Run(bctx, chromedp.TextContent(chromedp.CSS(`li.table[data-table="`+table+`"]`)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "finished") || !strings.Contains(text, "1 game(s) tonight") {
			t.Errorf("table %s on the page: %q", table, text)
		}
	}
	top := s.Leaderboard[0]
	first, err := chromedp.Run(bctx, chromedp.TextContent(chromedp.CSS(`#leaderboard tr:first-child`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, top.Name) || !strings.Contains(first, strconv.Itoa(top.Points)) {
		t.Errorf("first row of the leaderboard %q, want %+v", first, top)
	}

	// The broker goes down; a fourth table finishes meanwhile.
	b.stop()
	pub, err := club.Publish(ctx, br, name, "east")
	if err != nil {
		t.Fatal(err)
	}
	pub.Update(club.State{Mode: "nsoe", Players: []club.Score{{Name: "Dora", Total: 3}}}, nil)
	pub.Finished(club.Result{Game: "0123456789ab", Mode: "nsoe", Ended: time.Now(), Players: []club.Score{{Name: "Dora", Total: 3, Winner: true}}})
	time.Sleep(time.Second)
	if pub.Pending() != 1 {
		t.Fatalf("%d results waiting with the broker down, want 1", pub.Pending())
	}
	b.start()
	waitFor(t, "the fourth result after the broker came back", 30*time.Second, func() bool { return len(v.Snapshot().Results) == 4 })
	waitFor(t, "the table's outbox emptied", 10*time.Second, func() bool { return pub.Pending() == 0 })
	// A view started after the restart still gets every result, once.
	late := club.NewView(name, time.Now().Add(-time.Hour))
	if _, err := late.Follow(ctx, br); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "every result at a view started after the restart", 20*time.Second, func() bool { return len(late.Snapshot().Results) == 4 })
	pub.Finished(club.Result{Game: "0123456789ab", Mode: "nsoe", Ended: time.Now(), Players: []club.Score{{Name: "Dora", Total: 3, Winner: true}}})
	waitFor(t, "the result sent again", 10*time.Second, func() bool { return pub.Pending() == 0 })
	time.Sleep(300 * time.Millisecond)
	if n := len(v.Snapshot().Results); n != 4 {
		t.Errorf("%d results after a result was sent twice, want 4", n)
	}

	// A second table calling itself east is refused.
	dup, err := club.Publish(ctx, br, name, "east")
	if err != nil {
		t.Fatal(err)
	}
	dup.Update(club.State{Mode: "wit-continental"}, nil)
	waitFor(t, "the duplicate table refused", 10*time.Second, func() bool {
		for _, tv := range v.Snapshot().Tables {
			if tv.Name == "east" {
				return strings.Contains(tv.Problem, "refused") && tv.Mode == "nsoe"
			}
		}
		return false
	})
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`[...document.querySelectorAll("li.table.refused .problem")].some(e => e.textContent.includes("east"))`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the page does not say the duplicate is refused: %v", err)
	}
	dup.Close()
	// The three referees have stopped: their tables are silent.
	for _, tv := range v.Snapshot().Tables {
		if tv.Name != "east" && !strings.HasPrefix(tv.Silent, "silent since ") {
			t.Errorf("table %s stopped and is not shown silent: %+v", tv.Name, tv)
		}
	}
	pub.Close()
}
