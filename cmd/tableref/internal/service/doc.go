// Package service is what systemd and the soak test see of the running
// referee: READY, STATUS and STOPPING through sd_notify, the watchdog's
// keep-alive while the referee loop turns, and the process's vitals
// (memory, goroutines, open files) for /api/vitals.
package service
