// Package sdk will hold the Go client: pools, sessions, snapshots, and the
// WebSocket and in-process transports. It is not written yet.
package sdk
