// Package live holds the stages of the live referee that feed it tables:
// the camera stage (the latest frame wins, a recording paced like a
// camera, a lost camera reopened with backoff), the scan stage (each
// latest frame to the scanner, stable snapshots out, the page's picture),
// the replay feed (a replay file played as a camera), the scanner adapter
// that checks the camera's reach, and the camera lock.
package live
