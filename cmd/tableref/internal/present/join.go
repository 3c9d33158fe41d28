package present

import (
	"strconv"

	"github.com/tableref/tableref/hw/display"
)

// JoinScreens say on the display how a phone joins: the name (or address)
// and the PIN, e.g. "tableref.local" / "PIN 482193", or with another port
// "tableref.local" / ":8080 PIN 4821".
func JoinScreens(host string, port int, pin string) []Screen {
	second := "PIN " + pin
	if pin == "" {
		second = "on your phone"
	}
	if port != 80 {
		second = ":" + strconv.Itoa(port) + " " + second
	}
	out := []Screen{{Msg: display.Message{Lines: []string{host, second}}, Hold: VerdictHold, Class: ClassSystem}}
	if len([]rune(second)) > 16 || len([]rune(host)) > 16 {
		out = []Screen{
			{Msg: display.Message{Lines: []string{"Phones open:", host}}, Hold: VerdictHold, Class: ClassSystem},
			{Msg: display.Message{Lines: []string{"port " + strconv.Itoa(port), "PIN " + pin}}, Hold: VerdictHold, Class: ClassSystem},
		}
	}
	return out
}

// CertScreens say the page's certificate's fingerprint, its first 16
// hex digits (Cert.Short), for a phone's user to compare with the start
// of the SHA-256 fingerprint the browser shows before trusting the page;
// none for a page over plain HTTP ("").
func CertScreens(short string) []Screen {
	if short == "" {
		return nil
	}
	return []Screen{{Msg: display.Message{Lines: []string{"https SHA-256", short}}, Hold: VerdictHold, Class: ClassSystem}}
}

// hiddenPIN stands for the PIN on a display that is a log: "PIN in
// web-pin" says where to read it (/etc/tableref/web-pin, root and the
// service only).
const hiddenPIN = "in web-pin"

// PINShown is what the display says of the PIN: the PIN itself, unless
// the display is the console writing to a log (the system journal,
// readable by group adm on Raspberry Pi OS, where the PIN file is not).
func PINShown(dev any, pin string) string {
	if c, ok := dev.(interface{ Logged() bool }); ok && pin != "" && c.Logged() {
		return hiddenPIN
	}
	return pin
}
