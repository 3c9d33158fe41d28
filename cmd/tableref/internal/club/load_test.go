package club_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/club"
)

// procStat is a process's CPU seconds and resident memory, from /proc.
func procStat(t *testing.T, pid int) (cpu float64, rssMB float64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	rss, _ := strconv.ParseFloat(f[21], 64)
	return (ut + st) / 100, rss * float64(os.Getpagesize()) / (1 << 20)
}

// TestClubLoad: 64 simulated tables (publishers speaking the protocol)
// against a real mosquitto and `tableref club` (TABLEREF_CLUB_BIN), a
// verdict every 2 s per table for a minute; the latency from a verdict to
// /api/club showing it, and the broker's and the club view's CPU and
// memory. TABLEREF_MEASURE=1 runs it.
func TestClubLoad(t *testing.T) {
	bin := os.Getenv("TABLEREF_CLUB_BIN")
	if os.Getenv("TABLEREF_MEASURE") != "1" || bin == "" {
		t.Skip("a measurement: TABLEREF_MEASURE=1 TABLEREF_CLUB_BIN=path/to/tableref")
	}
	const tables, period, run = 64, 2 * time.Second, 60 * time.Second
	b := startBroker(t)
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	view := exec.Command(bin, "club", "--broker", b.url(), "--club", "load", "--listen", addr)
	if err := view.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = view.Process.Kill(); _ = view.Wait() }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pubs := make([]*club.Publisher, tables)
	for i := range pubs {
		p, err := club.Publish(ctx, club.Broker{URL: b.url()}, "load", fmt.Sprintf("t%02d", i))
		if err != nil {
			t.Fatal(err)
		}
		pubs[i] = p
		defer p.Close()
	}
	var mu sync.Mutex
	sent := map[string]time.Time{} // table/seq → when
	var lat []time.Duration
	// The watcher: /api/club every 20 ms, as the page does every 250 ms.
	go func() {
		seen := map[string]uint64{}
		for ctx.Err() == nil {
			resp, err := http.Get("http://" + addr + "/api/club")
			if err == nil {
				var s club.Snapshot
				_ = json.NewDecoder(resp.Body).Decode(&s)
				resp.Body.Close()
				now := time.Now()
				mu.Lock()
				for _, tv := range s.Tables {
					if tv.Last != nil && tv.Last.Seq != seen[tv.Name] {
						seen[tv.Name] = tv.Last.Seq
						if at, ok := sent[tv.Name+"/"+strconv.FormatUint(tv.Last.Seq, 10)]; ok {
							lat = append(lat, now.Sub(at))
						}
					}
				}
				mu.Unlock()
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	time.Sleep(2 * time.Second) // every table connected
	bcpu0, _ := procStat(t, b.cmd.Process.Pid)
	vcpu0, _ := procStat(t, view.Process.Pid)
	start := time.Now()
	var wg sync.WaitGroup
	for i, p := range pubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * period / tables)
			tk := time.NewTicker(period)
			defer tk.Stop()
			for seq := uint64(1); time.Since(start) < run; seq++ {
				name := fmt.Sprintf("t%02d", i)
				mu.Lock()
				sent[name+"/"+strconv.FormatUint(seq, 10)] = time.Now()
				mu.Unlock()
				p.Update(club.State{Mode: "wit-continental", Players: []club.Score{{Name: "Ana", Total: int(seq)}, {Name: "Ben", Total: 1}}, Turn: "Ben",
					Last: &club.Verdict{Player: "Ana", Verdict: "right", Text: "Quito is west of Lima: right.", At: time.Now(), Seq: seq}},
					[]club.Event{{Kind: "verdict", Player: "Ana", Verdict: "right", Text: "Quito is west of Lima: right."}})
				<-tk.C
			}
		}()
	}
	wg.Wait()
	time.Sleep(time.Second)
	el := time.Since(start).Seconds()
	bcpu, brss := procStat(t, b.cmd.Process.Pid)
	vcpu, vrss := procStat(t, view.Process.Pid)
	mu.Lock()
	defer mu.Unlock()
	slices.Sort(lat)
	if len(lat) < tables*int(run/period)*9/10 {
		t.Fatalf("only %d verdicts seen of %d", len(lat), tables*int(run/period))
	}
	q := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))] }
	t.Logf("%d tables, %d verdicts seen: verdict → /api/club p50 %v p99 %v max %v (the page polls every 250 ms on top)", tables, len(lat), q(.5).Round(time.Millisecond), q(.99).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	t.Logf("mosquitto: %.1f%% of a core, %.1f MB resident; tableref club: %.1f%% of a core, %.1f MB resident (over %.0f s)", 100*(bcpu-bcpu0)/el, brss, 100*(vcpu-vcpu0)/el, vrss, el)
}
