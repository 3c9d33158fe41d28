package doctor

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
)

// loadRunConfig reads the run configuration the doctor checks against.
func (d *doctor) loadRunConfig() (*config.Config, error) {
	path, must := d.config, true
	if path == "" {
		path, must = d.under(config.SystemPath), false
	}
	return config.Load(path, must)
}

// page says how phones reach the status page: on the machine only, or on
// the network with its port, its PIN and the name avahi-daemon advertises.
func (d *doctor) page(ctx context.Context) {
	d.section("status page")
	cfg, err := d.loadRunConfig()
	if err != nil {
		fix := "correct the configuration (docs/daemon.md)"
		if errors.Is(err, os.ErrPermission) {
			fix = "the PIN file is readable by root and the tableref user only: sudo -u tableref tableref doctor"
		}
		d.bad(fix, "%v", err)
		return
	}
	w := cfg.Web
	switch {
	case w.Listen == config.Off:
		d.info("off (web.listen: off)")
		return
	case !w.OnLAN():
		d.ok("on this machine only: http://%s/", w.Listen)
		d.info("phones on the network: web.listen: 0.0.0.0:80, web.lan: true and a PIN (the Pi package sets them; docs/raspberry-pi.md)")
		return
	}
	_, port, _ := net.SplitHostPort(w.Listen)
	d.ok("on the network, port %s; PIN %s", port, w.PIN)
	if w.Name == "" {
		d.info("not advertised by name (web.name is empty): phones open this machine's address")
		return
	}
	bus := d.bus
	if bus == nil {
		bus = func() (*dbus.Conn, error) { return dbus.ConnectSystemBus() }
	}
	conn, err := bus()
	version := ""
	if err == nil {
		cctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		version, err = advertise.Probe(cctx, conn)
		cancel()
		conn.Close()
	}
	p := 80
	if port != "80" {
		p = atoiOr(port, 80)
	}
	if err != nil {
		d.bad("sudo apt install avahi-daemon && sudo systemctl enable --now avahi-daemon\n(meanwhile phones open this machine's address instead of "+w.Name+".local)",
			"%s.local cannot be advertised: %v", w.Name, err)
		return
	}
	d.ok("%s answers: phones open %s (or %s-2.local … when another machine holds the name; the display says which)", version, advertise.URL(w.Name, p), w.Name)
}

func atoiOr(s string, def int) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return def
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// alsaDevice is an ALSA device name that names a card: hw:1,0, plughw:1;
// cardLine is a card of /proc/asound/cards: " 0 [Headphones ]: bcm2835 - …".
var (
	alsaDevice = regexp.MustCompile(`^(?:plug)?hw:(\d+)`)
	cardLine   = regexp.MustCompile(`^\s*(\d+)\s+\[[^\]]*\]:\s*(.*)$`)
)

// speech checks what the spoken verdicts need: espeak-ng, aplay and a sound
// card (the configured one). Missing pieces are problems only when
// speech.enabled is set.
func (d *doctor) speech() {
	d.section("speech")
	cfg, err := d.loadRunConfig()
	if err != nil {
		d.info("the configuration cannot be read (see above)")
		return
	}
	on := cfg.Speech.Enabled
	report := func(fix, format string, a ...any) {
		if on {
			d.bad(fix, format, a...)
		} else {
			d.info("(speech is off) "+format+"; fix: "+fix, a...)
		}
	}
	if !on {
		d.info("off (speech.enabled: false); turn it on to hear the verdicts: tableref run --speech")
	}
	for _, bin := range []string{"espeak-ng", "aplay"} {
		if p, err := exec.LookPath(bin); err != nil {
			pkg := map[string]string{"espeak-ng": "espeak-ng", "aplay": "alsa-utils"}[bin]
			report("sudo apt install "+pkg, "%s not found", bin)
		} else if on {
			d.ok("%s", p)
		}
	}
	cards, _ := os.ReadFile(d.under("/proc/asound/cards"))
	var names []string
	nums := map[string]bool{}
	for _, l := range strings.Split(string(cards), "\n") {
		if m := cardLine.FindStringSubmatch(l); m != nil {
			nums[m[1]] = true
			names = append(names, m[1]+": "+strings.TrimSpace(m[2]))
		}
	}
	if len(names) == 0 {
		report("plug in a speaker (USB, HDMI, the 3.5 mm jack) and check it with aplay -l", "no sound card (/proc/asound/cards is empty)")
		return
	}
	dev := cfg.Speech.Device
	if m := alsaDevice.FindStringSubmatch(dev); m != nil && !nums[m[1]] {
		report("set speech.device to one of the cards below (aplay -L lists the names)", "speech.device %s: there is no card %s", dev, m[1])
	} else {
		d.ok("sound cards: %s; device: %s", strings.Join(names, "; "), map[bool]string{true: dev, false: "ALSA's default"}[dev != ""])
	}
	if on || len(names) > 0 {
		d.info("hear it: tableref say \"Quito: right\" (and tableref say --device DEVICE … to try another)")
	}
}
