package service

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Vitals are the process's figures the soak test watches for growth:
// resident memory (now and peak), Go heap, goroutines and open files.
type Vitals struct {
	Uptime     float64 `json:"uptime_s"`
	RSSMB      float64 `json:"rss_mb"`
	PeakRSSMB  float64 `json:"peak_rss_mb"`
	AnonMB     float64 `json:"rss_anon_mb"` // of RSS: the process's own memory
	FileMB     float64 `json:"rss_file_mb"` // of RSS: pages of shared libraries and files
	HeapMB     float64 `json:"heap_mb"`
	Goroutines int     `json:"goroutines"`
	OpenFiles  int     `json:"open_files"`
	Frames     int64   `json:"frames"`  // camera frames read
	Scanned    int64   `json:"scanned"` // frames the scanner took (the rest were dropped as stale)
	Games      int     `json:"games"`   // games started in this run (a looping recording starts one per loop)
	// The display lag: from the referee saying something to the display
	// showing it or something newer; the last and the worst of the run.
	DisplayLagMs      int64 `json:"display_lag_ms"`
	DisplayLagWorstMs int64 `json:"display_lag_worst_ms"`
}

var started = time.Now()

// ReadVitals fills the process figures (Linux /proc; zero elsewhere).
func ReadVitals() Vitals {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	v := Vitals{Uptime: time.Since(started).Seconds(), HeapMB: float64(ms.HeapAlloc) / (1 << 20), Goroutines: runtime.NumGoroutine()}
	if f, err := os.Open("/proc/self/status"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, val, _ := strings.Cut(sc.Text(), ":")
			fields := strings.Fields(val)
			if len(fields) == 0 {
				continue
			}
			kb, _ := strconv.ParseFloat(fields[0], 64)
			switch k {
			case "VmRSS":
				v.RSSMB = kb / 1024
			case "VmHWM":
				v.PeakRSSMB = kb / 1024
			case "RssAnon":
				v.AnonMB = kb / 1024
			case "RssFile":
				v.FileMB = kb / 1024
			}
		}
		f.Close()
	}
	if ents, err := os.ReadDir("/proc/self/fd"); err == nil {
		v.OpenFiles = len(ents)
	}
	return v
}
