package doctor

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/tableref/tableref/rules/modes" // the modes the configurations name

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise/avahitest"
)

func fakeRoot(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		name, content, _ := strings.Cut(f, "=")
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestDoctorSaysWhatIsMissing(t *testing.T) {
	var out bytes.Buffer
	d := &doctor{w: &out, root: fakeRoot(t), groups: func() []string { return []string{"pi"} }}
	err := d.run(context.Background(), "")
	if err == nil || !strings.Contains(err.Error(), "3 problem(s)") {
		t.Errorf("err = %v, want 3 problems (GPIO, camera, display)", err)
	}
	for _, want := range []string{
		"MISSING no GPIO chip",
		"GPIO25 (display.pins.rs, pin 22)",
		"dtparam=i2c_arm=on to /boot/firmware/config.txt",
		"MISSING no camera device",
		"display.pins.rs: pin GPIO25 not found",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestDoctorGroupsAndI2C(t *testing.T) {
	root := fakeRoot(t, "dev/gpiochip0=", "dev/video0=", "boot/firmware/config.txt=dtparam=i2c_arm=on\n",
		"hw.yaml=display:\n  type: ssd1306\n")
	var out bytes.Buffer
	d := &doctor{w: &out, root: root, groups: func() []string { return []string{"pi"} }}
	if err := d.run(context.Background(), filepath.Join(root, "hw.yaml")); err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"user is not in group gpio",
		"user is not in group video",
		"video devices /dev/video0",
		"dtparam=i2c_arm=on is set: reboot",
		"no I²C bus, and the ssd1306 display needs one",
		"SSD1306 128×64 OLED",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestDoctorBadProfile(t *testing.T) {
	root := fakeRoot(t, "hw.yaml=buttons:\n  next: GPIO5\n  undo: GPIO5\n")
	var out bytes.Buffer
	d := &doctor{w: &out, root: root, groups: func() []string { return nil }}
	if err := d.run(context.Background(), filepath.Join(root, "hw.yaml")); err == nil {
		t.Fatal("no error")
	}
	if !strings.Contains(out.String(), "buttons.undo: pin GPIO5 is used twice") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestDoctorCameraReach: the camera (1080p, 0.7 m above a Strange
// World table) is too weak for the stickers: doctor says so with what
// would work; the Camera Module 3 at full resolution 1 m up is fine.
func TestDoctorCameraReach(t *testing.T) {
	cal := func(w, h int, mmPerPx float64) string {
		return fmt.Sprintf(`{"format": 1, "table": {"image": [%d, %d], "homography": [%g, 0, %g, 0, %g, %g, 0, 0, 1], "source": "sheet", "code_mm": 33.6, "codes": 4, "rms_mm": 0.3}}`,
			w, h, mmPerPx, -mmPerPx*float64(w)/2, mmPerPx, -mmPerPx*float64(h)/2)
	}
	for _, tc := range []struct {
		name, source, cal, want string
		bad                     bool
	}{
		{"1080p at 70 cm", "rpicam:1920x1080@30", cal(1920, 1080, 0.4735), "the camera is too weak for the codes: at 1920×1080 the codes at the", true},
		{"Camera Module 3 at 1 m", "pi", cal(4608, 2592, 0.2812), "at 4608×2592 the codes", false},
	} {
		root := fakeRoot(t, "etc/tableref/config.yaml=game: {mode: strangeworld, players: [Ana, Ben]}\ncamera: {source: \""+tc.source+"\"}\ncalibration: /cal.json\n",
			"cal.json="+tc.cal)
		var out bytes.Buffer
		d := &doctor{w: &out, root: root, groups: func() []string { return []string{"pi"} }}
		d.config = filepath.Join(root, "etc/tableref/config.yaml")
		cfgText, _ := os.ReadFile(d.config)
		os.WriteFile(d.config, bytes.ReplaceAll(cfgText, []byte("/cal.json"), []byte(filepath.Join(root, "cal.json"))), 0o644)
		d.run(context.Background(), "")
		got := out.String()
		if !strings.Contains(got, tc.want) || strings.Contains(got, "MISSING Strange World") != tc.bad {
			t.Errorf("%s:\n%s", tc.name, got)
		}
		if tc.bad && (!strings.Contains(got, "lower the camera to 43 cm") || !strings.Contains(got, "at least 3118 px wide")) {
			t.Errorf("%s: no advice that works:\n%s", tc.name, got)
		}
	}
}

// On the Pi the doctor says the page's port, its PIN and the name phones
// open, whether avahi answers; and what speech needs: espeak-ng, aplay and
// the configured sound card.
func TestDoctorPageAndSpeech(t *testing.T) {
	root := fakeRoot(t, "etc/tableref/web-pin=482193\n",
		"proc/asound/cards= 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n                      bcm2835 Headphones\n")
	cfg := filepath.Join(root, "config.yaml")
	os.WriteFile(cfg, []byte("web:\n  listen: 0.0.0.0:80\n  lan: true\n  pin_file: "+filepath.Join(root, "etc/tableref/web-pin")+"\nspeech:\n  enabled: true\n  device: plughw:1,0\n"), 0o644)
	busAddr := avahitest.Bus(t)
	avahitest.Start(t, busAddr)
	var out bytes.Buffer
	d := &doctor{w: &out, root: root, config: cfg, groups: func() []string { return nil },
		bus: func() (*dbus.Conn, error) { return dbus.Connect(busAddr) }}
	d.page(context.Background())
	d.speech()
	for _, want := range []string{
		"on the network, port 80; PIN 482193",
		"avahi 0.8 (fake) answers: phones open http://tableref.local/",
		"MISSING speech.device plughw:1,0: there is no card 1",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// Without avahi: a problem, with the fix and what phones do meanwhile.
	out.Reset()
	d.bus = func() (*dbus.Conn, error) { return dbus.Connect(avahitest.Bus(t)) }
	d.page(context.Background())
	if !strings.Contains(out.String(), "MISSING tableref.local cannot be advertised") || !strings.Contains(out.String(), "sudo apt install avahi-daemon") {
		t.Errorf("without avahi:\n%s", out.String())
	}
}

// With a folder camera configured the doctor looks for no camera device
// (issue 33 D8: "MISSING no camera device" and exit 1 on a laptop playing
// a recording); a folder that is not there is a problem, named.
func TestDoctorFolderCamera(t *testing.T) {
	for _, tc := range []struct {
		name, source, want string
		missing            bool
	}{
		{"a folder of frames", "frames", "camera.source plays the folder of frames", false},
		{"a folder that is gone", "gone", `MISSING camera.source "`, true},
		{"the Pi camera", "pi", "MISSING no camera device", true},
	} {
		root := fakeRoot(t, "frames/0001.jpg=")
		cfg := filepath.Join(root, "etc/tableref/config.yaml")
		if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
			t.Fatal(err)
		}
		src := tc.source
		if src != "pi" {
			src = filepath.Join(root, src)
		}
		if err := os.WriteFile(cfg, []byte("game: {mode: strangeworld, players: [Ana, Ben]}\ncamera: {source: \""+src+"\"}\ncalibration: none\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		d := &doctor{w: &out, root: root, config: cfg, groups: func() []string { return []string{"pi"} }}
		d.run(context.Background(), "")
		got := out.String()
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: output lacks %q:\n%s", tc.name, tc.want, got)
		}
		camSection := got[strings.Index(got, "\ncamera\n"):strings.Index(got, "camera reach")]
		if strings.Contains(camSection, "MISSING") != tc.missing {
			t.Errorf("%s: camera section:\n%s", tc.name, camSection)
		}
	}
}
