package doctor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/godbus/dbus/v5"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/host/v3"

	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/profile"
)

// Options say what to check: the hardware profile and the run
// configuration ("" for the system's, if present).
type Options struct {
	Profile string
	Config  string
	// Root is the file system root to inspect: "/" (or ""); tests use a
	// fake tree.
	Root string
}

// Run checks the machine and writes its findings to w; it fails when
// anything is missing, so that a setup script can stop on it.
func Run(ctx context.Context, w io.Writer, o Options) error {
	d := &doctor{w: w, root: cmp.Or(o.Root, "/"), config: o.Config, groups: userGroups}
	return d.run(ctx, o.Profile)
}

// doctor collects findings; problems make the command fail so that a
// setup script can stop on them.
type doctor struct {
	w        io.Writer
	root     string // "/" normally; tests use a fake tree
	config   string // the run configuration; "" = config.SystemPath if present
	groups   func() []string
	problems int
	// bus reaches avahi-daemon (nil: the system bus); tests pass a fake.
	bus func() (*dbus.Conn, error)
}

func (d *doctor) ok(format string, a ...any) { fmt.Fprintf(d.w, "  ok    "+format+"\n", a...) }
func (d *doctor) section(name string)        { fmt.Fprintln(d.w, name) }
func (d *doctor) info(format string, a ...any) {
	fmt.Fprintf(d.w, "        "+format+"\n", a...)
}
func (d *doctor) bad(fix, format string, a ...any) {
	d.problems++
	fmt.Fprintf(d.w, "  MISSING "+format+"\n", a...)
	for _, l := range strings.Split(fix, "\n") {
		fmt.Fprintf(d.w, "        fix: %s\n", l)
	}
}

func (d *doctor) glob(pattern string) []string {
	m, _ := filepath.Glob(filepath.Join(d.root, pattern))
	for i := range m {
		m[i] = "/" + strings.TrimPrefix(strings.TrimPrefix(m[i], d.root), "/")
	}
	return m
}

