package main

import (
	"bytes"
	"context"
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
