// Package daemon is `tableref run`: it starts the stages of the live
// referee (package live: camera, scanner, replay feed), the game in play
// (package referee), the screens and speech (package present), the status
// page (package web) and the LAN advertisement, joins them with bounded
// channels in one referee goroutine, and tells systemd (package service)
// it is ready and alive. cmd/tableref/run.go only parses flags and calls
// Start.
package daemon
