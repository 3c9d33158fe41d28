package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		if tc.bad && (!strings.Contains(got, "lower the camera to 44 cm") || !strings.Contains(got, "at least 3024 px wide")) {
			t.Errorf("%s: no advice that works:\n%s", tc.name, got)
		}
	}
}
