package history

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// synthetic is game i of a made-up evening: three players, 15 verdicts.
func synthetic(i int) *Game {
	g := &Game{ID: fmt.Sprintf("%012x", i), Journal: fmt.Sprintf("/var/lib/tableref/journal-%d.jsonl", i), Ended: time.Unix(1_790_000_000+int64(i)*600, 0).UTC(),
		Seconds: 540, Mode: []string{"wit-continental", "nsoe", "shakecity", "mapit"}[i%4], Status: Finished, Verdicts: 15, size: len(fmt.Sprint(i))}
	g.idOf = func(int) (string, bool) { return "", false }
	for s, n := range []string{"Ana", "Ben", "Caro"} {
		g.Players = append(g.Players, Player{Seat: s + 1, Name: n, Total: (i*7 + s*3) % 20, Winner: s == i%3})
	}
	for k := 0; k < 30; k++ {
		g.Events = append(g.Events, Stamped{T: float64(k * 18), Kind: "verdict", Player: k%3 + 1, Verdict: "right", Long: "Quito is west of Lima: right. Ana keeps the card."})
	}
	return g
}

func fill(b *testing.B, s *Store, n int) {
	ctx := context.Background()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := record(ctx, tx, synthetic(i)); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkList10000 lists a history of 10 000 games, all of them.
func BenchmarkList10000(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "history.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	fill(b, s, 10000)
	// CPU time as well as wall time: on a loaded machine the wall time
	// waits for the core, the CPU time is the work.
	before := cpuTime()
	for b.Loop() {
		gs, err := s.List(ctx, Filter{})
		if err != nil || len(gs) != 10000 {
			b.Fatalf("%v: %d games", err, len(gs))
		}
	}
	b.ReportMetric(float64((cpuTime()-before).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRebuild1000 rebuilds a history from 1 000 journals (the demo
// game, each with its own first line so each is its own game) and
// reports the file's size per game.
func BenchmarkRebuild1000(b *testing.B) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var journals []string
	for i := 0; i < 1000; i++ {
		p := filepath.Join(dir, fmt.Sprintf("journal-%04d.jsonl", i))
		if err := os.WriteFile(p, append([]byte(fmt.Sprintf("# game %d\n", i)), data...), 0o644); err != nil {
			b.Fatal(err)
		}
		journals = append(journals, p)
	}
	var size int64
	n := 0
	for b.Loop() {
		db := filepath.Join(b.TempDir(), fmt.Sprintf("h%d.db", n))
		n++
		res, err := Rebuild(context.Background(), db, journals, false, nil)
		if err != nil || res.Games != 1000 {
			b.Fatalf("%v: %+v", err, res)
		}
		s, err := Open(context.Background(), db)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
			b.Fatal(err)
		}
		s.Close()
		fi, err := os.Stat(db)
		if err != nil {
			b.Fatal(err)
		}
		size = fi.Size()
	}
	b.ReportMetric(float64(size)/1000, "B/game")
}
