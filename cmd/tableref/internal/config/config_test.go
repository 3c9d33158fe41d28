package config

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
)

func TestDefaultFileParses(t *testing.T) {
	// The shipped default names a real mode, so parse a copy whose game
	// is the test mode: the test must not depend on which engines exist.
	text := strings.Replace(string(DefaultYAML()), "mode: wit-continental", "mode: "+fakegame.ModeID, 1)
	c, err := Parse([]byte(text), "default.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d := Default()
	if c.Camera != d.Camera || c.Speech != d.Speech || c.Scanner != d.Scanner || c.Journal != d.Journal || !reflect.DeepEqual(c.Web, d.Web) || c.Log != d.Log || c.LockDir != d.LockDir {
		t.Errorf("default.yaml and Default() disagree:\nfile %+v\ncode %+v", c, d)
	}
	if len(c.Game.Players) != 3 {
		t.Errorf("players %v", c.Game.Players)
	}
}

// An empty journal or lock_dir is the default folder's (the service's,
// root's or the user's), never an error and never a folder only root
// may write.
func TestEmptyFoldersAreTheDefaults(t *testing.T) {
	c, err := Parse([]byte("journal: \"\"\nlock_dir: \"\"\n"), "x.yaml")
	if err != nil || c.Journal != paths.Journal() || c.LockDir != paths.RuntimeDir() {
		t.Errorf("%v: journal %q lock_dir %q; want %q and %q", err, c.Journal, c.LockDir, paths.Journal(), paths.RuntimeDir())
	}
}

// HTTPS for the page is a setting: a self-signed certificate, or the
// user's own files.
func TestTLSSettings(t *testing.T) {
	c, err := Parse([]byte("web:\n  listen: 0.0.0.0:8443\n  lan: true\n  pin: \"482193\"\n  tls: self-signed\n"), "x.yaml")
	if err != nil || c.Web.TLS != "self-signed" {
		t.Fatalf("%v: %+v", err, c.Web)
	}
	c, err = Parse([]byte("web:\n  tls: files\n  cert_file: /etc/ssl/t.pem\n  key_file: /etc/ssl/t.key\n"), "x.yaml")
	if err != nil || c.Web.CertFile != "/etc/ssl/t.pem" || c.Web.KeyFile != "/etc/ssl/t.key" {
		t.Fatalf("%v: %+v", err, c.Web)
	}
}

func TestErrorsNameTheKey(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"unknown top key", "camra:\n  source: pi\n", `line 1: unknown key "camra"`},
		{"unknown nested key", "web:\n  listen: 127.0.0.1:8080\n  pin_code: 1234\n", `line 3: unknown key "web.pin_code" (known here: cert_file, hosts, key_file, lan, listen, name, pin, pin_file, tls)`},
		{"bad mode", "game:\n  mode: chess\n  players: [A, B]\n", `game.mode: unknown game mode "chess"`},
		{"too few players", "game:\n  mode: test-counter\n  players: []\n", "game: test-counter: 0 players"},
		{"bad option", "game:\n  mode: test-counter\n  players: [A]\n  options: {colour: red}\n", `unknown option "colour"`},
		{"bad at_end", "camera:\n  at_end: rewind\n", `camera.at_end: "rewind": want stop, wait or loop`},
		{"bad fps type", "camera:\n  fps: fast\n", "line 2: cannot unmarshal !!str `fast` into float64"},
		{"bad duration", "scanner:\n  stable: soon\n", "line 2"},
		{"stable too long", "scanner:\n  stable: 1m\n", "scanner.stable: 1m0s: want 0s to 10s"},
		{"lan without flag", "web:\n  listen: 0.0.0.0:8080\n", `web.listen: "0.0.0.0:8080" is reachable from the network`},
		{"lan without pin", "web:\n  listen: 0.0.0.0:8080\n  lan: true\n", "web.pin: with web.lan: true the status page needs a PIN"},
		{"pin not digits", "web:\n  listen: 0.0.0.0:8080\n  lan: true\n  pin: abcd\n", "web.pin"},
		{"bad listen", "web:\n  listen: 8080\n", `web.listen: "8080": want host:port`},
		{"host with a port", "web:\n  hosts: [tableref.local:8080]\n", `web.hosts[0]: "tableref.local:8080": want a bare host name`},
		{"host with a scheme", "web:\n  hosts: [ok.local, \"http://x\"]\n", `web.hosts[1]`},
		{"bad name", "web:\n  name: tableref.local\n", `web.name: "tableref.local": want a host name`},
		{"pin file missing", "web:\n  listen: 0.0.0.0:8080\n  lan: true\n  pin_file: /nonexistent/web-pin\n", "web.pin_file: open /nonexistent/web-pin: no such file"},
		{"tls yes", "web:\n  tls: yes\n", `web.tls: "yes": want self-signed, files`},
		{"tls files without them", "web:\n  tls: files\n  cert_file: /etc/ssl/t.pem\n", "web.tls: files needs web.cert_file and web.key_file"},
		{"cert file without tls files", "web:\n  tls: self-signed\n  cert_file: /etc/ssl/t.pem\n", "set web.tls: files to serve them"},
		{"speech language", "speech:\n  language: fr\n", `speech: language "fr": want one of en, en-gb, en-us, it, de, es, pt`},
		{"language", "language: fr\n", `language: "fr": want one of en, it, de, es, pt, or auto`},
		{"speech rate", "speech:\n  rate: 5\n", "speech: rate 5"},
		{"bad level", "log:\n  level: loud\n", "log.level"},
		{"bad format", "log:\n  format: xml\n", `log.format: "xml"`},
		{"not yaml", "game: [\n", "config x.yaml: yaml:"},
		{"history is the journal", "journal: /var/lib/tableref/j.jsonl\nhistory: /var/lib/tableref/j.jsonl\n", "history: /var/lib/tableref/j.jsonl is the journal"},
		{"club broker scheme", "club: {broker: \"http://127.0.0.1:1883\", name: c, table: t}\n", "club.broker: broker \"http://127.0.0.1:1883\": want mqtt://HOST:PORT"},
		{"club without name", "club: {broker: \"mqtt://127.0.0.1:1883\", table: t}\n", "club.name: empty (the club's name"},
		{"club table with slash", "club: {broker: \"mqtt://127.0.0.1:1883\", name: c, table: a/b}\n", `club.table "a/b": no '/'`},
		{"club password alone", "club: {broker: \"mqtt://127.0.0.1:1883\", name: c, table: t, password: x}\n", "club.password: given without club.username"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.yaml), "x.yaml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

func TestGoodValues(t *testing.T) {
	c, err := Parse([]byte(`
game: {mode: test-counter, players: [Ana, Ben], options: {cards: "4"}}
camera: {source: replay:x.jsonl, at_end: loop, speed: 0}
scanner: {stable: 250ms}
web: {listen: "0.0.0.0:8080", lan: true, pin: "2468"}
log: {level: debug, format: json}
`), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Setup().Options["cards"] != "4" || c.Camera.Speed != 0 || c.Scanner.Stable != 250*time.Millisecond || c.Level().String() != "DEBUG" {
		t.Errorf("decoded %+v", c)
	}
	if _, err := Parse([]byte("web: {listen: off}\n"), "x"); err != nil {
		t.Errorf("listen off: %v", err)
	}
}

// On the Pi the PIN lives in its own file (made at install, readable by
// the service), not in the config the user edits.
func TestPINFile(t *testing.T) {
	pin := filepath.Join(t.TempDir(), "web-pin")
	os.WriteFile(pin, []byte("482193\n"), 0o640)
	c, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin_file: "+pin+"}\n"), "x")
	if err != nil || c.Web.PIN != "482193" || !c.Web.OnLAN() {
		t.Fatalf("%v: %+v", err, c)
	}
	// The PIN in the config wins; a desktop run on 127.0.0.1 never reads the file.
	c, err = Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin: \"1357\", pin_file: /nonexistent}\n"), "x")
	if err != nil || c.Web.PIN != "1357" {
		t.Errorf("%v: PIN %q", err, c.Web.PIN)
	}
	if c, err := Parse([]byte("web: {pin_file: /nonexistent}\n"), "x"); err != nil || c.Web.OnLAN() {
		t.Errorf("a loopback page: %v", err)
	}
	os.WriteFile(pin, []byte("12ab"), 0o640)
	if _, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin_file: "+pin+"}\n"), "x"); err == nil || !strings.Contains(err.Error(), "web.pin") {
		t.Errorf("a PIN file holding letters: %v", err)
	}
}

