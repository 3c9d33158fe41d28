// Package doctor is `tableref doctor`: it checks what the live referee
// needs of the machine (GPIO, I²C, the camera and its reach over the
// calibrated table, the display, the status page's address and PIN, the
// LAN name, speech) and says how to fix each thing missing.
package doctor
