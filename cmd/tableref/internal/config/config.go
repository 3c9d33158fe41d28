// Package config reads the daemon's configuration file
// (/etc/tableref/config.yaml): the game, the camera, the calibration and
// hardware files, the journal, the status page and the logs. Decoding is
// strict: an unknown key or a bad value is an error that names the key
// (and its line), because a typo that silently falls back to a default is
// found only at the table. Every key is documented in docs/daemon.md and
// in the default file (default.yaml).
package config

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/club"
	"io"
	"math"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/cmd/tableref/internal/smallfile"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
	"github.com/tableref/tableref/hw/profile/strictyaml"
	"github.com/tableref/tableref/hw/speech"
	"github.com/tableref/tableref/rules"
)

// SystemPath is where the daemon looks when no --config is given.
const SystemPath = "/etc/tableref/config.yaml"

// Config is the whole file.
type Config struct {
	Game        Game    `yaml:"game"`
	Camera      Camera  `yaml:"camera"`
	Scanner     Scanner `yaml:"scanner"`
	Calibration string  `yaml:"calibration"` // calibration file; "" = paths.Calibration() if it exists; "none" = none
	Hardware    string  `yaml:"hardware"`    // hardware profile; "" = /etc/tableref/hardware.yaml if present, else the built-in wiring
	Journal     string  `yaml:"journal"`     // the game journal; "" = paths.Journal()
	History     string  `yaml:"history"`     // the game history database; "" = history.db beside the journal
	LockDir     string  `yaml:"lock_dir"`    // where the per-camera lock files go; "" = paths.RuntimeDir()
	Web         Web     `yaml:"web"`
	Club        Club    `yaml:"club"`
	Speech      Speech  `yaml:"speech"`
	Log         Log     `yaml:"log"`
	// Language is the players' language, of the display, the page and
	// the voice: en, it, de, es or pt; "" or auto is the game's own (the
	// language its cards print, else English). See docs/languages.md.
	Language string `yaml:"language"`
	// GameNamed says flags named the game (--mode, --players, --option):
	// run must then not resume a journal of another game (NewGame starts
	// the named one, keeping the other's journal).
	GameNamed bool `yaml:"-"`
	// NewGame (--new) starts the configured game even when the journal
	// holds one in play, which is kept under an archive name.
	NewGame bool `yaml:"-"`
}

// Game is the game started when there is no journal to resume.
type Game struct {
	Mode    string            `yaml:"mode"`
	Players []string          `yaml:"players"`
	Options map[string]string `yaml:"options"`
}

// Camera says where frames come from.
type Camera struct {
	// Source is a camera (see vision/camera.Parse: 0, /dev/video0, pi,
	// rpicam, gst:…, a video file, a folder of images) or replay:FILE, a
	// recorded stream of snapshots and inputs fed to the referee without
	// vision (for tests and the soak).
	Source string `yaml:"source"`
	// AtEnd is what happens when a file, folder or replay source ends:
	// stop (print the standings and exit), wait (keep the status page up
	// until stopped) or loop (start the recording again; a new game each
	// time).
	AtEnd string `yaml:"at_end"`
	// FPS paces a file or folder source (frames per second; 0: 10).
	FPS float64 `yaml:"fps"`
	// Play is how a file or folder source plays: clock (by the wall
	// clock, as a camera: frame i shows at i/fps and the frames the
	// scanner has no time for are dropped) or every (every frame, each
	// waiting for the scanner: tests that need every frame seen).
	Play string `yaml:"play"`
	// Speed scales a replay source's clock: 1 real time, 10 ten times
	// faster, 0 no waiting at all.
	Speed float64 `yaml:"speed"`
}

// Scanner tunes how frames become stable snapshots.
type Scanner struct {
	// Stable is how long the table must look the same before a snapshot
	// goes to the referee (hands moving over the table never do).
	Stable time.Duration `yaml:"stable"`
}

// Club is the club of tables this one publishes to (docs/club.md).
type Club struct {
	Broker   string `yaml:"broker"`   // mqtt://HOST:1883 or mqtts://HOST:8883; "" = not in a club
	Name     string `yaml:"name"`     // the club: one topic level, the same on every table
	Table    string `yaml:"table"`    // this table's name in the club, unique in it
	Username string `yaml:"username"` // the broker's user, when it asks for one
	Password string `yaml:"password"`
	CAFile   string `yaml:"ca_file"` // the broker's certificate authority (PEM), for mqtts; "" = the system's
}

// On says whether the table publishes to a club.
func (c Club) On() bool { return strings.TrimSpace(c.Broker) != "" }