func (d *doctor) run(ctx context.Context, profPath string) error {
	fmt.Fprintln(d.w, "periph")
	state, err := host.Init()
	if err != nil {
		d.bad("reinstall tableref; report the error", "periph did not start: %v", err)
		return fmt.Errorf("%d problem(s) found", d.problems)
	}
	names := make([]string, 0, len(state.Loaded))
	for _, l := range state.Loaded {
		names = append(names, l.String())
	}
	d.ok("host drivers loaded: %s", orNone(names))
	for _, s := range state.Skipped {
		slog.Debug("periph driver skipped", "driver", s.D.String(), "why", s.Err)
	}

	fmt.Fprintln(d.w, "profile")
	p, from, err := profile.Find(profPath)
	if err != nil {
		d.bad("correct the file; docs/hardware.md lists every key", "%v", err)
		return fmt.Errorf("%d problem(s) found", d.problems)
	}
	d.ok("%s: %s", from, p.Display.Describe())
	groups := d.groups()
	root := slices.Contains(groups, "root")

	fmt.Fprintln(d.w, "GPIO")
	chips := d.glob("dev/gpiochip*")
	pins := gpioreg.All()
	switch {
	case len(chips) == 0:
		d.bad("run tableref on a Raspberry Pi (4 or 5, Raspberry Pi OS bookworm)", "no GPIO chip (/dev/gpiochip*): this is not a Raspberry Pi")
	case len(pins) == 0:
		d.bad("sudo usermod -aG gpio $USER, then log out and in", "GPIO chips %s exist but periph could not open them", strings.Join(chips, " "))
	default:
		d.ok("GPIO chips %s, %d pins", strings.Join(chips, " "), len(pins))
	}
	if len(chips) > 0 && !root && !slices.Contains(groups, "gpio") {
		d.bad("sudo usermod -aG gpio $USER, then log out and in", "user is not in group gpio")
	}
	var missing []string
	for _, u := range p.Pins() {
		if gpioreg.ByName(u.Pin) == nil {
			missing = append(missing, fmt.Sprintf("%s (%s, pin %d)", u.Pin, u.Key, profile.PhysicalPin(u.Pin)))
		}
	}
	if len(missing) > 0 {
		d.info("pins of the profile not found: %s", strings.Join(missing, ", "))
	}

	fmt.Fprintln(d.w, "I²C")
	needI2C := p.Display.Type == profile.HD44780I2C || p.Display.Type == profile.SSD1306
	devs := d.glob("dev/i2c-*")
	var buses []string
	for _, r := range i2creg.All() {
		buses = append(buses, r.Name)
	}
	if len(devs) > 0 || len(buses) > 0 {
		d.ok("I²C devices %s; periph buses: %s", orNone(devs), orNone(buses))
	} else {
		fix := "add the line dtparam=i2c_arm=on to /boot/firmware/config.txt (or: sudo raspi-config nonint do_i2c 0), then reboot"
		if d.i2cEnabled() {
			fix = "dtparam=i2c_arm=on is set: reboot, or check that the i2c-dev module loads (echo i2c-dev | sudo tee -a /etc/modules)"
		}
		if needI2C {
			d.bad(fix, "no I²C bus, and the %s display needs one", p.Display.Type)
		} else {
			d.info("no I²C bus (not needed by this profile; for an I²C display: %s)", fix)
		}
	}
	if len(devs) > 0 && !root && !slices.Contains(groups, "i2c") {
		d.bad("sudo usermod -aG i2c $USER, then log out and in", "user is not in group i2c")
	}

	fmt.Fprintln(d.w, "camera")
	// A recording (a folder camera on a laptop) needs no camera device.
	switch recording, err := d.recordingSource(); {
	case err != nil:
		d.bad("give camera.source a folder of frames or a video file that exists, or a camera (docs/daemon.md)", "%v", err)
	case recording != "":
		d.ok("camera.source plays %s (no camera device needed)", recording)
	default:
		if cams := d.glob("dev/video*"); len(cams) > 0 {
			d.ok("video devices %s", strings.Join(cams, " "))
			if !root && !slices.Contains(groups, "video") {
				d.bad("sudo usermod -aG video $USER, then log out and in", "user is not in group video")
			}
		} else {
			d.bad("connect a CSI camera (check the ribbon is seated, then rpicam-hello --list-cameras) or a USB webcam",
				"no camera device (/dev/video*)")
		}
	}

	d.reach(d.config)
	d.page(ctx)
	d.speech()

	fmt.Fprintln(d.w, "display")
	switch p.Display.Type {
	case profile.NoDisplay:
		d.info("the profile has no display")
	case profile.Console:
		d.ok("console display")
	default:
		dev, closer, err := board.OpenDisplay(p.Display, d.w)
		if err != nil {
			fix := "check the cabling against docs/hardware.md"
			if errors.Is(err, board.ErrAbsent) && len(pins) == 0 && !needI2C {
				fix = "fix GPIO first (see above)"
			}
			d.bad(fix, "%s: %v", p.Display.Describe(), err)
			break
		}
		defer func() { _ = closer() }()
		if needI2C {
			d.ok("%s answers", dev)
		} else {
			d.ok("%s initialised; a GPIO LCD cannot answer: run tableref display test Hello and look at it (blank: turn the contrast trimmer)", dev)
		}
	}

	if d.problems > 0 {
		fmt.Fprintf(d.w, "\n%d problem(s). Wiring, groups and I²C setup: docs/hardware.md\n", d.problems)
		return fmt.Errorf("%d problem(s) found", d.problems)
	}
	fmt.Fprintln(d.w, "\nall good")
	return ctx.Err()
}

var i2cOn = regexp.MustCompile(`(?m)^\s*dtparam=(i2c_arm|i2c)=on\b`)

// i2cEnabled tells whether config.txt (bookworm's place, or the older
// /boot one) already turns I²C on.
func (d *doctor) i2cEnabled() bool {
	for _, f := range []string{"boot/firmware/config.txt", "boot/config.txt"} {
		if b, err := os.ReadFile(filepath.Join(d.root, f)); err == nil && i2cOn.Match(b) {
			return true
		}
	}
	return false
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// userGroups returns the names of the current user's groups, with "root"
// for the superuser (who needs none).
func userGroups() []string {
	u, err := user.Current()
	if err != nil {
		return nil
	}
	var out []string
	if u.Uid == "0" {
		out = append(out, "root")
	}
	ids, _ := u.GroupIds()
	for _, id := range ids {
		if g, err := user.LookupGroupId(id); err == nil {
			out = append(out, g.Name)
		}
	}
	return out
}