func TestLoad(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "none.yaml"), false); err != nil {
		t.Errorf("a missing system file means defaults: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.yaml"), true); err == nil {
		t.Error("a missing --config file must be an error")
	}
	p := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(p, []byte("journal: /tmp/j.jsonl\n"), 0o644)
	c, err := Load(p, true)
	if err != nil || c.Journal != "/tmp/j.jsonl" {
		t.Errorf("%v %+v", err, c)
	}
}

func TestFlagsOverride(t *testing.T) {
	c, err := Parse([]byte("game: {mode: test-counter, players: [A], options: {cards: \"2\"}}\njournal: /a\n"), "x")
	if err != nil {
		t.Fatal(err)
	}
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	f := BindFlags(fs)
	if err := fs.Parse([]string{"--players", "Ana, Ben", "--option", "cards=5", "--journal", "/b", "--speed", "0", "--listen", "off"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Apply(c); err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Game.Players, "|") != "Ana|Ben" || c.Game.Options["cards"] != "5" || c.Journal != "/b" || c.Camera.Speed != 0 || c.Web.Listen != "off" {
		t.Errorf("after flags: %+v", c)
	}
	if c.Camera.Source != "pi" {
		t.Errorf("a flag not given changed camera.source: %q", c.Camera.Source)
	}
	fs2 := pflag.NewFlagSet("run", pflag.ContinueOnError)
	f2 := BindFlags(fs2)
	fs2.Parse([]string{"--at-end", "never"})
	if err := f2.Apply(c); err == nil || !strings.Contains(err.Error(), "camera.at_end") {
		t.Errorf("a bad flag value must name the key: %v", err)
	}
}

// floatKeys lists the dotted YAML key of every float field of Config.
func floatKeys(t reflect.Type, prefix string) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		key := strings.TrimPrefix(prefix+"."+tag, ".")
		switch t.Field(i).Type.Kind() {
		case reflect.Float32, reflect.Float64:
			out = append(out, key)
		case reflect.Struct:
			out = append(out, floatKeys(t.Field(i).Type, key)...)
		}
	}
	return out
}