// Web is the status page.
type Web struct {
	// Listen is the address, host:port; "off" switches the page off.
	Listen string `yaml:"listen"`
	// LAN allows an address reachable from other machines; then PIN is
	// required and every visitor from the network must enter it.
	LAN bool   `yaml:"lan"`
	PIN string `yaml:"pin"`
	// PINFile holds the PIN when PIN is empty: the Pi package makes
	// /etc/tableref/web-pin at install, readable by the service only.
	PINFile string `yaml:"pin_file"`
	// Name is advertised on the network as NAME.local (mDNS, through
	// avahi-daemon) while the page is on the LAN; "" advertises nothing.
	Name string `yaml:"name"`
	// Hosts are more names the page may be reached by. Besides them it
	// answers only to localhost, the machine's host name, NAME.local and
	// its own addresses: a request for any other name is refused, so a
	// web page elsewhere cannot re-point its name at this machine (DNS
	// rebinding) and drive the referee from a browser on the Pi.
	Hosts []string `yaml:"hosts"`
	// TLS serves the page over HTTPS: "self-signed" makes a certificate
	// once and keeps it beside the journal (its fingerprint on the display
	// and in the log, for a phone's user to compare); "files" serves
	// CertFile and KeyFile (PEM); "" is plain HTTP.
	TLS      string `yaml:"tls"`
	CertFile string `yaml:"cert_file"`
	KeyFile  string `yaml:"key_file"`
}

// Speech says verdicts and turns aloud (package hw/speech).
type Speech struct {
	Enabled  bool   `yaml:"enabled"`
	Device   string `yaml:"device"`   // ALSA device; "" = the default
	Language string `yaml:"language"` // the voice's language: "" follows the top-level language; en-gb or en-us for an English accent
	Rate     int    `yaml:"rate"`     // words per minute
	Volume   int    `yaml:"volume"`   // 0 to 200
}

// Options are the speaker's options.
func (s Speech) Options() speech.Options {
	return speech.Options{Language: s.Language, Device: s.Device, Rate: s.Rate, Volume: s.Volume}
}

// Log configures the structured logs (log/slog) on standard error.
type Log struct {
	Level  string `yaml:"level"`  // debug, info, warn, error
	Format string `yaml:"format"` // text or json
}

// The values of Camera.AtEnd.
const (
	AtEndStop = "stop"
	AtEndWait = "wait"
	AtEndLoop = "loop"
)

// The values of Camera.Play.
const (
	PlayClock = "clock"
	PlayEvery = "every"
)

//go:embed default.yaml
var defaultYAML []byte

// DefaultYAML is the documented default file (installed on the Pi).
func DefaultYAML() []byte { return bytes.Clone(defaultYAML) }

// Default returns the configuration with every default filled in.
func Default() *Config {
	c := &Config{
		Camera:   Camera{Source: "pi", AtEnd: AtEndStop, FPS: 10, Play: PlayClock, Speed: 1},
		Scanner:  Scanner{Stable: 300 * time.Millisecond}, // scanner.DefaultStable (TestOneStabilityDefault)
		Journal:  paths.Journal(),
		LockDir:  paths.RuntimeDir(),
		Web:      Web{Listen: "127.0.0.1:8080", Hosts: []string{}, Name: "tableref"},
		Speech:   Speech{Rate: 160, Volume: 100},
		Log:      Log{Level: "info", Format: "text"},
		Hardware: "",
	}
	return c
}

// Load reads path; a missing file at the system path is fine (defaults),
// a missing file named by the user is an error.
func Load(path string, mustExist bool) (*Config, error) {
	data, err := smallfile.Read(path, maxFileBytes)
	if errors.Is(err, os.ErrNotExist) && !mustExist {
		return Default(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return Parse(data, path)
}

// maxFileBytes bounds a configuration file: the documented default is
// about 6 KB, and a 100 MB file was read whole.
const maxFileBytes = 1 << 20

// Parse decodes a configuration over the defaults. Every unknown key and
// every bad value is reported with its key and line.
func Parse(data []byte, name string) (*Config, error) {
	c := Default()
	if err := strictyaml.Decode(data, c); err != nil {
		return nil, fmt.Errorf("config %s: %w", name, shortErr{err})
	}
	c.fillFolders()
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("config %s: %w", name, shortErr{err})
	}
	return c, nil
}

// maxErrBytes bounds an error's message: errors quote the value they
// refuse, and a value may be most of a 1 MB file (a 50 MB one was echoed
// whole to the terminal and the log).
const maxErrBytes = 512

// shortErr is err with its message cut to maxErrBytes (the key and line
// it names come first).
type shortErr struct{ err error }

func (e shortErr) Error() string {
	m := e.err.Error()
	if len(m) <= maxErrBytes {
		return m
	}
	return strings.ToValidUTF8(m[:maxErrBytes], "") + fmt.Sprintf("… (%d bytes more)", len(m)-maxErrBytes)
}

func (e shortErr) Unwrap() error { return e.err }

// NoCalibration is the calibration value that asks for none, even when
// the default file exists.
const NoCalibration = "none"

// fillFolders gives an empty journal or lock_dir its default: the state
// and runtime folders of the service, root or the user (package paths).
func (c *Config) fillFolders() {
	if strings.TrimSpace(c.Journal) == "" {
		c.Journal = paths.Journal()
	}
	if strings.TrimSpace(c.LockDir) == "" {
		c.LockDir = paths.RuntimeDir()
	}
}

// HistoryPath is the history database: the history key, or history.db
// beside the journal when it is empty.
func (c *Config) HistoryPath() string {
	if h := strings.TrimSpace(c.History); h != "" {
		return h
	}
	return filepath.Join(filepath.Dir(c.Journal), "history.db")
}

// Validate checks every value and names the key of the first bad ones.
func (c *Config) Validate() error {
	var errs []string
	bad := func(key, format string, args ...any) { errs = append(errs, key+": "+fmt.Sprintf(format, args...)) }

	if c.Game.Mode != "" {
		// Any name of the mode will do ("continental"); from here on
		// the configuration holds its ID.
		m, err := rules.FindMode(c.Game.Mode)
		if err != nil {
			bad("game.mode", "%v", err)
		} else {
			c.Game.Mode = m.ID
			if _, err := m.Check(c.Setup()); err != nil {
				bad("game", "%v", err)
			}
		}
	}
	if strings.TrimSpace(c.Camera.Source) == "" {
		bad("camera.source", "empty: name a camera (pi, 0, /dev/video0, rpicam, gst:…), a video file, a folder of images or replay:FILE")
	}
	switch c.Camera.AtEnd {
	case AtEndStop, AtEndWait, AtEndLoop:
	default:
		bad("camera.at_end", "%q: want stop, wait or loop", c.Camera.AtEnd)
	}
	switch c.Camera.Play {
	case "", PlayClock, PlayEvery: // "": clock
	default:
		bad("camera.play", "%q: want clock or every", c.Camera.Play)
	}
	// NaN passes every comparison (NaN < 0 and NaN > 120 are both false):
	// each number is checked to be finite first. YAML spells them .nan and
	// .inf, a flag NaN and Inf.
	finite := func(key string, v float64) bool {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			bad(key, "%v is not a finite number", v)
			return false
		}
		return true
	}
	if finite("camera.fps", c.Camera.FPS) && (c.Camera.FPS < 0 || c.Camera.FPS > MaxFPS) {
		bad("camera.fps", "%v: want 0 to %d frames per second", c.Camera.FPS, MaxFPS)
	}
	if finite("camera.speed", c.Camera.Speed) && c.Camera.Speed < 0 {
		bad("camera.speed", "%v: want 0 (no waiting) or more", c.Camera.Speed)
	}
	if c.Scanner.Stable < 0 || c.Scanner.Stable > 10*time.Second {
		bad("scanner.stable", "%v: want 0s to 10s", c.Scanner.Stable)
	}
	if strings.TrimSpace(c.Journal) == "" {
		bad("journal", "empty: the journal is what makes a game survive a power cut")
	}
	if strings.TrimSpace(c.LockDir) == "" {
		bad("lock_dir", "empty")
	}
	if h := strings.TrimSpace(c.History); h != "" && filepath.Clean(h) == filepath.Clean(c.Journal) {
		bad("history", "%s is the journal: the history is a database of its own (\"\" puts history.db beside the journal)", h)
	} else if strings.HasSuffix(h, ".jsonl") {
		bad("history", "%s: a journal's name; the history is an SQLite database (history.db)", h)
	}
	if c.Club.On() {
		if err := (club.Broker{URL: c.Club.Broker}).Check(); err != nil {
			bad("club.broker", "%v", err)
		}
		if err := club.CheckName("club.name", c.Club.Name); err != nil {
			errs = append(errs, err.Error()+" (the club's name, the same on every table)")
		}
		if err := club.CheckName("club.table", c.Club.Table); err != nil {
			errs = append(errs, err.Error()+" (this table's name, unique in the club)")
		}
		if c.Club.Password != "" && c.Club.Username == "" {
			bad("club.password", "given without club.username")
		}
	}
	if err := c.Web.loadPIN(); err != nil {
		errs = append(errs, err.Error())
	} else if err := c.Web.check(); err != nil {
		errs = append(errs, err.Error())
	}
	if _, err := words.Parse(c.Language); err != nil {
		bad("language", "%v", err)
	}
	if err := c.Speech.Options().Check(); err != nil {
		bad("speech", "%v", err)
	}
	var l slogLevel
	if err := l.parse(c.Log.Level); err != nil {
		bad("log.level", "%v", err)
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		bad("log.format", "%q: want text or json", c.Log.Format)
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// Off is the web.listen value that switches the status page off.
const Off = "off"

// MaxFPS is the fastest camera.fps a configuration may ask for.
const MaxFPS = 120

func (w Web) check() error {
	if w.Listen == Off {
		return nil
	}
	host, port, err := net.SplitHostPort(w.Listen)
	if err != nil {
		return fmt.Errorf("web.listen: %q: want host:port (127.0.0.1:8080) or off", w.Listen)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return fmt.Errorf("web.listen: %q: bad port %q", w.Listen, port)
	}
	if !loopback(host) && !w.LAN {
		return fmt.Errorf("web.listen: %q is reachable from the network: set web.lan: true and a web.pin to allow that, or listen on 127.0.0.1", w.Listen)
	}
	if n := w.Name; n != "" && !validName(n) {
		return fmt.Errorf("web.name: %q: want a host name of letters, digits and dashes (tableref), without .local", n)
	}
	for i, h := range w.Hosts {
		if h = strings.TrimSpace(h); h == "" || strings.ContainsAny(h, ":/ @") {
			return fmt.Errorf("web.hosts[%d]: %q: want a bare host name such as tableref.local (no scheme, port or path)", i, w.Hosts[i])
		}
	}
	switch w.TLS {
	case "", "self-signed":
		if w.CertFile != "" || w.KeyFile != "" {
			return fmt.Errorf("web.cert_file, web.key_file: set, but web.tls is %q: set web.tls: files to serve them", w.TLS)
		}
	case "files":
		if strings.TrimSpace(w.CertFile) == "" || strings.TrimSpace(w.KeyFile) == "" {
			return errors.New("web.tls: files needs web.cert_file and web.key_file (PEM)")
		}
	default:
		return fmt.Errorf("web.tls: %q: want self-signed, files or \"\" (plain HTTP)", w.TLS)
	}
	if w.LAN {
		if len(w.PIN) < 4 || len(w.PIN) > 12 || strings.IndexFunc(w.PIN, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
			// ASCII digits only: a PIN in another script's digits
			// (Arabic-Indic ١٢٣٤) cannot be typed on most phones' PIN pad.
			return errors.New("web.pin: with web.lan: true the status page needs a PIN of 4 to 12 digits 0-9")
		}
	} else if w.PIN != "" {
		return errors.New("web.pin: set, but web.lan is false: the PIN protects only network access")
	}
	return nil
}

// loadPIN reads web.pin_file into web.pin when the PIN is not given.
func (w *Web) loadPIN() error {
	if w.PIN != "" || strings.TrimSpace(w.PINFile) == "" || !w.LAN {
		return nil
	}
	b, err := smallfile.Read(w.PINFile, 64)
	if err != nil {
		return fmt.Errorf("web.pin_file: %w (the Pi package makes it at install; or set web.pin)", err)
	}
	w.PIN = strings.TrimSpace(string(b))
	if w.PIN == "" {
		return fmt.Errorf("web.pin_file: %s is empty: write 4 to 12 digits in it", w.PINFile)
	}
	return nil
}

// validName is a DNS label: letters, digits and inner dashes, up to 63.
func validName(n string) bool {
	if len(n) > 63 || strings.HasPrefix(n, "-") || strings.HasSuffix(n, "-") {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return n != ""
}

// OnLAN reports whether the page is reachable from the network.
func (w Web) OnLAN() bool {
	if w.Listen == Off {
		return false
	}
	host, _, err := net.SplitHostPort(w.Listen)
	return err == nil && !loopback(host)
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// Setup is the configured game as a rules.Setup.
func (c *Config) Setup() rules.Setup {
	return rules.Setup{Mode: c.Game.Mode, Players: c.Game.Players, Options: c.Game.Options}
}

// HiddenPIN stands for the PIN in what Print shows.
const HiddenPIN = "<hidden>"

// Print writes c as YAML for a person (`tableref run --print-config`),
// the PIN replaced by HiddenPIN: it is the status page's one secret and
// the output ends up in bug reports and terminal scrollback.
func (c *Config) Print(w io.Writer) error {
	shown := *c
	if shown.Web.PIN != "" {
		shown.Web.PIN = HiddenPIN
	}
	return shown.Write(w)
}

// Write writes c as YAML that Parse reads back whole, PIN included.
func (c *Config) Write(w io.Writer) error {
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	defer enc.Close()
	return enc.Encode(c)
}