// `camera.fps: .nan` (or --fps NaN) used to pass validation — NaN passes
// every range check — and played a recording unpaced. Every number of
// the configuration must be finite, from the file and from the flags.
func TestNonFiniteNumbers(t *testing.T) {
	keys := floatKeys(reflect.TypeOf(Config{}), "")
	if len(keys) < 2 {
		t.Fatalf("float keys %v: the walk is broken", keys)
	}
	for _, key := range keys {
		for _, v := range []string{".nan", ".inf", "-.inf", ".NaN"} {
			top, leaf, _ := strings.Cut(key, ".")
			text := fmt.Sprintf("%s:\n  %s: %s\n", top, leaf, v)
			if leaf == "" {
				text = fmt.Sprintf("%s: %s\n", top, v)
			}
			_, err := Parse([]byte(text), "x.yaml")
			if err == nil || !strings.Contains(err.Error(), key+": ") || !strings.Contains(err.Error(), "is not a finite number") {
				t.Errorf("%s: %s: %v, want it refused as not finite", key, v, err)
			}
		}
	}
	for _, args := range [][]string{{"--fps", "NaN"}, {"--fps", "nan"}, {"--speed", "Inf"}, {"--speed", "-inf"}} {
		c := Default()
		fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
		f := BindFlags(fs)
		if err := fs.Parse(args); err != nil {
			continue // refused by the flag parser itself: fine too
		}
		if err := f.Apply(c); err == nil || !strings.Contains(err.Error(), "is not a finite number") {
			t.Errorf("%v: %v, want it refused as not finite", args, err)
		}
	}
}

// The Pi's config (scripts/pi-config, installed by the package and by
// install-pi) is the default with the page on the network, port 80, behind
// the PIN the package makes at install, advertised as tableref.local;
// every other key is the default's.
func TestPiConfig(t *testing.T) {
	out, err := exec.Command("../../../../scripts/pi-config").Output()
	if err != nil {
		t.Fatal(err)
	}
	pin := filepath.Join(t.TempDir(), "web-pin")
	os.WriteFile(pin, []byte("482193\n"), 0o640)
	text := strings.Replace(string(out), "/etc/tableref/web-pin", pin, 1)
	text = strings.Replace(text, "mode: wit-continental", "mode: "+fakegame.ModeID, 1)
	c, err := Parse([]byte(text), "pi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Web.Listen != "0.0.0.0:80" || !c.Web.LAN || c.Web.PIN != "482193" || c.Web.Name != "tableref" || !c.Web.OnLAN() {
		t.Errorf("the Pi's page: %+v", c.Web)
	}
	d := Default()
	if c.Camera != d.Camera || c.Speech != d.Speech || c.Scanner != d.Scanner || c.Log != d.Log {
		t.Errorf("the Pi's config differs from the default beyond the page: %+v", c)
	}
	if !strings.HasPrefix(string(out), "# tableref daemon configuration") {
		t.Error("the Pi's config lost the default's comments")
	}
}
